import { describe, expect, it } from 'vitest';
import type { CreditNote } from '../../shared/schemas/invoices';
import type { ProfitAndLossReport, GstReport, ReceivablesReport } from '../../shared/schemas/reports';
import { outboundEmails } from '../db/schema';
import { INVOICES, invoiceHarness, pdfText } from '../../../tests/helpers/invoice-harness';

const PNL = '/api/dashboard/reports/enhanced-pl';
const GST = '/api/dashboard/reports/gst';

function creditNoteSuite(env: Record<string, string>, title: string) {
  const { h, request, newJob, generate, detail } = invoiceHarness(env);

  const paidInvoice = async () => {
    const invoice = await generate((await newJob({ serviceType: 'puncture-repair', customerValue: '129.80' })).id);
    expect((await request('PATCH', `${INVOICES}/${invoice.id}`, { status: 'paid' })).statusCode).toBe(200);
    return invoice;
  };
  const revenue = async (query: string) =>
    ((await request('GET', `${PNL}?${query}`)).json() as ProfitAndLossReport).revenue.totalRevenue;

  it(`a credit note of 10.00 on a paid 129.80 invoice gets a number, lowers the P&L revenue of its period and keeps the invoice total (${title})`, async () => {
    // The invoice is dated in October; the credit note is issued today, in November.
    const invoice = await generate((await newJob({ serviceType: 'puncture-repair', customerValue: '129.80' })).id);
    expect(
      (await request('PATCH', `${INVOICES}/${invoice.id}`, { invoiceDate: '2026-10-20', dueDate: '2026-11-19' }))
        .statusCode,
    ).toBe(200);
    expect((await request('PATCH', `${INVOICES}/${invoice.id}`, { status: 'paid' })).statusCode).toBe(200);
    const octoberBefore = await revenue('startDate=2026-10-01&endDate=2026-10-31');
    const novemberBefore = await revenue('startDate=2026-11-01&endDate=2026-11-30');
    const res = await request('POST', `${INVOICES}/${invoice.id}/credit-notes`, {
      amount: '10.00',
      reason: 'Goodwill: technician arrived late',
    });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json() as CreditNote;
    expect(note).toMatchObject({
      amount: '10.00',
      gstAmount: '0.91',
      invoiceNumber: invoice.invoiceNumber,
      creditDate: '2026-11-23',
      reason: 'Goodwill: technician arrived late',
    });
    expect(note.number).toMatch(/^CN-\d{4}$/);
    expect(await revenue('startDate=2026-10-01&endDate=2026-10-31')).toBe(octoberBefore);
    // Registered for GST, revenue is counted without GST, so it falls by 10.00 less its 0.91 (decision 442).
    expect(Number(await revenue('startDate=2026-11-01&endDate=2026-11-30'))).toBeCloseTo(
      Number(novemberBefore) - (env.GST_REGISTERED === 'true' ? 9.09 : 10),
      2,
    );
    const after = await detail(invoice.id);
    expect(after).toMatchObject({
      totalAmount: '129.80',
      creditedAmount: '10.00',
      balanceAmount: '119.80',
      status: 'paid',
    });
    expect(after.history.at(-1)).toMatchObject({ kind: 'credit', to: note.number });
    const listed = (await request('GET', `${INVOICES}/${invoice.id}/credit-notes`)).json() as CreditNote[];
    expect(listed.map((n) => n.number)).toEqual([note.number]);
    const pdf = await request('GET', note.pdfUrl!);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const s of [
      title,
      note.number,
      invoice.invoiceNumber,
      '$10.00',
      '$119.80',
      'Goodwill: technician arrived late',
    ])
      expect(text).toContain(s);
    // Emailed like an invoice, once however many requests.
    const sends = await Promise.all(
      [1, 2, 3].map(() => request('POST', `${INVOICES}/${invoice.id}/credit-notes/${note.id}/email`)),
    );
    expect(sends.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(sends.filter((r) => !(r.json() as { alreadySent: boolean }).alreadySent)).toHaveLength(1);
    const emails = (await h.t.db.select().from(outboundEmails)).filter((e) =>
      e.subject.startsWith(`${title} ${note.number}`),
    );
    expect(emails).toHaveLength(1);
    expect(emails[0]!.attachments[0]).toMatchObject({ filename: `${note.number}.pdf`, contentType: 'application/pdf' });
  });

  it('numbers credit notes from their own sequence and never credits more than remains', async () => {
    const invoice = await paidInvoice();
    const first = (
      await request('POST', `${INVOICES}/${invoice.id}/credit-notes`, { amount: '100.00', reason: 'Refund' })
    ).json() as CreditNote;
    const tooMuch = await request('POST', `${INVOICES}/${invoice.id}/credit-notes`, {
      amount: '29.81',
      reason: 'Refund',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(
      `The credit can be at most $29.80, what remains of invoice ${invoice.invoiceNumber}`,
    );
    const second = (
      await request('POST', `${INVOICES}/${invoice.id}/credit-notes`, { amount: '29.80', reason: 'Refund' })
    ).json() as CreditNote;
    expect(Number(second.number.slice(3))).toBe(Number(first.number.slice(3)) + 1);
    expect((await detail(invoice.id)).balanceAmount).toBe('0.00');
  });

  it('refuses a credit note on a draft or a void invoice, and a missing reason or amount', async () => {
    const draft = await generate((await newJob()).id);
    expect(
      (await request('POST', `${INVOICES}/${draft.id}/credit-notes`, { amount: '1.00', reason: 'x' })).statusCode,
    ).toBe(409);
    const invoice = await paidInvoice();
    for (const [body, message] of [
      [{ amount: '1.00', reason: ' ' }, 'Give a reason for the credit note'],
      [{ amount: '0.00', reason: 'Refund' }, 'The credit must be more than $0.00'],
      [{ amount: '-5', reason: 'Refund' }, 'The credit must be more than $0.00'],
    ] as const) {
      const res = await request('POST', `${INVOICES}/${invoice.id}/credit-notes`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    await request('DELETE', `${INVOICES}/${invoice.id}`);
    expect(
      (await request('POST', `${INVOICES}/${invoice.id}/credit-notes`, { amount: '1.00', reason: 'Refund' }))
        .statusCode,
    ).toBe(409);
  });

  it('leaves in the receivables only what is still owed: the total less its credit notes, and nothing once credited in full', async () => {
    const owed = async (number: string) => {
      const report = (
        await request('GET', '/api/dashboard/reports/receivables?startDate=2026-11-01&endDate=2026-11-30')
      ).json() as ReceivablesReport;
      return report.invoices.find((i) => i.invoiceNumber === number)?.totalAmount;
    };
    const invoice = await generate((await newJob({ serviceType: 'puncture-repair', customerValue: '129.80' })).id);
    expect((await request('PATCH', `${INVOICES}/${invoice.id}`, { status: 'sent' })).statusCode).toBe(200);
    expect(await owed(invoice.invoiceNumber)).toBe('129.80');
    expect(
      (await request('POST', `${INVOICES}/${invoice.id}/credit-notes`, { amount: '10.00', reason: 'Goodwill' }))
        .statusCode,
    ).toBe(201);
    expect(await owed(invoice.invoiceNumber)).toBe('119.80');
    expect(
      (await request('POST', `${INVOICES}/${invoice.id}/credit-notes`, { amount: '119.80', reason: 'Refund' }))
        .statusCode,
    ).toBe(201);
    expect(await owed(invoice.invoiceNumber)).toBeUndefined();
  });

  return { request, paidInvoice };
}

describe('credit notes (not registered for GST)', () => {
  creditNoteSuite({}, 'Credit Note');
});

describe('credit notes (registered for GST: adjustment notes)', () => {
  const { request, paidInvoice } = creditNoteSuite({ GST_REGISTERED: 'true' }, 'Adjustment Note');

  it('lowers the GST collected of its own period', async () => {
    const gst = async () =>
      ((await request('GET', `${GST}?startDate=2026-11-01&endDate=2026-11-30`)).json() as GstReport).gstCollected;
    const invoice = await paidInvoice();
    const before = Number(await gst());
    expect(
      (await request('POST', `${INVOICES}/${invoice.id}/credit-notes`, { amount: '11.00', reason: 'Refund' }))
        .statusCode,
    ).toBe(201);
    expect(Number(await gst())).toBeCloseTo(before - 1, 2);
  });
});
