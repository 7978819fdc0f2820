import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { JobDetail } from '../../shared/schemas/jobs';
import { PAYMENT_REFERENCE_TOO_LONG, TRANSFER_ADMIN_ONLY_MESSAGE } from '../../shared/schemas/onsite-payments';
import { onsitePayments } from '../db/schema';
import { INVOICES, invoiceHarness } from '../../../tests/helpers/invoice-harness';
import { signedInStaff } from '../../../tests/helpers/staff-session';

/**
 * Mark as Paid by bank transfer (docs/decisions/426-bank-transfer-and-the-expected-method.md) and a
 * part-paid job marked paid (427): a transfer is an admin's, keeps its reference when one is given,
 * and reads as a transfer everywhere, never "on site"; only what was still owed is recorded as
 * received; a part-paid invoice's PDF prints what was paid and what is owed.
 */
const BANK = { BANK_ACCOUNT_NAME: 'Perth Mobile Tyres', BANK_BSB: '066000', BANK_ACCOUNT_NUMBER: '12345678' };
const { h, request, newJob, generate, detail, pdfOf } = invoiceHarness(BANK);

const pay = (jobId: string, payload: object, cookie = h.admin.cookie) =>
  request('POST', `/api/dashboard/jobs/${jobId}/onsite-payment`, payload, cookie);
const jobDetail = async (jobId: string) => {
  const res = await request('GET', `/api/dashboard/jobs/${jobId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as JobDetail;
};
const paymentsOf = (jobId: string) => h.t.db.select().from(onsitePayments).where(eq(onsitePayments.jobId, jobId));

/** A job invoiced for $487.80, its invoice emailed to the customer (sent) or not. */
async function invoicedJob(sent: boolean) {
  const job = await newJob({ customerValue: '487.80' });
  const invoice = await generate(job.id);
  if (sent) {
    const res = await request('PATCH', `${INVOICES}/${invoice.id}`, { status: 'sent' });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { job, invoice };
}

describe('Mark as Paid by bank transfer', () => {
  it('records the transfer with its reference, and the invoice, its PDF and both histories say bank transfer, never on site', async () => {
    const { job, invoice } = await invoicedJob(true);
    // The invoice went out with the bank details: the form starts at a transfer (decision 426).
    expect((await jobDetail(job.id)).money).toMatchObject({ sentToCustomer: true, owedAmount: '487.80' });

    const res = await pay(job.id, { method: 'bank-transfer', amount: '487.80', reference: '  SMITH INV  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'paid',
      paymentStatus: 'paid',
      onsitePayments: [{ method: 'bank-transfer', amount: '487.80', reference: 'SMITH INV' }],
      money: { paidAmount: '487.80', owedAmount: '0.00' },
    });
    const line = `Payment received: $487.80 by bank transfer, reference SMITH INV (${h.admin.user.username})`;
    expect((await jobDetail(job.id)).history.at(-1)).toMatchObject({ note: line });

    const paid = await detail(invoice.id);
    expect(paid.status).toBe('paid');
    expect(paid.paymentNote).toBe('Paid by bank transfer on 23 Nov 2026, reference SMITH INV');
    expect(paid.history.at(-1)).toMatchObject({ note: line });
    const { text } = await pdfOf(invoice.id);
    expect(text).toContain('Paid by bank transfer on 23 Nov 2026, reference SMITH INV. Thank you.');
    expect(text).not.toMatch(/on site|PayID/);
  });

  it('needs no reference: without one (or a blank one) the transfer is recorded with none', async () => {
    const { job, invoice } = await invoicedJob(true);
    const res = await pay(job.id, { method: 'bank-transfer', amount: '487.80', reference: '   ' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await paymentsOf(job.id)).map((p) => [p.method, p.reference])).toEqual([['bank-transfer', null]]);
    expect((await detail(invoice.id)).paymentNote).toBe('Paid by bank transfer on 23 Nov 2026');

    const { job: other } = await invoicedJob(false);
    // Not sent, the invoice asked for nothing: the form starts at a card (decision 426).
    expect((await jobDetail(other.id)).money).toMatchObject({ sentToCustomer: false });
    const none = await pay(other.id, { method: 'bank-transfer', amount: '487.80' });
    expect(none.statusCode, none.body).toBe(200);
    expect((await paymentsOf(other.id)).map((p) => p.reference)).toEqual([null]);
  });

  it('refuses a reference over 100 characters and a technician’s transfer, writing nothing', async () => {
    const { job } = await invoicedJob(true);
    const long = await pay(job.id, { method: 'bank-transfer', amount: '487.80', reference: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.reference).toBe(PAYMENT_REFERENCE_TOO_LONG);

    const tech = await signedInStaff(h.t, { role: 'technician' });
    const { job: theirs } = await invoicedJob(false);
    await h.t.db.execute(`update jobs set assigned_technician_id = '${tech.user.id}' where id = '${theirs.id}'`);
    const refused = await pay(theirs.id, { method: 'bank-transfer', amount: '487.80' }, tech.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TRANSFER_ADMIN_ONLY_MESSAGE);
    // The same technician may still take a card on site.
    expect((await pay(theirs.id, { method: 'card', amount: '1.00' }, tech.cookie)).statusCode).toBe(200);

    expect(await paymentsOf(job.id)).toEqual([]);
    expect((await paymentsOf(theirs.id)).map((p) => p.method)).toEqual(['card']);
    expect((await jobDetail(job.id)).status).toBe('invoiced');
  });
});

describe('a part-paid job', () => {
  it('prints on its PDF what was paid and what is still owed, and only that is due', async () => {
    const { job, invoice } = await invoicedJob(true);
    expect((await pay(job.id, { method: 'cash', amount: '100.00' })).statusCode).toBe(200);
    const { text } = await pdfOf(invoice.id);
    expect(text).toMatch(/Total\s+\$487\.80/);
    expect(text).toMatch(/Paid\s+-\$100\.00/);
    expect(text).toMatch(/Amount due\s+\$387\.80/);
    expect(text).toContain('Please pay $387.80 by');
  });

  it('marked paid by its status records only what was owed as received, never the whole balance again', async () => {
    const { job, invoice } = await invoicedJob(true);
    expect((await pay(job.id, { method: 'cash', amount: '100.00' })).statusCode).toBe(200);
    const res = await request('PATCH', `/api/dashboard/jobs/${job.id}/status`, { status: 'paid' });
    expect(res.statusCode, res.body).toBe(200);
    const line = 'Marked paid: the $387.80 owed was received ($100.00 taken before)';
    expect(res.json()).toMatchObject({ status: 'paid', money: { paidAmount: '487.80', owedAmount: '0.00' } });
    expect((await jobDetail(job.id)).history.at(-1)).toMatchObject({ note: line });
    const paid = await detail(invoice.id);
    expect(paid).toMatchObject({
      status: 'paid',
      paidAmount: '487.80',
      owedAmount: '0.00',
      paymentNote: 'Paid on 23 Nov 2026: $100.00 by Cash on site, $387.80 received',
    });
    expect(paid.history.at(-1)?.note).toContain(line);
    // The cash taken stands alone: no second payment of the whole amount is written.
    expect((await paymentsOf(job.id)).map((p) => p.amount)).toEqual(['100.00']);
  });

  it('marked paid from the invoice, by transfer and by its status, says the same', async () => {
    const { job, invoice } = await invoicedJob(true);
    expect((await pay(job.id, { method: 'eftpos', amount: '87.80' })).statusCode).toBe(200);
    const res = await request('PATCH', `${INVOICES}/${invoice.id}`, { status: 'paid' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await detail(invoice.id)).toMatchObject({
      paidAmount: '487.80',
      paymentNote: 'Paid on 23 Nov 2026: $87.80 by EFTPOS on site, $400.00 received',
    });
    expect((await jobDetail(job.id)).status).toBe('paid');

    // The rest by a transfer through the form: only what is owed, each part as it came.
    const { job: other, invoice: otherInvoice } = await invoicedJob(true);
    expect((await pay(other.id, { method: 'cash', amount: '87.80' })).statusCode).toBe(200);
    const over = await pay(other.id, { method: 'bank-transfer', amount: '487.80' });
    expect(over.statusCode).toBe(400);
    expect(over.json().fields.amount).toBe('Amount must be at most the $400.00 owed');
    expect((await pay(other.id, { method: 'bank-transfer', amount: '400.00', reference: 'R1' })).statusCode).toBe(200);
    expect((await detail(otherInvoice.id)).paymentNote).toBe(
      'Paid on 23 Nov 2026: $87.80 by Cash on site, $400.00 by bank transfer, reference R1',
    );
  });
});
