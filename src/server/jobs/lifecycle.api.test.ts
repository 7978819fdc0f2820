import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { slotStart } from '../../shared/domain/slots';
import type { InvoiceDetail } from '../../shared/schemas/invoices';
import type { JobDetail } from '../../shared/schemas/jobs';
import { paymentEvents } from '../db/schema';
import { insertJob } from '../db/seed/factories';
import { sweepExpiredHolds } from '../holds/service';
import { insertPrepaidBooking } from '../payments/fixtures';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { freshSlots } from '../../../tests/helpers/fresh-slots';

/**
 * Every cause that moves a job without a bare status change (docs/product.md "Job statuses and their
 * moves", decision 250) leaves its line in the job's history, as staff read it in the job detail.
 */
const MINUTE = 60_000;
let t: TestApp;
let admin: { user: { id: string; username: string }; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
// Signed in at the test's own moment: a session left idle since an earlier test may have lapsed.
beforeEach(async () => {
  t.clock.set(MONDAY_7AM_PERTH);
  admin = await signedInStaff(t, { role: 'admin' });
});

const freshSlot = freshSlots('2027-03-01');

const request = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, cookie = admin.cookie) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
async function jobDetail(jobId: string): Promise<JobDetail> {
  const res = await request('GET', `/api/dashboard/jobs/${jobId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as JobDetail;
}
const movesOf = async (jobId: string) =>
  (await jobDetail(jobId)).history.filter((e) => e.kind === 'status' || e.kind === 'payment');

describe('system causes, each with its history line', () => {
  it('hold lapsed: an unpaid prepaid job is cancelled by the system, saying why', async () => {
    const { job } = await insertPrepaidBooking(t.db, { now: t.clock.now(), ...freshSlot() });
    t.clock.advance(30 * MINUTE);
    await sweepExpiredHolds({ db: t.db, clock: t.clock });
    expect(await jobDetail(job.id)).toMatchObject({
      status: 'cancelled',
      cancelledAt: t.clock.now().toISOString(),
      paymentStatus: 'pending',
    });
    expect(await movesOf(job.id)).toEqual([
      expect.objectContaining({
        kind: 'status',
        from: 'new',
        to: 'cancelled',
        actor: null,
        note: 'Not paid within the hold time; the slot was freed',
      }),
    ]);
  });

  it('payment taken: paying online marks the payment paid and keeps the job new', async () => {
    const { job, token } = await insertPrepaidBooking(t.db, { now: t.clock.now(), ...freshSlot() });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm',
      payload: {
        bookingToken: token,
        cardNumber: '4242424242424242',
        expiry: '12/30',
        cvc: '123',
        nameOnCard: 'Sam Taylor',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await jobDetail(job.id)).toMatchObject({ status: 'new', paymentStatus: 'paid' });
    expect(await movesOf(job.id)).toEqual([
      expect.objectContaining({
        kind: 'payment',
        from: 'pending',
        to: 'paid',
        actor: null,
        note: 'Paid online $101.50',
      }),
    ]);
  });

  it('refund: cancelling a paid prepaid job records the cancel and the refund, by the staff member', async () => {
    const slot = freshSlot();
    const job = await insertJob(t.db, {
      ...slot,
      paymentMethod: 'prepaid',
      paymentStatus: 'paid',
      customerValue: '101.50',
      stripePaymentIntentId: `sim_pi_${slot.scheduledDay}${slot.timeSlot}`,
    });
    await t.db.insert(paymentEvents).values({
      id: `evt_${job.id}`,
      type: 'payment_intent.succeeded',
      jobId: job.id,
      payload: { data: { object: { amount: 10322 } } },
    });
    t.clock.set(new Date(slotStart(slot.scheduledDay, slot.timeSlot).getTime() - 48 * 3_600_000).toISOString());
    admin = await signedInStaff(t, { role: 'admin' });
    const res = await request('POST', `/api/dashboard/jobs/${job.id}/cancel`, { reason: 'Customer called to cancel' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      refundAmount: '103.22',
      cancelReason: 'Customer called to cancel',
    });
    expect(await movesOf(job.id)).toEqual([
      expect.objectContaining({
        kind: 'status',
        from: 'new',
        to: 'cancelled',
        actor: admin.user.username,
        note: 'Customer called to cancel',
      }),
      expect.objectContaining({
        kind: 'payment',
        from: 'paid',
        to: 'refunded',
        actor: admin.user.username,
        note: 'Refunded $103.22',
      }),
    ]);
  });

  it('invoice generated: a completed job becomes invoiced, its history naming the invoice', async () => {
    const job = await insertJob(t.db, { ...freshSlot(), status: 'completed', customerValue: '129.80' });
    const res = await request('POST', `/api/dashboard/customer-invoices/generate/${job.id}`);
    expect(res.statusCode, res.body).toBe(201);
    const invoice = (res.json() as { customerInvoice: InvoiceDetail }).customerInvoice;
    expect(await jobDetail(job.id)).toMatchObject({ status: 'invoiced', invoicedAt: t.clock.now().toISOString() });
    expect(await movesOf(job.id)).toEqual([
      expect.objectContaining({
        kind: 'status',
        from: 'completed',
        to: 'invoiced',
        actor: admin.user.username,
        note: `Invoice ${invoice.invoiceNumber}`,
      }),
    ]);
  });

  it('invoice paid: marking the invoice paid moves the job to paid with its payment, on both histories', async () => {
    const job = await insertJob(t.db, { ...freshSlot(), status: 'completed', customerValue: '129.80' });
    const invoice = (
      (await request('POST', `/api/dashboard/customer-invoices/generate/${job.id}`)).json() as {
        customerInvoice: InvoiceDetail;
      }
    ).customerInvoice;
    t.clock.advance(5 * MINUTE);
    const res = await request('PATCH', `/api/dashboard/customer-invoices/${invoice.id}`, { status: 'paid' });
    expect(res.statusCode, res.body).toBe(200);
    const paid = (res.json() as { customerInvoice: InvoiceDetail }).customerInvoice;
    expect(paid).toMatchObject({ status: 'paid', paidAt: t.clock.now().toISOString() });
    expect(await jobDetail(job.id)).toMatchObject({
      status: 'paid',
      paymentStatus: 'paid',
      paidAt: t.clock.now().toISOString(),
    });
    expect((await movesOf(job.id)).at(-1)).toEqual(
      expect.objectContaining({
        kind: 'status',
        from: 'invoiced',
        to: 'paid',
        actor: admin.user.username,
        note: `Invoice ${invoice.invoiceNumber} paid`,
      }),
    );
    expect(paid.history.at(-1)).toMatchObject({ kind: 'status', from: 'draft', to: 'paid' });
  });

  it('mark paid on the job: the job and its invoice are paid, each with its history line', async () => {
    const job = await insertJob(t.db, { ...freshSlot(), status: 'completed', customerValue: '129.80' });
    const invoice = (
      (await request('POST', `/api/dashboard/customer-invoices/generate/${job.id}`)).json() as {
        customerInvoice: InvoiceDetail;
      }
    ).customerInvoice;
    const res = await request('PATCH', `/api/dashboard/jobs/${job.id}/status`, { status: 'paid' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    expect((await movesOf(job.id)).at(-1)).toEqual(
      expect.objectContaining({ kind: 'status', from: 'invoiced', to: 'paid', actor: admin.user.username }),
    );
    const after = (await request('GET', `/api/dashboard/customer-invoices/${invoice.id}`)).json() as InvoiceDetail;
    expect(after).toMatchObject({ status: 'paid' });
    expect(after.history.at(-1)).toMatchObject({
      kind: 'status',
      from: 'draft',
      to: 'paid',
      note: `Job ${job.jobNumber} marked paid`,
    });
  });

  it('a paid job stays paid: marking its invoice paid again adds no job history line', async () => {
    const job = await insertJob(t.db, { ...freshSlot(), status: 'completed', customerValue: '129.80' });
    const invoice = (
      (await request('POST', `/api/dashboard/customer-invoices/generate/${job.id}`)).json() as {
        customerInvoice: InvoiceDetail;
      }
    ).customerInvoice;
    await request('PATCH', `/api/dashboard/jobs/${job.id}/status`, { status: 'paid' });
    const before = await movesOf(job.id);
    expect(
      (
        await request('PATCH', `/api/dashboard/customer-invoices/${invoice.id}`, {
          status: 'sent',
          reason: 'Marked paid by mistake',
        })
      ).statusCode,
    ).toBe(200);
    await request('PATCH', `/api/dashboard/customer-invoices/${invoice.id}`, { status: 'paid' });
    expect(await movesOf(job.id)).toEqual(before);
    expect((await jobDetail(job.id)).status).toBe('paid');
  });
});
