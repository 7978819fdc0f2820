import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InvoiceDetail } from '../../shared/schemas/invoices';
import type { JobDetail } from '../../shared/schemas/jobs';
import {
  ALREADY_PAID_MESSAGE,
  NO_PAYMENT_TO_REVERSE_MESSAGE,
  ONSITE_AMOUNT_MESSAGE,
  ONSITE_AMOUNT_ZERO_MESSAGE,
  ONSITE_METHOD_MESSAGE,
  REVERSAL_REASON_MESSAGE,
} from '../../shared/schemas/onsite-payments';
import { customerInvoices, onsitePayments } from '../db/schema';
import { insertJob } from '../db/seed/factories';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { freshSlots } from '../../../tests/helpers/fresh-slots';

/**
 * A payment taken at the job (docs/decisions/349-payment-taken-on-site.md): the technician of the
 * job or an admin records it, the job and its invoice become paid with the method on the invoice;
 * only an admin reverses it, with a reason. Every refusal changes nothing.
 */
type Staff = { user: { id: string; username: string }; cookie: string };
let t: TestApp;
let admin: Staff;
let tech: Staff;
let otherTech: Staff;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  t.clock.set(MONDAY_7AM_PERTH);
  admin = await signedInStaff(t, { role: 'admin' });
  tech = await signedInStaff(t, { role: 'technician' });
  otherTech = await signedInStaff(t, { role: 'technician' });
});

const freshSlot = freshSlots('2026-11-23');
const newJob = (over: Parameters<typeof insertJob>[1] = {}) =>
  insertJob(t.db, {
    ...freshSlot(),
    status: 'in-progress',
    assignedTechnicianId: tech.user.id,
    customerValue: '259.60',
    ...over,
  });

const post = (url: string, payload: object, who: Staff) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });
const pay = (jobId: string, payload: object, who: Staff = tech) =>
  post(`/api/dashboard/jobs/${jobId}/onsite-payment`, payload, who);
const reverse = (jobId: string, payload: object, who: Staff = admin) =>
  post(`/api/dashboard/jobs/${jobId}/onsite-payment/reverse`, payload, who);

async function detail(jobId: string): Promise<JobDetail> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dashboard/jobs/${jobId}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as JobDetail;
}
async function invoiceOf(jobId: string): Promise<InvoiceDetail> {
  const [row] = await t.db
    .select({ id: customerInvoices.id })
    .from(customerInvoices)
    .where(eq(customerInvoices.jobId, jobId));
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dashboard/customer-invoices/${row!.id}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as InvoiceDetail;
}
const paymentsOf = (jobId: string) => t.db.select().from(onsitePayments).where(eq(onsitePayments.jobId, jobId));
const invoiceCount = async (jobId: string) =>
  (await t.db.select().from(customerInvoices).where(eq(customerInvoices.jobId, jobId))).length;

describe('POST /api/dashboard/jobs/{id}/onsite-payment', () => {
  it('a technician takes EFTPOS at the end of the visit: the job is completed, invoiced and paid, its invoice paid with the method on it', async () => {
    const job = await newJob();
    const res = await pay(job.id, { method: 'eftpos', amount: '259.60' });
    expect(res.statusCode, res.body).toBe(200);
    const line = `Payment taken on site: $259.60 by EFTPOS (${tech.user.username})`;
    expect(res.json()).toMatchObject({
      status: 'paid',
      paymentStatus: 'paid',
      hasInvoice: true,
      onsitePayment: { method: 'eftpos', amount: '259.60', takenBy: tech.user.username },
    });

    const moves = (await detail(job.id)).history.filter((e) => e.kind === 'status');
    expect(moves.map((e) => [e.from, e.to, e.actor])).toEqual([
      ['in-progress', 'completed', tech.user.username],
      ['completed', 'invoiced', tech.user.username],
      ['invoiced', 'paid', tech.user.username],
    ]);
    expect(moves.at(-1)!.note).toBe(line);

    const invoice = await invoiceOf(job.id);
    expect(invoice).toMatchObject({
      status: 'paid',
      totalAmount: '259.60',
      paymentNote: 'Paid by EFTPOS on site on 23 Nov 2026',
    });
    expect(invoice.history.at(-1)).toMatchObject({ kind: 'status', to: 'paid', note: line, actor: tech.user.username });
    expect(await paymentsOf(job.id)).toEqual([
      expect.objectContaining({
        method: 'eftpos',
        amount: '259.60',
        takenById: tech.user.id,
        customerInvoiceId: invoice.id,
        reversedAt: null,
      }),
    ]);
  });

  it("marks the job's existing invoice paid, never a second one, and counts it once in the profit and loss", async () => {
    t.clock.set('2026-12-01T02:00:00.000Z');
    admin = await signedInStaff(t, { role: 'admin' });
    const job = await newJob({ status: 'completed' });
    const generated = await t.app.inject({
      method: 'POST',
      url: `/api/dashboard/customer-invoices/generate/${job.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(generated.statusCode, generated.body).toBeLessThan(300);
    const pnl = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/dashboard/reports/enhanced-pl?startDate=2026-12-01&endDate=2026-12-01',
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().revenue as { totalRevenue: string; invoiceCount: number };
    };
    const before = await pnl();
    expect((await pay(job.id, { method: 'cash', amount: 259.6 }, admin)).statusCode).toBe(200);
    expect(await invoiceCount(job.id)).toBe(1);
    expect(await invoiceOf(job.id)).toMatchObject({
      status: 'paid',
      paymentNote: 'Paid by Cash on site on 1 Dec 2026',
    });
    const after = await pnl();
    // The draft was not revenue; paid, it is, once.
    expect(after.invoiceCount).toBe(before.invoiceCount + 1);
    expect(Math.round(Number(after.totalRevenue) * 100) - Math.round(Number(before.totalRevenue) * 100)).toBe(25960);
  });

  it('refuses a technician of another job (403) and a job that is not at a paying stage (409), changing nothing', async () => {
    const job = await newJob();
    const res = await pay(job.id, { method: 'cash', amount: '259.60' }, otherTech);
    expect(res.statusCode).toBe(403);
    for (const [status, message] of [
      ['new', 'Start Work on this job before taking a payment.'],
      ['cancelled', 'This job was cancelled, so no payment can be taken for it.'],
    ] as const) {
      const other = await newJob({ status });
      const refused = await pay(other.id, { method: 'cash', amount: '10.00' }, admin);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(message);
      expect(await paymentsOf(other.id)).toEqual([]);
      expect(await invoiceCount(other.id)).toBe(0);
    }
    expect(await detail(job.id)).toMatchObject({
      status: 'in-progress',
      paymentStatus: 'pending',
      onsitePayment: null,
    });
    expect(await invoiceCount(job.id)).toBe(0);
  });

  it('refuses a second payment: "This job is already paid", also for a job paid online', async () => {
    const job = await newJob();
    expect((await pay(job.id, { method: 'card', amount: '259.60' })).statusCode).toBe(200);
    const again = await pay(job.id, { method: 'cash', amount: '259.60' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_PAID_MESSAGE);
    expect(await paymentsOf(job.id)).toHaveLength(1);

    const prepaid = await newJob({ status: 'completed', paymentMethod: 'prepaid', paymentStatus: 'paid' });
    const refused = await pay(prepaid.id, { method: 'cash', amount: '259.60' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ALREADY_PAID_MESSAGE);
    expect(await invoiceCount(prepaid.id)).toBe(0);
  });

  it.each([
    [{ method: 'cheque', amount: '10.00' }, 'method', ONSITE_METHOD_MESSAGE],
    [{ amount: '10.00' }, 'method', ONSITE_METHOD_MESSAGE],
    [{ method: 'cash', amount: '0' }, 'amount', ONSITE_AMOUNT_ZERO_MESSAGE],
    [{ method: 'cash', amount: '-5.00' }, 'amount', ONSITE_AMOUNT_ZERO_MESSAGE],
    [{ method: 'cash', amount: 'abc' }, 'amount', ONSITE_AMOUNT_MESSAGE],
    [{ method: 'cash' }, 'amount', ONSITE_AMOUNT_MESSAGE],
  ])('refuses %j with 400 naming the field, changing nothing', async (payload, field, message) => {
    const job = await newJob();
    const res = await pay(job.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect(await detail(job.id)).toMatchObject({ status: 'in-progress', onsitePayment: null });
    expect(await paymentsOf(job.id)).toEqual([]);
  });
});

describe('POST /api/dashboard/jobs/{id}/onsite-payment/reverse', () => {
  it('an admin reverses with a reason: the job is invoiced and unpaid, its invoice unpaid, the reason in both histories; a new payment may follow', async () => {
    const job = await newJob();
    expect((await pay(job.id, { method: 'eftpos', amount: '259.60' })).statusCode).toBe(200);
    const res = await reverse(job.id, { reason: 'Card payment declined later' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'invoiced',
      paymentStatus: 'pending',
      paidAt: null,
      onsitePayment: null,
    });
    const line = `Payment taken on site reversed: $259.60 by EFTPOS (${admin.user.username}). Reason: Card payment declined later`;
    expect((await detail(job.id)).history.at(-1)).toMatchObject({
      kind: 'status',
      from: 'paid',
      to: 'invoiced',
      note: line,
      actor: admin.user.username,
    });
    const invoice = await invoiceOf(job.id);
    // The invoice made at the job was issued when paid: it stays issued and unpaid, and nothing says it was emailed.
    expect(invoice).toMatchObject({ status: 'sent', paidAt: null, paymentNote: null, sentAt: null });
    expect(invoice.history.at(-1)).toMatchObject({ from: 'paid', to: 'sent', note: line });
    expect(await paymentsOf(job.id)).toEqual([
      expect.objectContaining({ reversedById: admin.user.id, reversalReason: 'Card payment declined later' }),
    ]);

    expect((await pay(job.id, { method: 'cash', amount: '259.60' })).statusCode).toBe(200);
    expect(await invoiceCount(job.id)).toBe(1);
    expect(await invoiceOf(job.id)).toMatchObject({
      status: 'paid',
      paymentNote: 'Paid by Cash on site on 23 Nov 2026',
    });
  });

  it('puts an invoice that had been emailed back to sent, keeping the time it was sent', async () => {
    const job = await newJob();
    expect((await pay(job.id, { method: 'eftpos', amount: '259.60' })).statusCode).toBe(200);
    expect((await reverse(job.id, { reason: 'Wrong job' })).statusCode).toBe(200);
    const draft = await invoiceOf(job.id);
    const emailed = await t.app.inject({
      method: 'POST',
      url: `/api/dashboard/customer-invoices/${draft.id}/email`,
      headers: { cookie: admin.cookie },
    });
    expect(emailed.statusCode, emailed.body).toBe(200);
    const { sentAt } = await invoiceOf(job.id);
    expect(sentAt).not.toBeNull();
    t.clock.advance(3_600_000);
    expect((await pay(job.id, { method: 'cash', amount: '259.60' })).statusCode).toBe(200);
    expect((await reverse(job.id, { reason: 'Counted twice' })).statusCode).toBe(200);
    expect(await invoiceOf(job.id)).toMatchObject({ status: 'sent', sentAt, paidAt: null, paymentNote: null });
  });

  it('refuses a blank reason (400), a technician (403) and a job with nothing to reverse (409), changing nothing', async () => {
    const job = await newJob();
    expect((await pay(job.id, { method: 'payid', amount: '259.60' })).statusCode).toBe(200);
    for (const payload of [{}, { reason: '   ' }]) {
      const res = await reverse(job.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.reason).toBe(REVERSAL_REASON_MESSAGE);
    }
    expect((await reverse(job.id, { reason: 'Mistake' }, tech)).statusCode).toBe(403);
    expect(await detail(job.id)).toMatchObject({ status: 'paid', onsitePayment: { method: 'payid' } });
    expect((await invoiceOf(job.id)).status).toBe('paid');

    const unpaid = await newJob();
    const nothing = await reverse(unpaid.id, { reason: 'Mistake' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(NO_PAYMENT_TO_REVERSE_MESSAGE);
  });
});
