import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../../tests/helpers/stripe-stand-in';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { jobs } from '../db/schema';
import { insertJob } from '../db/seed/factories';
import { sweepExpiredHolds } from '../holds/service';
import { insertPrepaidBooking } from '../payments/fixtures';
import { StripePaymentProvider } from '../payments/stripe';
import { writeSetting } from '../settings/store';

/**
 * A payment that arrives after its hold lapsed brings the booking back only into a free place of
 * its slot, as a new booking would take one (decision 302); with none left the refund is flagged.
 */

const SECRET_KEY = 'sk_test_standin';
const WEBHOOK_SECRET = 'whsec_test_standin';
const stripe = new Stripe(SECRET_KEY);
let t: TestApp;
let standIn: StripeStandIn;

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
  await writeSetting(t.db, 'capacity', { vans: 2 }, null, new Date(MONDAY_7AM_PERTH));
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});
beforeEach(() => t.clock.set(MONDAY_7AM_PERTH));

let n = 0;
const jobRow = async (id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

/** A prepaid booking with its card intent, whose hold then lapses and is swept. */
async function lapsedBooking() {
  const booking = await insertPrepaidBooking(t.db, {
    now: t.clock.now(),
    scheduledDay: `2027-03-${String(++n).padStart(2, '0')}`,
    timeSlot: '12-2 PM',
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent-token',
    payload: { bookingToken: booking.token },
  });
  expect(res.statusCode, res.body).toBe(200);
  const intentId = (await jobRow(booking.job.id)).stripePaymentIntentId!;
  t.clock.advance(31 * 60_000);
  await sweepExpiredHolds({ db: t.db, clock: t.clock });
  expect((await jobRow(booking.job.id)).status).toBe('cancelled');
  return { ...booking, intentId };
}

function paid(b: { job: { id: string }; token: string; intentId: string }) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(t.clock.now().getTime() / 1000),
    data: {
      object: {
        id: b.intentId,
        object: 'payment_intent',
        amount: 10150,
        currency: 'aud',
        status: 'succeeded',
        metadata: { bookingToken: b.token, jobId: b.job.id, jobNumber: 'JOB-x' },
      },
    },
  });
  const signature = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    timestamp: Math.floor(t.clock.now().getTime() / 1000),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  });
}

describe('a payment after the hold lapsed, with 2 vans', () => {
  it('takes the free place when another booking took the first one meanwhile', async () => {
    const booking = await lapsedBooking();
    const other = await insertJob(t.db, { scheduledDay: booking.job.scheduledDay, timeSlot: '12-2 PM', slotPlace: 1 });
    expect((await paid(booking)).statusCode).toBe(200);
    expect(await jobRow(booking.job.id)).toMatchObject({
      status: 'new',
      paymentStatus: 'paid',
      paymentFlag: null,
      slotPlace: 2,
    });
    expect((await jobRow(other.id)).status).toBe('new');
  });

  it('flags the refund when both places were taken meanwhile', async () => {
    const booking = await lapsedBooking();
    await insertJob(t.db, { scheduledDay: booking.job.scheduledDay, timeSlot: '12-2 PM', slotPlace: 1 });
    await insertJob(t.db, { scheduledDay: booking.job.scheduledDay, timeSlot: '12-2 PM', slotPlace: 2 });
    expect((await paid(booking)).statusCode).toBe(200);
    expect(await jobRow(booking.job.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'paid',
      paymentFlag: 'refund-required',
    });
  });
});
