import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JobDetail } from '../../shared/schemas/jobs';
import { NO_CARD_PAYMENT_TO_REFUND_MESSAGE } from '../../shared/schemas/onsite-payments';
import { startStripeStandIn, type StripeStandIn } from '../../../tests/helpers/stripe-stand-in';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { cardPayments, jobs, outboundEmails } from '../db/schema';
import { insertPrepaidBooking } from './fixtures';
import { StripePaymentProvider } from './stripe';

/**
 * One card payment, one outcome, at most one alert (docs/decisions/407-one-alert-per-card-payment.md):
 * money for a booking already paid, or of the wrong amount, is kept back and staff are emailed once
 * with the refund action, however many deliveries report it; an admin refunds it from the job; a
 * payment of the right amount clears an earlier wrong payment's flag. Signed webhooks through the
 * real Stripe SDK against the local stand-in of Stripe's API.
 */
const SECRET_KEY = 'sk_test_standin';
const WEBHOOK_SECRET = 'whsec_test_standin';
const stripe = new Stripe(SECRET_KEY);
type Staff = { user: { id: string; username: string }; cookie: string };

let t: TestApp;
let standIn: StripeStandIn;
let admin: Staff;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
    overrides: {
      payments: new StripePaymentProvider({
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        host: standIn.host,
        port: standIn.port,
        protocol: 'http',
      }),
    },
  });
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});
beforeEach(async () => {
  t.clock.set(MONDAY_7AM_PERTH);
  admin = await signedInStaff(t, { role: 'admin' });
  standIn.requests.length = 0;
});

let n = 0;
const book = () =>
  insertPrepaidBooking(t.db, {
    now: t.clock.now(),
    scheduledDay: `2027-03-${String(++n).padStart(2, '0')}`,
    timeSlot: '10-12 AM',
  });

/** The booking's total with the card surcharge: $99.80 + 1.7%. */
const TOTAL = 10150;
/** A PaymentIntent the stand-in knows, as a customer's checkout would have made it. */
async function intentOf(amount = TOTAL): Promise<string> {
  const api = new Stripe(SECRET_KEY, { host: standIn.host, port: standIn.port, protocol: 'http' });
  return (await api.paymentIntents.create({ amount, currency: 'aud' })).id;
}
let e = 0;
function succeeded(intentId: string, job: { id: string; token: string }, amount = TOTAL) {
  return {
    id: `evt_card_${++e}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(t.clock.now().getTime() / 1000),
    data: {
      object: {
        id: intentId,
        object: 'payment_intent',
        amount,
        currency: 'aud',
        status: 'succeeded',
        metadata: { bookingToken: job.token, jobId: job.id, jobNumber: 'JOB-x' },
      },
    },
  };
}
function postWebhook(event: unknown) {
  const payload = JSON.stringify(event);
  const timestamp = Math.floor(t.clock.now().getTime() / 1000);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp }),
    },
  });
}
const jobRow = async (id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const emailsFor = (jobId: string) => t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, jobId));
async function staffView(jobId: string, who: Staff = admin): Promise<JobDetail> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dashboard/jobs/${jobId}`,
    headers: { cookie: who.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as JobDetail;
}
const refund = (jobId: string, intentId: string, who: Staff = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/dashboard/jobs/${jobId}/card-payments/${intentId}/refund`,
    headers: { cookie: who.cookie },
  });

describe('a second card payment on a booking already paid', () => {
  it('is kept back and staff are emailed once with the refund action, however often it is reported; an admin refunds it once', async () => {
    const { job, token } = await book();
    const booking = { id: job.id, token };
    const [first, secondId] = [await intentOf(), await intentOf()];
    expect((await postWebhook(succeeded(first, booking))).statusCode).toBe(200);
    expect(await jobRow(job.id)).toMatchObject({ paymentStatus: 'paid', paymentFlag: null });
    const before = (await emailsFor(job.id)).length;

    // The second payment, delivered three times at once (Stripe retries; one event may come twice).
    const second = await Promise.all([
      postWebhook(succeeded(secondId, booking)),
      postWebhook(succeeded(secondId, booking)),
      postWebhook(succeeded(secondId, booking)),
    ]);
    expect(second.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const alerts = (await emailsFor(job.id)).slice(before);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      to: t.config.business.email,
      subject: `Refund needed: booking ${job.jobNumber} was paid twice`,
    });
    expect(alerts[0]!.text).toContain('$101.50');
    expect(alerts[0]!.text).toContain(`${t.config.publicBaseUrl}/dashboard?tab=jobs&job=${job.id}`);
    expect(alerts[0]!.text).toContain(secondId);

    const view = await staffView(job.id);
    expect(view.cardPaymentsToRefund).toEqual([
      expect.objectContaining({ intentId: secondId, amount: '101.50', refundedAt: null }),
    ]);
    expect(view.cardPaymentsToRefund[0]!.reason).toMatch(/^Paid twice/);
    expect(view.history.at(-1)!.note).toBe(
      `Second card payment of $101.50 kept back for a refund (PaymentIntent ${secondId})`,
    );

    // A technician cannot refund; an admin refunds it once, through the provider, in full.
    const tech = await signedInStaff(t, { role: 'technician' });
    expect((await refund(job.id, secondId, tech)).statusCode).toBe(403);
    const res = await refund(job.id, secondId);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as JobDetail).cardPaymentsToRefund[0]!.refundedAt).not.toBeNull();
    const refunds = standIn.requests.filter((r) => r.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.form).toMatchObject({ payment_intent: secondId, amount: String(TOTAL) });
    expect(await jobRow(job.id)).toMatchObject({ paymentStatus: 'paid', status: 'new' });

    const again = await refund(job.id, secondId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NO_CARD_PAYMENT_TO_REFUND_MESSAGE);
    // The booking's own payment is not a payment to refund.
    expect((await refund(job.id, first)).statusCode).toBe(409);
  });
});

describe('a payment of the wrong amount, then the right one', () => {
  it('flags the booking and alerts once with the refund action; the right payment confirms it and clears the flag', async () => {
    const { job, token } = await book();
    const booking = { id: job.id, token };
    const [over, right] = [await intentOf(TOTAL + 5000), await intentOf()];
    // Over-paid: more than the booking's total.
    await Promise.all([
      postWebhook(succeeded(over, booking, TOTAL + 5000)),
      postWebhook(succeeded(over, booking, TOTAL + 5000)),
    ]);
    expect(await jobRow(job.id)).toMatchObject({ paymentStatus: 'pending', paymentFlag: 'amount-mismatch' });
    const alerts = await emailsFor(job.id);
    expect(alerts.map((a) => a.subject)).toEqual([
      `Payment check needed: ${job.jobNumber} was paid a different amount`,
    ]);
    expect(alerts[0]!.text).toContain(`${t.config.publicBaseUrl}/dashboard?tab=jobs&job=${job.id}`);

    expect((await postWebhook(succeeded(right, booking))).statusCode).toBe(200);
    expect(await jobRow(job.id)).toMatchObject({ paymentStatus: 'paid', paymentFlag: null });
    const view = await staffView(job.id);
    expect(view.paymentFlag).toBeNull();
    // The over-payment is still there to refund.
    expect(view.cardPaymentsToRefund).toEqual([
      expect.objectContaining({ intentId: over, amount: '151.50', refundedAt: null }),
    ]);
    expect(await t.db.select().from(cardPayments).where(eq(cardPayments.jobId, job.id))).toHaveLength(2);
  });
});
