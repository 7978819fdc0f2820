import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { InvoiceDetail, InvoiceListItem } from '../../shared/schemas/invoices';
import type { JobDetail } from '../../shared/schemas/jobs';
import { customerInvoices, outboundEmails, paymentEvents } from '../db/schema';
import { MONDAY_7AM_PERTH } from '../../../tests/helpers/test-app';
import { INVOICES as BASE, invoiceHarness as harness, pdfText } from '../../../tests/helpers/invoice-harness';
import { execFileSync } from 'node:child_process';

describe('customer invoices (not registered for GST)', () => {
  const { h, request, newJob, generate, jobRow, pdfOf } = harness();

  it("generates a completed job's invoice from its priced items and moves the job to invoiced with a history line", async () => {
    const job = await newJob({ serviceType: 'puncture-repair', customerValue: '129.80' });
    const invoice = await generate(job.id);
    expect(invoice).toMatchObject({
      status: 'draft',
      invoiceDate: '2026-11-23',
      dueDate: '2026-12-23',
      totalAmount: '129.80',
      gstAmount: '11.80',
      subtotalAmount: '118.00',
    });
    expect(invoice.invoiceNumber).toMatch(/^INV-\d{6}$/);
    expect(invoice.items.map((i) => [i.description, i.category, i.quantity, i.unitPrice, i.totalPrice])).toEqual([
      ['Puncture Repair', 'labour', 1, '40.00', '40.00'],
      ['Mobile Service Callout', 'callout', 1, '89.80', '89.80'],
    ]);
    expect(invoice.history[0]).toMatchObject({ kind: 'created', to: 'draft', actor: h.admin.user.username });
    const detail = (await request('GET', `/api/dashboard/jobs/${job.id}`)).json() as JobDetail;
    expect(detail).toMatchObject({
      status: 'invoiced',
      hasInvoice: true,
      invoicedAt: new Date(MONDAY_7AM_PERTH).toISOString(),
    });
    expect(detail.history.at(-1)).toMatchObject({
      kind: 'status',
      from: 'completed',
      to: 'invoiced',
      actor: h.admin.user.username,
    });
  });

  it('adds a Price adjustment line when staff changed the price, so the total is the job value', async () => {
    const job = await newJob({
      serviceType: 'puncture-repair',
      customerValue: '150.00',
      originalCustomerValue: '129.80',
    });
    const invoice = await generate(job.id);
    expect(invoice.totalAmount).toBe('150.00');
    expect(invoice.items.at(-1)).toMatchObject({ description: 'Price adjustment', totalPrice: '20.20' });
  });

  it.each(['new', 'in-progress', 'cancelled'] as const)('refuses to generate for a %s job', async (status) => {
    const job = await newJob({ status });
    const res = await request('POST', `${BASE}/generate/${job.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(`is ${status}`);
    expect((await jobRow(job.id)).status).toBe(status);
    expect(await h.t.db.select().from(customerInvoices).where(eq(customerInvoices.jobId, job.id))).toEqual([]);
  });

  it('refuses a second invoice for a job, by generate or create, until the first is cancelled', async () => {
    const job = await newJob();
    const first = await generate(job.id);
    const again = await request('POST', `${BASE}/generate/${job.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(first.invoiceNumber);
    const created = await request('POST', BASE, {
      jobId: job.id,
      dueDate: '2026-12-31',
      items: [{ description: 'Labour', unitPrice: '10.00' }],
    });
    expect(created.statusCode).toBe(409);
    expect((await request('PATCH', `${BASE}/${first.id}`, { status: 'cancelled' })).statusCode).toBe(200);
    const second = await generate(job.id);
    expect(second.invoiceNumber).not.toBe(first.invoiceNumber);
    // Reviving the cancelled one while the new one is live is refused, alone or in bulk.
    const revive = await request('PATCH', `${BASE}/${first.id}`, { status: 'draft' });
    expect(revive.statusCode).toBe(409);
    expect(revive.json().message).toBe(
      'This job already has another invoice that is not cancelled. Cancel or delete that one first.',
    );
    const bulk = await request('POST', `${BASE}/bulk-status`, { ids: [first.id], status: 'sent' });
    expect(bulk.json()).toEqual({
      updated: [],
      failed: [
        {
          id: first.id,
          message: 'This job already has another invoice that is not cancelled. Cancel or delete that one first.',
        },
      ],
    });
  });

  it('refuses a due date that is not a real day with the date message, and writes nothing', async () => {
    const job = await newJob();
    const res = await request('POST', BASE, {
      jobId: job.id,
      status: 'draft',
      dueDate: '2026-02-30',
      items: [{ description: 'Callout', category: 'callout', quantity: 1, unitPrice: '89.80' }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('Invalid date format');
    expect((await request('GET', `${BASE}/job/${job.id}`)).json()).toEqual([]);
  });

  it('ignores client totals: the server recomputes them from the lines', async () => {
    const job = await newJob();
    const res = await request('POST', BASE, {
      jobId: job.id,
      status: 'draft',
      dueDate: '2026-12-31',
      subtotalAmount: '0.01',
      gstAmount: '0.00',
      totalAmount: '0.01',
      items: [
        { description: 'Tyre repair', category: 'labour', quantity: 2, unitPrice: '55.00', totalPrice: '1.00' },
        { description: 'Callout', category: 'callout', quantity: 1, unitPrice: 89.8 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { success, customerInvoice } = res.json() as { success: boolean; customerInvoice: InvoiceDetail };
    expect(success).toBe(true);
    expect(customerInvoice).toMatchObject({
      totalAmount: '199.80',
      gstAmount: '18.16',
      subtotalAmount: '181.64',
      dueDate: '2026-12-31',
    });
    expect(customerInvoice.items[0]).toMatchObject({ totalPrice: '110.00' });
    // An edit that sends totals changes none of them either.
    const edit = await request('PATCH', `${BASE}/${customerInvoice.id}`, {
      totalAmount: '1.00',
      gstAmount: '0.00',
      subtotalAmount: '1.00',
    });
    expect((edit.json() as { customerInvoice: InvoiceDetail }).customerInvoice.totalAmount).toBe('199.80');
    // Lines added, changed and removed keep the totals true.
    const added = await request('POST', `${BASE}/${customerInvoice.id}/items`, {
      description: 'Valve',
      quantity: 4,
      unitPrice: '5.00',
      totalPrice: '999.00',
    });
    expect(added.statusCode).toBe(201);
    const item = added.json() as { id: string; totalPrice: string };
    expect(item.totalPrice).toBe('20.00');
    await request('PATCH', `${BASE}/${customerInvoice.id}/items/${item.id}`, { quantity: 2 });
    let detail = (await request('GET', `${BASE}/${customerInvoice.id}`)).json() as InvoiceDetail;
    expect(detail.totalAmount).toBe('209.80');
    expect((await request('DELETE', `${BASE}/${customerInvoice.id}/items/${item.id}`)).statusCode).toBe(204);
    detail = (await request('GET', `${BASE}/${customerInvoice.id}`)).json() as InvoiceDetail;
    expect(detail.totalAmount).toBe('199.80');
    expect(detail.history.filter((e) => e.kind === 'line').map((e) => e.note)).toEqual([
      'Line added',
      'Line changed',
      'Line removed',
    ]);
    // A change that names only the quantity leaves the line's category alone.
    const callout = detail.items.find((i) => i.description === 'Callout')!;
    const patched = await request('PATCH', `${BASE}/${customerInvoice.id}/items/${callout.id}`, { quantity: 2 });
    expect(patched.json()).toMatchObject({ category: 'callout', quantity: 2 });
  });

  it.each([
    [{ dueDate: '2026-12-31', items: [] }, 'Please select a job for this invoice.'],
    [
      { jobId: 'x', dueDate: '2026-12-31', items: [{ description: '  ', unitPrice: '1.00' }] },
      'Please enter a description for the line item.',
    ],
    [{ jobId: 'x', dueDate: '23/12/2026' }, 'Invalid date format'],
    [{ jobId: 'x', items: [{ description: 'A', unitPrice: '1.005' }] }, 'Must be a valid decimal amount'],
    [{ jobId: 'x', items: [{ description: 'A', unitPrice: '1.00', category: 'misc' }] }, 'Choose a category'],
    [
      { jobId: 'x', items: [{ description: 'A', unitPrice: '1.00', quantity: 1.5 }] },
      'Quantity must be a whole number',
    ],
  ])('refuses %j with the form message', async (body, message) => {
    const res = await request('POST', BASE, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('bulk status change reports which invoices changed and why the others did not', async () => {
    const [a, b] = [await generate((await newJob()).id), await generate((await newJob()).id)];
    const missing = '00000000-0000-4000-8000-000000000000';
    const res = await request('POST', `${BASE}/bulk-status`, { ids: [a.id, missing, b.id], status: 'sent' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: [a.id, b.id], failed: [{ id: missing, message: 'Invoice not found' }] });
    const list = await request('GET', `${BASE}?status=sent&pageSize=100`);
    const ids = (list.json() as InvoiceListItem[]).map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
    const detail = (await request('GET', `${BASE}/${a.id}`)).json() as InvoiceDetail;
    expect(detail.history.at(-1)).toMatchObject({
      kind: 'status',
      from: 'draft',
      to: 'sent',
      actor: h.admin.user.username,
    });
  });

  it('deleting the invoice unblocks the deletion of its job', async () => {
    const job = await newJob();
    const invoice = await generate(job.id);
    const refused = await request('DELETE', `/api/dashboard/jobs/${job.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(invoice.invoiceNumber);
    expect((await request('DELETE', `${BASE}/${invoice.id}`)).statusCode).toBe(200);
    expect((await request('GET', `${BASE}/${invoice.id}`)).statusCode).toBe(404);
    expect((await request('DELETE', `/api/dashboard/jobs/${job.id}`)).statusCode).toBe(204);
  });

  it('paid on the invoice marks the job paid', async () => {
    const job = await newJob();
    const invoice = await generate(job.id);
    const res = await request('PATCH', `${BASE}/${invoice.id}`, { status: 'paid' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { customerInvoice: InvoiceDetail }).customerInvoice.paidAt).not.toBeNull();
    expect(await jobRow(job.id)).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
  });

  it('paid on the job marks the invoice paid', async () => {
    const job = await newJob();
    const invoice = await generate(job.id);
    expect((await request('PATCH', `/api/dashboard/jobs/${job.id}/status`, { status: 'paid' })).statusCode).toBe(200);
    const detail = (await request('GET', `${BASE}/${invoice.id}`)).json() as InvoiceDetail;
    expect(detail).toMatchObject({ status: 'paid', shownStatus: 'paid' });
    expect(detail.paidAt).not.toBeNull();
    expect(detail.history.at(-1)).toMatchObject({
      kind: 'status',
      from: 'draft',
      to: 'paid',
      note: `Job ${job.jobNumber} marked paid`,
      actor: h.admin.user.username,
    });
  });

  it('a job paid online by card gets a paid invoice that says so, and the job moves to paid', async () => {
    const job = await newJob({
      paymentMethod: 'prepaid',
      paymentStatus: 'paid',
      customerValue: '99.80',
      stripePaymentIntentId: 'pi_test_1',
    });
    await h.t.db.insert(paymentEvents).values({
      id: `evt_${job.id}`,
      type: 'payment_intent.succeeded',
      jobId: job.id,
      payload: { data: { object: { amount: 10150 } } },
      receivedAt: new Date('2026-11-20T02:00:00Z'),
    });
    const invoice = await generate(job.id);
    expect(invoice).toMatchObject({
      status: 'paid',
      paymentNote: 'Paid by card online on 2026-11-20.',
      totalAmount: '101.50',
    });
    expect(invoice.items.map((i) => i.description)).toEqual([
      'Puncture Repair',
      'Mobile Service Callout',
      'Online booking discount',
      'Card surcharge (1.7%)',
    ]);
    expect(await jobRow(job.id)).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    const { text } = await pdfOf(invoice.id);
    expect(text).toContain('PAID');
    expect(text).toContain('Paid by card online on 2026-11-20.');
  });

  it('lists newest first with the job and customer, shows a sent invoice past due as overdue, searches and pages', async () => {
    const job = await newJob({ contactName: 'Overdue Olive' });
    const invoice = await generate(job.id);
    await request('PATCH', `${BASE}/${invoice.id}`, {
      status: 'sent',
      invoiceDate: '2026-10-01',
      dueDate: '2026-10-31',
    });
    const res = await request('GET', `${BASE}?search=olive`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    const [row] = res.json() as InvoiceListItem[];
    expect(row).toMatchObject({
      id: invoice.id,
      status: 'sent',
      shownStatus: 'overdue',
      job: { jobNumber: job.jobNumber, customer: { name: 'Overdue Olive' } },
    });
    const overdue = (await request('GET', `${BASE}?status=overdue&pageSize=100`)).json() as InvoiceListItem[];
    expect(overdue.map((i) => i.id)).toContain(invoice.id);
    const sent = (await request('GET', `${BASE}?status=sent&pageSize=100`)).json() as InvoiceListItem[];
    expect(sent.map((i) => i.id)).not.toContain(invoice.id);
    const page = await request('GET', `${BASE}?pageSize=2&page=1`);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThan(2);
    const dates = (page.json() as InvoiceListItem[]).map((i) => i.invoiceDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('prints an Invoice with no GST charged: business, ABN, number, lines, total, due date and how to pay', async () => {
    const job = await newJob({ contactName: 'Pat Nguyen' });
    const invoice = await generate(job.id);
    const { text } = await pdfOf(invoice.id);
    expect(text).toMatch(/^\s*Mobile Tyre & Battery Co\.\s+Invoice/m);
    expect(text).not.toContain('Tax Invoice');
    for (const s of [
      'ABN 00 000 000 000',
      invoice.invoiceNumber,
      '23 November 2026',
      'Due date',
      '23 December 2026',
      'Pat Nguyen',
      job.jobNumber,
      'Puncture Repair',
      'Mobile Service Callout',
      '$89.80',
      '$129.80',
      'No GST has been charged.',
      'How to pay',
      'Card, EFTPOS or cash',
    ]) {
      expect(text).toContain(s);
    }
    expect(text).not.toMatch(/GST included/);
    expect(text).not.toContain('Bank transfer');
    expect(execFileSync('pdfinfo', ['-'], { input: (await pdfOf(invoice.id)).raw, encoding: 'utf8' })).toMatch(
      /Pages:\s+1\b[\s\S]*A4/,
    );
  });

  it('keeps every version: the same content is one version, a status change after sending makes a new one, both downloadable, with history', async () => {
    const job = await newJob();
    const invoice = await generate(job.id);
    const v1 = await pdfOf(invoice.id);
    expect((await pdfOf(invoice.id)).version).toBe(v1.version);
    const sent = await request('POST', `${BASE}/${invoice.id}/email`);
    expect(sent.statusCode, sent.body).toBe(200);
    await request('PATCH', `${BASE}/${invoice.id}`, { status: 'paid' });
    const v2 = await pdfOf(invoice.id);
    expect(v2.version).toBe(v1.version + 1);
    expect(v2.text).toContain('PAID');
    const old = await request('GET', `${BASE}/${invoice.id}/pdfs/${v1.version}`);
    expect(pdfText(old.rawPayload)).not.toContain('PAID');
    const latest = await request('GET', `${BASE}/${invoice.id}/pdfs/latest?download=1`);
    expect(latest.headers['content-disposition']).toBe(`attachment; filename="${invoice.invoiceNumber}-v2.pdf"`);
    const detail = (await request('GET', `${BASE}/${invoice.id}`)).json() as InvoiceDetail;
    expect(detail.pdfs.map((p) => [p.version, p.sentAt !== null])).toEqual([
      [2, false],
      [1, true],
    ]);
    expect(detail.history.map((e) => e.kind)).toEqual(['created', 'pdf', 'email', 'status', 'status', 'pdf']);
    expect(detail.history.at(-1)!.note).toBe('PDF version 2 made; version 1 was sent and is kept');
  });

  it('emails the PDF to the job contact through the outbox and marks a draft sent', async () => {
    const job = await newJob({ contactEmail: 'billing.contact@example.com' });
    const invoice = await generate(job.id);
    const res = await request('POST', `${BASE}/${invoice.id}/email`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      to: 'billing.contact@example.com',
      version: 1,
      customerInvoice: { status: 'sent' },
    });
    const [email] = await h.t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, job.id));
    expect(email).toMatchObject({
      kind: 'customer_invoice',
      to: 'billing.contact@example.com',
      subject: `Invoice ${invoice.invoiceNumber} from Mobile Tyre & Battery Co.`,
    });
    expect(email!.attachments).toHaveLength(1);
    expect(email!.attachments[0]).toMatchObject({
      filename: `${invoice.invoiceNumber}-v1.pdf`,
      contentType: 'application/pdf',
    });
    expect(pdfText(Buffer.from(email!.attachments[0]!.contentBase64, 'base64'))).toContain(invoice.invoiceNumber);
  });

  it('answers 404 for an unknown invoice, line or version', async () => {
    const job = await newJob();
    const invoice = await generate(job.id);
    expect((await request('GET', `${BASE}/not-a-uuid`)).statusCode).toBe(404);
    expect((await request('GET', `${BASE}/${invoice.id}/pdfs/latest`)).json().message).toBe(
      'This invoice has no PDF yet.',
    );
    expect((await request('GET', `${BASE}/${invoice.id}/pdfs/7`)).statusCode).toBe(404);
    expect(
      (await request('PATCH', `${BASE}/${invoice.id}/items/00000000-0000-4000-8000-000000000000`, { quantity: 2 }))
        .statusCode,
    ).toBe(404);
  });
});

describe('customer invoices (registered for GST, bank and PayID configured)', () => {
  const { newJob, generate, pdfOf } = harness({
    GST_REGISTERED: 'true',
    BUSINESS_NAME: 'Southside Tyres Pty Ltd',
    BUSINESS_ABN: '51 824 753 556',
    BANK_ACCOUNT_NAME: 'Southside Tyres',
    BANK_BSB: '066000',
    BANK_ACCOUNT_NUMBER: '12345678',
    PAYID: 'accounts@example.com',
  });

  it('prints a Tax Invoice with the ABN, the GST included and the bank and PayID details', async () => {
    const job = await newJob({ serviceType: 'puncture-repair', customerValue: '129.80' });
    const invoice = await generate(job.id);
    const { text } = await pdfOf(invoice.id);
    expect(text).toMatch(/^\s*Southside Tyres Pty Ltd\s+Tax Invoice/m);
    for (const s of [
      'ABN 51 824 753 556',
      invoice.invoiceNumber,
      'Puncture Repair',
      '$40.00',
      'Total (GST included)',
      '$129.80',
      'GST included in total',
      '$11.80',
      'Total price includes GST.',
      '23 December 2026',
      'BSB 066-000',
      'account 12345678',
      'PayID: accounts@example.com',
    ]) {
      expect(text).toContain(s);
    }
    expect(text).not.toContain('No GST has been charged');
  });
});
