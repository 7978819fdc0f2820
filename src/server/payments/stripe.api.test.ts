import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../../tests/helpers/stripe-stand-in';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { jobs, outboundEmails, paymentEvents, timeSlots } from '../db/schema';
import { insertJob } from '../db/seed/factories';
import { sweepExpiredHolds } from '../holds/service';
import { announcements } from '../notifications/test-support';
import { signInStaff } from '../../../tests/helpers/bookings';
import { insertPrepaidBooking } from './fixtures';
import { StripePaymentProvider } from './stripe';
import { setJobState } from '../../../tests/helpers/job-state';
import { readSettings, writeSetting } from '../settings/store';

const SECRET_KEY = 'sk_test_standin';
const WEBHOOK_SECRET = 'whsec_test_standin';
const MINUTE = 60_000;

let t: TestApp;
let standIn: StripeStandIn;
const announced = announcements(() => t.db);
const stripe = new Stripe(SECRET_KEY);

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
    overrides: {
      // The real SDK, pointed at the local stand-in of the Stripe API.
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
  await t.close();
  await standIn.close();
});
beforeEach(async () => {
  t.clock.set(MONDAY_7AM_PERTH);
  await announced.reset();
  standIn.requests.length = 0;
});

let n = 0;
const book = (opts: Partial<Parameters<typeof insertPrepaidBooking>[1]> = {}) =>
  insertPrepaidBooking(t.db, {
    now: t.clock.now(),
    scheduledDay: `2027-02-${String(++n).padStart(2, '0')}`,
    timeSlot: '12-2 PM',
    ...opts,
  });
const createIntent = (bookingToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/create-payment-intent-token', payload: { bookingToken } });
const jobRow = async (id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const emailsFor = (jobId: string) => t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, jobId));
const staffView = async (jobId: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/dashboard/jobs/${jobId}`,
      headers: { cookie: (await signInStaff(t, 'admin')).cookie },
    })
  ).json();
const getBooking = (token: string) => t.app.inject({ method: 'GET', url: `/api/booking-token/${token}` });

function intentEvent(
  type: string,
  intentId: string,
  opts: { jobId: string; token: string; amount: number; currency?: string; id?: string },
) {
  return {
    id: opts.id ?? `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    created: Math.floor(t.clock.now().getTime() / 1000),
    data: {
      object: {
        id: intentId,
        object: 'payment_intent',
        amount: opts.amount,
        currency: opts.currency ?? 'aud',
        status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
        metadata: { bookingToken: opts.token, jobId: opts.jobId, jobNumber: 'JOB-x' },
        last_payment_error:
          type === 'payment_intent.payment_failed' ? { message: 'Your card has insufficient funds.' } : null,
      },
    },
  };
}

/** Posts a webhook signed with the SDK's own test helper; the signature's time comes from the pinned clock. */
function postWebhook(event: unknown, opts: { secret?: string; ageSeconds?: number; signature?: string | null } = {}) {
  const payload = JSON.stringify(event);
  const timestamp = Math.floor(t.clock.now().getTime() / 1000) - (opts.ageSeconds ?? 0);
  const signature =
    opts.signature === undefined
      ? stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET, timestamp })
      : opts.signature;
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
  });
}

async function bookWithIntent(opts: Partial<Parameters<typeof insertPrepaidBooking>[1]> = {}) {
  const booking = await book(opts);
  const res = await createIntent(booking.token);
  expect(res.statusCode).toBe(200);
  const intentId = (await jobRow(booking.job.id)).stripePaymentIntentId!;
  return { ...booking, intentId, body: res.json() };
}

describe('Stripe PaymentIntent', () => {
  it('creates an AUD intent for the amount plus 1.7% in cents, with the booking in its metadata and an idempotency key', async () => {
    const { job, token } = await book({
      serviceType: 'new-tyres',
      tyreSize: '205/55R16',
      tyreQuantity: 4,
      customerValue: '819.80',
    });
    const res = await createIntent(token);
    expect(res.statusCode).toBe(200);
    expect(standIn.creates).toHaveLength(1);
    const sent = standIn.creates[0]!;
    expect(sent.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent.form).toMatchObject({
      amount: '83374',
      currency: 'aud',
      'metadata[bookingToken]': token,
      'metadata[jobNumber]': job.jobNumber,
      'metadata[jobId]': job.id,
    });
    expect(sent.idempotencyKey).toBe(`booking-${token}-83374`);

    const intent = [...standIn.intents.values()].find((i) => i.metadata.jobId === job.id)!;
    expect(res.json()).toEqual({
      clientSecret: intent.client_secret,
      originalAmount: '819.80',
      surchargeAmount: '13.94',
      totalAmount: '833.74',
      message: 'A 1.7% card surcharge of $13.94 applies. Total to pay: $833.74.',
    });
    expect((await jobRow(job.id)).stripePaymentIntentId).toBe(intent.id);
  });

  it('confirms a payment made at the surcharge in force at checkout, though the owner changed it before the webhook came', async () => {
    const { job, token, intentId } = await bookWithIntent({ customerValue: '129.80' });
    const intent = standIn.intents.get(intentId)!;
    expect(intent.metadata.cardSurchargeBasisPoints).toBe('170');
    const { fees } = await readSettings(t.db, t.config);
    await writeSetting(t.db, 'fees', { ...fees, cardSurchargeBasisPoints: 200 }, null, t.clock.now());
    try {
      const event = intentEvent('payment_intent.succeeded', intentId, { jobId: job.id, token, amount: intent.amount });
      Object.assign(event.data.object.metadata, intent.metadata);
      expect((await postWebhook(event)).statusCode).toBe(200);
      expect((await jobRow(job.id)).paymentStatus).toBe('paid');
    } finally {
      await writeSetting(t.db, 'fees', fees, null, t.clock.now());
    }
  });

  it('reuses the open intent on a reload instead of creating a second one', async () => {
    const { token, body } = await bookWithIntent();
    standIn.requests.length = 0;
    const again = await createIntent(token);
    expect(again.json().clientSecret).toBe(body.clientSecret);
    expect(standIn.creates).toHaveLength(0);
    expect(standIn.requests.map((r) => r.method)).toEqual(['GET']);
  });

  it('creates a new intent when the booking amount changed', async () => {
    const { job, token, intentId } = await bookWithIntent();
    await setJobState(t.db, job.id, { customerValue: '59.80' });
    standIn.requests.length = 0;
    const res = await createIntent(token);
    expect(res.json().totalAmount).toBe('60.82');
    expect(standIn.creates).toHaveLength(1);
    expect((await jobRow(job.id)).stripePaymentIntentId).not.toBe(intentId);
  });

  it('refuses to start a second payment while the stored intent has already succeeded', async () => {
    const { token, intentId } = await bookWithIntent();
    standIn.setStatus(intentId, 'succeeded');
    const res = await createIntent(token);
    expect(res.statusCode).toBe(409);
    expect(standIn.creates).toHaveLength(1);
  });
});

describe('POST /api/payments/webhook', () => {
  it('marks the job paid on a verified payment_intent.succeeded, queues one email and announces the booking', async () => {
    const { job, token, intentId } = await bookWithIntent();
    const res = await postWebhook(
      intentEvent('payment_intent.succeeded', intentId, { jobId: job.id, token, amount: 10150 }),
    );
    expect(res.statusCode).toBe(200);
    expect(await jobRow(job.id)).toMatchObject({
      paymentStatus: 'paid',
      status: 'new',
      stripePaymentIntentId: intentId,
    });
    expect(await emailsFor(job.id)).toHaveLength(1);
    expect((await announced.list()).map((a) => a.data.id)).toEqual([job.id]);
    const booking = await t.app.inject({ method: 'GET', url: `/api/booking-token/${token}` });
    expect(booking.json()).toMatchObject({
      paymentStatus: 'paid',
      provider: 'stripe',
      publishableKey: 'pk_test_standin',
    });
  });

  it('changes nothing for the same event delivered five times: one state change, one email, one announcement', async () => {
    const { job, token, intentId } = await bookWithIntent();
    const event = intentEvent('payment_intent.succeeded', intentId, { jobId: job.id, token, amount: 10150 });
    for (let i = 0; i < 5; i++) expect((await postWebhook(event)).statusCode).toBe(200);
    expect((await jobRow(job.id)).paymentStatus).toBe('paid');
    expect(await emailsFor(job.id)).toHaveLength(1);
    expect(await announced.list()).toHaveLength(1);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toHaveLength(1);
  });

  it('refuses a wrong signature, a missing one and one older or newer than 300 seconds with 400, changing nothing', async () => {
    const { job, token, intentId } = await bookWithIntent();
    const event = intentEvent('payment_intent.succeeded', intentId, { jobId: job.id, token, amount: 10150 });
    const forged = await postWebhook(event, { secret: 'whsec_attacker' });
    const missing = await postWebhook(event, { signature: null });
    const stale = await postWebhook(event, { ageSeconds: 301 });
    // Signed 10 minutes ahead of the server's clock: as far outside the tolerance as one 10 minutes old.
    const future = await postWebhook(event, { ageSeconds: -600 });
    const garbage = await postWebhook(event, { signature: 't=1,v1=deadbeef' });
    for (const res of [forged, missing, stale, future, garbage]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Webhook signature verification failed.');
    }
    expect((await jobRow(job.id)).paymentStatus).toBe('pending');
    expect(await emailsFor(job.id)).toHaveLength(0);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toHaveLength(0);
    // A signature 299 s old, or 299 s ahead, is still inside the tolerance.
    expect((await postWebhook(event, { ageSeconds: -299 })).statusCode).toBe(200);
    expect((await postWebhook(event, { ageSeconds: 299 })).statusCode).toBe(200);
    expect((await jobRow(job.id)).paymentStatus).toBe('paid');
  });

  it('refuses a body altered after signing', async () => {
    const { job, token, intentId } = await bookWithIntent();
    const event = intentEvent('payment_intent.succeeded', intentId, { jobId: job.id, token, amount: 10150 });
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(t.clock.now().getTime() / 1000),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: payload.replace('10150', '1'),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(res.statusCode).toBe(400);
    expect((await jobRow(job.id)).paymentStatus).toBe('pending');
  });

  it('records payment_intent.payment_failed and leaves the job pending', async () => {
    const { job, token, intentId } = await bookWithIntent();
    const event = intentEvent('payment_intent.payment_failed', intentId, { jobId: job.id, token, amount: 10150 });
    expect((await postWebhook(event)).statusCode).toBe(200);
    expect((await jobRow(job.id)).paymentStatus).toBe('pending');
    const [recorded] = await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id));
    expect(recorded).toMatchObject({ type: 'payment_intent.payment_failed', jobId: job.id });
  });

  it('acknowledges event types it does not act on', async () => {
    const res = await postWebhook({
      id: 'evt_other_1',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_1', object: 'charge' } },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('a payment that arrives after its hold expired', () => {
  it('takes the slot back when it is still free', async () => {
    const { job, token, intentId } = await bookWithIntent();
    t.clock.advance(31 * MINUTE);
    await sweepExpiredHolds({ db: t.db, clock: t.clock });
    expect((await jobRow(job.id)).status).toBe('cancelled');

    expect(
      (await postWebhook(intentEvent('payment_intent.succeeded', intentId, { jobId: job.id, token, amount: 10150 })))
        .statusCode,
    ).toBe(200);
    expect(await jobRow(job.id)).toMatchObject({
      status: 'new',
      paymentStatus: 'paid',
      cancelledAt: null,
      paymentFlag: null,
    });
    expect(await emailsFor(job.id)).toHaveLength(1);
    expect(await announced.list()).toHaveLength(1);
    // The way back from cancelled is a declared move, in the job's history like any other (decision 250).
    const moves = ((await staffView(job.id)).history as { kind: string }[]).filter(
      (e) => e.kind === 'status' || e.kind === 'payment',
    );
    expect(moves).toEqual([
      expect.objectContaining({ kind: 'status', from: 'new', to: 'cancelled', actor: null }),
      expect.objectContaining({
        kind: 'status',
        from: 'cancelled',
        to: 'new',
        actor: null,
        note: 'Paid after the hold lapsed; the slot was still free, so the booking stands',
      }),
      expect.objectContaining({
        kind: 'payment',
        from: 'pending',
        to: 'paid',
        actor: null,
        note: 'Paid online $101.50',
      }),
    ]);
  });

  it('counts a slot staff blocked after the hold lapsed as lost: refund flagged, no confirmation', async () => {
    const { job, token, intentId } = await bookWithIntent();
    t.clock.advance(31 * MINUTE);
    await sweepExpiredHolds({ db: t.db, clock: t.clock });
    await t.db
      .insert(timeSlots)
      .values({ date: job.scheduledDay, slot: job.timeSlot, isAvailable: false, blockedReason: 'Van in for service' });

    expect(
      (await postWebhook(intentEvent('payment_intent.succeeded', intentId, { jobId: job.id, token, amount: 10150 })))
        .statusCode,
    ).toBe(200);
    expect(await jobRow(job.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'paid',
      paymentFlag: 'refund-required',
    });
    expect((await emailsFor(job.id)).filter((e) => e.kind === 'booking_confirmation')).toHaveLength(0);
  });

  it('flags the job for a refund instead of double-booking when someone else took the slot', async () => {
    const { job, token, intentId } = await bookWithIntent();
    t.clock.advance(31 * MINUTE);
    await sweepExpiredHolds({ db: t.db, clock: t.clock });
    const other = await insertJob(t.db, { scheduledDay: job.scheduledDay, timeSlot: '12-2 PM' });

    expect(
      (await postWebhook(intentEvent('payment_intent.succeeded', intentId, { jobId: job.id, token, amount: 10150 })))
        .statusCode,
    ).toBe(200);
    expect(await jobRow(job.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'paid',
      paymentFlag: 'refund-required',
    });
    expect((await jobRow(other.id)).status).toBe('new');
    // The job never came back: its history says it lapsed and was paid, with the refund due.
    const moves = ((await staffView(job.id)).history as { kind: string }[]).filter(
      (e) => e.kind === 'status' || e.kind === 'payment',
    );
    expect(moves).toEqual([
      expect.objectContaining({ kind: 'status', from: 'new', to: 'cancelled' }),
      expect.objectContaining({
        kind: 'payment',
        from: 'pending',
        to: 'paid',
        note: 'Paid online $101.50: the slot was lost, refund due',
      }),
    ]);
    // No booking confirmation (the refund notices are the next test's).
    expect((await emailsFor(job.id)).filter((e) => e.kind === 'booking_confirmation')).toHaveLength(0);
    expect(await announced.list()).toHaveLength(0);
  });

  it('keeps a booking staff cancelled before the money arrived cancelled: refund flagged, both told why, no confirmation', async () => {
    const { job, token, intentId } = await bookWithIntent();
    const admin = (await signInStaff(t, 'admin')).cookie;
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/dashboard/jobs/${job.id}/cancel`,
      headers: { cookie: admin },
      payload: { reason: 'Customer phoned to cancel' },
    });
    expect(cancelled.statusCode).toBe(200);

    expect(
      (await postWebhook(intentEvent('payment_intent.succeeded', intentId, { jobId: job.id, token, amount: 10150 })))
        .statusCode,
    ).toBe(200);
    expect(await jobRow(job.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'paid',
      paymentFlag: 'refund-required',
    });
    const moves = ((await staffView(job.id)).history as { kind: string }[]).filter(
      (e) => e.kind === 'status' || e.kind === 'payment',
    );
    expect(moves.map((m) => expect.objectContaining(m))).toHaveLength(2);
    expect(moves[1]).toMatchObject({
      kind: 'payment',
      to: 'paid',
      note: 'Paid online $101.50: the booking was cancelled, refund due',
    });
    const emails = await emailsFor(job.id);
    expect(emails.filter((e) => e.kind === 'booking_confirmation')).toHaveLength(0);
    expect(emails.find((e) => e.to === job.contactEmail && /could not be kept/.test(e.subject))?.text).toContain(
      'after the booking had been cancelled',
    );
    expect(emails.find((e) => e.to === t.config.business.email && /Refund needed/.test(e.subject))?.subject).toContain(
      'was paid after it was cancelled',
    );
    expect(await announced.list()).toHaveLength(0);
  });

  it('tells the customer the booking could not be kept and will be refunded, emails the business, and shows staff the flag', async () => {
    const { job, token, intentId } = await bookWithIntent();
    t.clock.advance(31 * MINUTE);
    await sweepExpiredHolds({ db: t.db, clock: t.clock });
    await insertJob(t.db, { scheduledDay: job.scheduledDay, timeSlot: '12-2 PM' });
    expect(
      (await postWebhook(intentEvent('payment_intent.succeeded', intentId, { jobId: job.id, token, amount: 10150 })))
        .statusCode,
    ).toBe(200);

    // The success page reads the booking: not "confirmed", but kept back for a refund.
    const booking = await getBooking(token);
    expect(booking.statusCode).toBe(200);
    expect(booking.json()).toMatchObject({ paymentStatus: 'paid', outcome: 'refund-due', jobNumber: job.jobNumber });

    const emails = await emailsFor(job.id);
    const toBusiness = emails.filter((e) => e.to === t.config.business.email);
    expect(toBusiness).toHaveLength(1);
    expect(toBusiness[0]!.subject).toContain(job.jobNumber);
    expect(toBusiness[0]!.text).toMatch(/refund/i);
    expect(toBusiness[0]!.text).toContain('$101.50');
    expect(toBusiness[0]!.text).toContain(intentId);
    // The customer hears the same from us, and no booking confirmation goes out.
    const toCustomer = emails.filter((e) => e.to === job.contactEmail);
    expect(toCustomer).toHaveLength(1);
    expect(toCustomer[0]!.subject).toMatch(/could not be kept/i);
    expect(toCustomer[0]!.text).toMatch(/refund/i);
    expect(emails).toHaveLength(2);

    expect(await staffView(job.id)).toMatchObject({
      paymentFlag: 'refund-required',
      status: 'cancelled',
      paymentStatus: 'paid',
    });
  });
});

describe('a signed success whose amount or currency is not the booking total', () => {
  for (const [label, amount, currency] of [
    ['1 cent in USD', 1, 'usd'],
    ['the right number of cents in USD', 10150, 'usd'],
    ['one cent short in AUD', 10149, 'aud'],
    ['the amount before the card surcharge', 9980, 'aud'],
  ] as const) {
    it(`does not confirm the booking for ${label}: the job is flagged for staff and the business emailed`, async () => {
      const { job, token, intentId } = await bookWithIntent();
      const res = await postWebhook(
        intentEvent('payment_intent.succeeded', intentId, { jobId: job.id, token, amount, currency }),
      );
      expect(res.statusCode).toBe(200);
      expect(await jobRow(job.id)).toMatchObject({
        paymentStatus: 'pending',
        status: 'new',
        paymentFlag: 'amount-mismatch',
      });
      expect(await announced.list()).toHaveLength(0);
      const emails = await emailsFor(job.id);
      expect(emails.map((e) => e.to)).toEqual([t.config.business.email]);
      expect(emails[0]!.text).toContain('$101.50');
      expect(await staffView(job.id)).toMatchObject({ paymentFlag: 'amount-mismatch', paymentStatus: 'pending' });
      expect((await getBooking(token)).json()).toMatchObject({ paymentStatus: 'pending', outcome: 'payment-review' });
    });
  }

  it('confirms the booking when the amount is the total with the card surcharge, in AUD (any letter case)', async () => {
    const { job, token, intentId } = await bookWithIntent();
    expect(
      (
        await postWebhook(
          intentEvent('payment_intent.succeeded', intentId, { jobId: job.id, token, amount: 10150, currency: 'AUD' }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await jobRow(job.id)).toMatchObject({ paymentStatus: 'paid', paymentFlag: null });
    expect((await getBooking(token)).json()).toMatchObject({ outcome: 'confirmed' });
  });
});
