import { describe, expect, it } from 'vitest';
import type { InvoiceDetail } from '../../shared/schemas/invoices';
import { INVOICES, invoiceHarness } from '../../../tests/helpers/invoice-harness';

const LOCKED = 'Void this invoice or add a credit note';

describe('issued means issued: a sent, paid or overdue invoice changes only its status', () => {
  const { request, newJob, generate, detail } = invoiceHarness();

  const paidInvoice = async () => {
    const invoice = await generate((await newJob({ serviceType: 'puncture-repair', customerValue: '129.80' })).id);
    expect((await request('PATCH', `${INVOICES}/${invoice.id}`, { status: 'paid' })).statusCode).toBe(200);
    return invoice;
  };

  it('refuses a new line on a paid invoice with 409 saying what to do, and its total stays', async () => {
    const invoice = await paidInvoice();
    const res = await request('POST', `${INVOICES}/${invoice.id}/items`, {
      description: 'Refund',
      quantity: 1,
      unitPrice: '-129.80',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(LOCKED);
    expect(res.json().message).toContain(invoice.invoiceNumber);
    const after = await detail(invoice.id);
    expect(after).toMatchObject({ totalAmount: '129.80', status: 'paid' });
    expect(after.items).toHaveLength(2);
  });

  it('refuses a changed total, date or line on a sent invoice, and changes nothing', async () => {
    const invoice = await generate((await newJob({ serviceType: 'puncture-repair', customerValue: '129.80' })).id);
    expect((await request('POST', `${INVOICES}/${invoice.id}/email`)).statusCode).toBe(200);
    const line = invoice.items[0]!;
    for (const [method, url, body] of [
      ['PATCH', `${INVOICES}/${invoice.id}`, { totalAmount: '0.00' }],
      ['PATCH', `${INVOICES}/${invoice.id}`, { dueDate: '2027-03-01' }],
      ['PATCH', `${INVOICES}/${invoice.id}`, { invoiceDate: '2026-11-01' }],
      ['PATCH', `${INVOICES}/${invoice.id}/items/${line.id}`, { unitPrice: '1.00' }],
      ['DELETE', `${INVOICES}/${invoice.id}/items/${line.id}`, undefined],
    ] as const) {
      const res = await request(method, url, body);
      expect(res.statusCode, `${method} ${JSON.stringify(body)}`).toBe(409);
      expect(res.json().message).toContain(LOCKED);
    }
    const after = await detail(invoice.id);
    expect(after).toMatchObject({
      totalAmount: '129.80',
      dueDate: invoice.dueDate,
      invoiceDate: invoice.invoiceDate,
      status: 'sent',
    });
    expect(after.items.map((i) => i.unitPrice)).toEqual(invoice.items.map((i) => i.unitPrice));
    // The same totals sent back by an older screen are not a change.
    expect(
      (await request('PATCH', `${INVOICES}/${invoice.id}`, { totalAmount: '129.80', status: 'paid' })).statusCode,
    ).toBe(200);
  });

  it('moves a paid invoice back to unpaid only with a reason, kept in its history', async () => {
    const invoice = await paidInvoice();
    const bare = await request('PATCH', `${INVOICES}/${invoice.id}`, { status: 'sent' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe('Give a reason for marking a paid invoice unpaid');
    expect((await detail(invoice.id)).status).toBe('paid');
    const bulk = await request('POST', `${INVOICES}/bulk-status`, { ids: [invoice.id], status: 'sent' });
    expect(bulk.json()).toEqual({
      updated: [],
      failed: [{ id: invoice.id, message: 'Give a reason for marking a paid invoice unpaid' }],
    });
    const res = await request('PATCH', `${INVOICES}/${invoice.id}`, {
      status: 'sent',
      reason: 'Card payment was reversed',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (res.json() as { customerInvoice: InvoiceDetail }).customerInvoice;
    expect(after).toMatchObject({ status: 'sent', paidAt: null });
    expect(after.history.at(-1)).toMatchObject({
      kind: 'status',
      from: 'paid',
      to: 'sent',
      note: 'Card payment was reversed',
    });
  });

  it('never takes an issued invoice back to draft', async () => {
    const invoice = await generate((await newJob()).id);
    await request('PATCH', `${INVOICES}/${invoice.id}`, { status: 'sent' });
    const res = await request('PATCH', `${INVOICES}/${invoice.id}`, { status: 'draft' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(LOCKED);
    expect((await detail(invoice.id)).status).toBe('sent');
  });

  it('lets a draft change freely', async () => {
    const invoice = await generate((await newJob({ serviceType: 'puncture-repair', customerValue: '129.80' })).id);
    const added = await request('POST', `${INVOICES}/${invoice.id}/items`, {
      description: 'Valve',
      quantity: 2,
      unitPrice: '5.00',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(
      (await request('PATCH', `${INVOICES}/${invoice.id}`, { invoiceDate: '2026-11-20', dueDate: '2026-12-20' }))
        .statusCode,
    ).toBe(200);
    expect(await detail(invoice.id)).toMatchObject({
      totalAmount: '139.80',
      invoiceDate: '2026-11-20',
      dueDate: '2026-12-20',
    });
  });
});

describe('totals that make sense', () => {
  const { request, newJob, generate, detail } = invoiceHarness();

  it('refuses a line that would take the total below zero, with 400, and keeps the total', async () => {
    const invoice = await generate((await newJob({ serviceType: 'puncture-repair', customerValue: '129.80' })).id);
    const res = await request('POST', `${INVOICES}/${invoice.id}/items`, {
      description: 'Goodwill',
      quantity: 1,
      unitPrice: '-129.81',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The invoice total cannot be below $0.00');
    expect((await detail(invoice.id)).totalAmount).toBe('129.80');
    // Down to exactly zero is allowed: a free job is still invoiced.
    expect(
      (
        await request('POST', `${INVOICES}/${invoice.id}/items`, {
          description: 'Goodwill',
          quantity: 1,
          unitPrice: '-129.80',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('refuses a new invoice whose lines add up below zero', async () => {
    const job = await newJob();
    const res = await request('POST', INVOICES, {
      jobId: job.id,
      dueDate: '2026-12-31',
      items: [{ description: 'Credit', unitPrice: '-5.00' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The invoice total cannot be below $0.00');
  });

  it('refuses a due date before the invoice date, on a new invoice and on a draft', async () => {
    const job = await newJob();
    const res = await request('POST', INVOICES, {
      jobId: job.id,
      invoiceDate: '2026-11-23',
      dueDate: '2026-11-22',
      items: [{ description: 'Labour', unitPrice: '5.00' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The due date must be on or after the invoice date');
    const invoice = await generate(job.id);
    const edit = await request('PATCH', `${INVOICES}/${invoice.id}`, { dueDate: '2026-11-01' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe('The due date must be on or after the invoice date');
    expect((await detail(invoice.id)).dueDate).toBe(invoice.dueDate);
  });

  it.each([0, -1, 1.5])('refuses a quantity of %s', async (quantity) => {
    const invoice = await generate((await newJob()).id);
    const res = await request('POST', `${INVOICES}/${invoice.id}/items`, {
      description: 'Valve',
      quantity,
      unitPrice: '5.00',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Quantity must be/);
  });
});
