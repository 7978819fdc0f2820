import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../../tests/helpers/stripe-stand-in';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { signInStaff } from '../../../tests/helpers/bookings';
import { bookingHolds, jobs, outboundEmails, paymentEvents } from '../db/schema';
import { insertPrepaidBooking } from './fixtures';
import { StripePaymentProvider } from './stripe';
import { setJobState } from '../../../tests/helpers/job-state';

/**
 * Afterpay and Zip through Stripe (docs/decisions/410-afterpay-zip-and-wallets.md), the real SDK
 * against the local stand-in of Stripe's API; Apple Pay's domain file (decision 411).
 */
const SECRET_KEY = 'sk_test_standin';
const WEBHOOK_SECRET = 'whsec_test_standin';
const ASSOCIATION = 'apple-pay-association-file-from-stripe\n';
const associationFile = join(tmpdir(), `apple-pay-association-${process.pid}.txt`);

let t: TestApp;
let standIn: StripeStandIn;
let admin: string;
const stripe = new Stripe(SECRET_KEY);

beforeAll(async () => {
  writeFileSync(associationFile, ASSOCIATION);
  standIn = await startStripeStandIn();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      APPLE_PAY_DOMAIN_ASSOCIATION_FILE: associationFile,
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
  admin = (await signInStaff(t, 'admin')).cookie;
  const on = await t.app.inject({
    method: 'PUT',
    url: '/api/dashboard/settings/payment-methods',
    headers: { cookie: admin },
    payload: { afterpay: true, zip: true, wallets: true },
  });
  expect(on.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});
beforeEach(() => {
  t.clock.set(MONDAY_7AM_PERTH);
  standIn.requests.length = 0;
});

/** Business days inside the public 90 days, one per booking so slots never collide. */
const DAYS = [
  '2027-02-01',
  '2027-02-02',
  '2027-02-03',
  '2027-02-04',
  '2027-02-05',
  '2027-02-08',
  '2027-02-09',
  '2027-02-10',
];
let n = 0;
const book = (customerValue = '487.80') =>
  insertPrepaidBooking(t.db, { now: t.clock.now(), scheduledDay: DAYS[n++]!, timeSlot: '12-2 PM', customerValue });

const createIntent = (bookingToken: string, method?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent-token',
    payload: { bookingToken, ...(method ? { method } : {}) },
  });
const jobRow = async (id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const holdOf = async (id: string) => (await t.db.select().from(bookingHolds).where(eq(bookingHolds.jobId, id)))[0]!;
const getBooking = async (token: string) => t.app.inject({ method: 'GET', url: `/api/booking-token/${token}` });
const isSlotFree = async (day: string) =>
  (
    (await t.app.inject({ method: 'GET', url: `/api/time-slots/availability?date=${day}` })).json() as {
      slot: string;
      isAvailable: boolean;
    }[]
  ).find((s) => s.slot === '12-2 PM')!.isAvailable;

/** The event Stripe sends for the stand-in's intent: its own amount and the metadata the app gave it. */
function eventFor(type: string, intentId: string, id = `evt_${Math.random().toString(36).slice(2)}`) {
  const intent = standIn.intents.get(intentId)!;
  return {
    id,
    object: 'event',
    type,
    created: Math.floor(t.clock.now().getTime() / 1000),
    data: {
      object: {
        ...intent,
        status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
        last_payment_error:
          type === 'payment_intent.payment_failed' ? { message: 'Afterpay declined this payment.' } : null,
      },
    },
  };
}

function postWebhook(event: unknown, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(t.clock.now().getTime() / 1000),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  });
}

async function afterpayIntent() {
  const booked = await book();
  const res = await createIntent(booked.token, 'afterpay');
  expect(res.statusCode).toBe(200);
  const intentId = (await jobRow(booked.job.id)).stripePaymentIntentId!;
  return { ...booked, intentId, response: res.json() };
}

describe('Afterpay and Zip through Stripe', () => {
  it('makes an Afterpay intent for the booking amount alone (no card surcharge), Afterpay its only method, and holds the slot while Afterpay decides', async () => {
    const { job, token, response } = await afterpayIntent();
    expect(response).toMatchObject({
      originalAmount: '487.80',
      surchargeAmount: '0.00',
      totalAmount: '487.80',
      message: 'No surcharge applies to Afterpay. Total to pay: $487.80.',
    });
    const [created] = standIn.creates;
    expect(created!.form).toMatchObject({
      amount: '48780',
      currency: 'aud',
      'payment_method_types[0]': 'afterpay_clearpay',
      'metadata[paymentMethod]': 'afterpay',
      'metadata[surchargeBasisPoints]': '0',
    });
    expect(created!.form['automatic_payment_methods[enabled]']).toBeUndefined();
    // The hold ran 30 minutes from the booking; leaving for Afterpay keeps the slot an hour from now.
    expect((await holdOf(job.id)).expiresAt.getTime()).toBe(t.clock.now().getTime() + 60 * 60_000);

    // Card is still card, with its surcharge, on an intent of its own.
    const card = await createIntent(token, 'card');
    expect(card.json()).toMatchObject({ totalAmount: '496.09' });
    expect(standIn.creates[1]!.form).toMatchObject({ amount: '49609', 'payment_method_types[0]': 'card' });
    const zip = await createIntent(token, 'zip');
    expect(standIn.creates[2]!.form).toMatchObject({ amount: '48780', 'payment_method_types[0]': 'zip' });
    expect(zip.statusCode).toBe(200);
  });

  it('confirms the booking only through the signed webhook; a forged or replayed webhook changes nothing', async () => {
    const { job, token, intentId } = await afterpayIntent();
    const succeeded = eventFor('payment_intent.succeeded', intentId);

    const forged = await postWebhook(succeeded, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(await jobRow(job.id)).toMatchObject({ status: 'new', paymentStatus: 'pending' });
    expect((await getBooking(token)).json()).toMatchObject({ outcome: 'awaiting-payment' });

    expect((await postWebhook(succeeded)).statusCode).toBe(200);
    expect(await jobRow(job.id)).toMatchObject({ status: 'new', paymentStatus: 'paid' });
    expect((await getBooking(token)).json()).toMatchObject({
      outcome: 'confirmed',
      paidWith: 'afterpay',
      paidAmount: '487.80',
    });
    const emails = await t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, job.id));
    expect(emails).toHaveLength(1);

    // The same event again, and a decline of the same intent afterwards: nothing moves.
    expect((await postWebhook(succeeded)).statusCode).toBe(200);
    expect((await postWebhook(eventFor('payment_intent.payment_failed', intentId))).statusCode).toBe(200);
    expect(await jobRow(job.id)).toMatchObject({ status: 'new', paymentStatus: 'paid' });
    expect(await t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, job.id))).toHaveLength(1);
    const [events] = await t.db.select({ n: count() }).from(paymentEvents).where(eq(paymentEvents.id, succeeded.id));
    expect(events!.n).toBe(1);
  });

  it('frees the slot at once when Afterpay declines, and the booking page says so; a forged decline frees nothing', async () => {
    const { job, token, intentId } = await afterpayIntent();
    const day = job.scheduledDay;
    expect(await isSlotFree(day)).toBe(false);

    expect((await postWebhook(eventFor('payment_intent.payment_failed', intentId), 'whsec_forged')).statusCode).toBe(
      400,
    );
    expect(await jobRow(job.id)).toMatchObject({ status: 'new' });
    expect(await isSlotFree(day)).toBe(false);

    expect((await postWebhook(eventFor('payment_intent.payment_failed', intentId))).statusCode).toBe(200);
    expect(await jobRow(job.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });
    expect(await isSlotFree(day)).toBe(true);
    expect((await getBooking(token)).json()).toMatchObject({
      outcome: 'declined',
      declineMessage: 'Afterpay declined this payment.',
      holdExpiresAt: null,
    });
    // Nothing is left to pay on this token: the customer books again another way.
    const again = await createIntent(token, 'card');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/book again and choose another way to pay/);
  });

  it('keeps holding the slot while Afterpay is still processing, never past two hours from the booking', async () => {
    const { job, intentId } = await afterpayIntent();
    const bookedAt = t.clock.now().getTime();
    t.clock.set(new Date(bookedAt + 50 * 60_000).toISOString());
    expect((await postWebhook(eventFor('payment_intent.processing', intentId))).statusCode).toBe(200);
    expect((await holdOf(job.id)).expiresAt.getTime()).toBe(bookedAt + 110 * 60_000);
    t.clock.set(new Date(bookedAt + 100 * 60_000).toISOString());
    expect((await postWebhook(eventFor('payment_intent.processing', intentId))).statusCode).toBe(200);
    expect((await holdOf(job.id)).expiresAt.getTime()).toBe(bookedAt + 120 * 60_000);
  });

  it('a card decline still keeps the booking so another card can pay', async () => {
    const { job, token } = await book().then(async (b) => ({ ...b, res: await createIntent(b.token) }));
    const intentId = (await jobRow(job.id)).stripePaymentIntentId!;
    expect((await postWebhook(eventFor('payment_intent.payment_failed', intentId))).statusCode).toBe(200);
    expect(await jobRow(job.id)).toMatchObject({ status: 'new', paymentStatus: 'pending' });
    expect((await getBooking(token)).json()).toMatchObject({ outcome: 'awaiting-payment' });
  });

  it('refunds an Afterpay payment through the cancellation policy, the amount Afterpay took (no card surcharge)', async () => {
    const { job, intentId } = await afterpayIntent();
    expect((await postWebhook(eventFor('payment_intent.succeeded', intentId))).statusCode).toBe(200);

    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/dashboard/jobs/${job.id}/cancellation`,
      headers: { cookie: admin },
    });
    expect(preview.json()).toMatchObject({ paidAmount: '487.80', refundAmount: '487.80' });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/dashboard/jobs/${job.id}/cancel`,
      headers: { cookie: admin },
      payload: { reason: 'Customer changed plans' },
    });
    expect(cancelled.statusCode).toBe(200);
    const refunds = standIn.requests.filter((r) => r.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.form).toMatchObject({ payment_intent: intentId, amount: '48780' });
    expect(await jobRow(job.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
  });

  it('invoices an Afterpay-paid job without a card surcharge line, saying it was paid with Afterpay', async () => {
    const { job, intentId } = await afterpayIntent();
    expect((await postWebhook(eventFor('payment_intent.succeeded', intentId))).statusCode).toBe(200);
    await setJobState(t.db, job.id, { status: 'completed', completedAt: t.clock.now() });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/dashboard/customer-invoices/generate/${job.id}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(201);
    const invoice = (
      res.json() as { customerInvoice: { totalAmount: string; paymentNote: string; items: { description: string }[] } }
    ).customerInvoice;
    expect(invoice.totalAmount).toBe('487.80');
    expect(invoice.items.map((i) => i.description).join(' ')).not.toMatch(/surcharge/i);
    expect(invoice.paymentNote).toMatch(/^Paid with Afterpay online on /);
  });

  it('does not offer Afterpay over $2,000, and refuses an Afterpay intent for it', async () => {
    const { token } = await book('2100.00');
    const methods = await t.app.inject({ method: 'GET', url: `/api/bookings/${token}/payment-methods` });
    expect(methods.statusCode).toBe(200);
    expect((methods.json() as { method: string }[]).map((m) => m.method)).toEqual([
      'card',
      'zip',
      'apple-pay',
      'google-pay',
    ]);
    const refused = await createIntent(token, 'afterpay');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Afterpay is not available for this booking. Please choose another way to pay.',
    );
    expect(standIn.creates).toHaveLength(0);
  });

  it("serves Apple Pay's domain association file at its well-known path when configured", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/.well-known/apple-developer-merchantid-domain-association',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(ASSOCIATION);
  });
});
