import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingBody, freshClientAddress } from '../../../tests/helpers/bookings';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { TWILIO_TEST } from '../../../tests/helpers/twilio-stand-in';
import { waitFor } from '../../../tests/helpers/wait-for';
import { PAYMENT_SETUP_FAILED_BOOKING, PAYMENT_SETUP_FAILED_INVOICE } from '../../shared/schemas/payments';
import { createSmtpMailer } from '../adapters/email';
import { bookingHolds, jobs, outboundEmails, outboundSms, paymentEvents } from '../db/schema';
import { createTwilioSender } from '../sms/provider';
import { insertPrepaidBooking } from './fixtures';
import { StripePaymentProvider } from './stripe';

/**
 * Every outside provider unreachable (docs/decisions/402-providers-down-offline-retry-rtl.md): a
 * card payment answers 503 with the checkout's sentence and the other ways to pay, never 500, and
 * writes nothing; a booking whose email and text cannot leave is still made (they wait in the outboxes).
 */

/** A localhost port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

const stripeAt = (port: number, more: { timeoutMs?: number } = {}) =>
  new StripePaymentProvider({
    secretKey: 'sk_test_down',
    webhookSecret: 'whsec_test_down',
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
    ...more,
  });

let t: TestApp;
let port: number;
/** A server that accepts connections and never answers: a provider that hangs. */
let silent: http.Server;
const hanging: http.ServerResponse[] = [];

beforeAll(async () => {
  port = await closedPort();
  silent = http.createServer((_req, res) => hanging.push(res));
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_down',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_down',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_down',
      TWILIO_ACCOUNT_SID: TWILIO_TEST.accountSid,
      TWILIO_AUTH_TOKEN: TWILIO_TEST.authToken,
      TWILIO_FROM: TWILIO_TEST.from,
    },
    overrides: {
      payments: stripeAt(port),
      smsSender: createTwilioSender({
        accountSid: TWILIO_TEST.accountSid,
        authToken: TWILIO_TEST.authToken,
        from: TWILIO_TEST.from,
        apiBaseUrl: `http://127.0.0.1:${port}`,
      }),
      mailer: createSmtpMailer(`smtp://127.0.0.1:${port}`),
    },
  });
  t.clock.set(MONDAY_7AM_PERTH);
});
afterAll(async () => {
  await t?.close();
  for (const res of hanging) res.destroy();
  await new Promise<void>((r) => silent.close(() => r()));
});

const jobRow = async (id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

describe('Stripe unreachable', () => {
  it('a card payment answers 503 with the Payment Setup Failed sentence and the other ways to pay, and writes nothing', async () => {
    const booking = await insertPrepaidBooking(t.db, {
      now: t.clock.now(),
      scheduledDay: '2027-02-03',
      timeSlot: '12-2 PM',
    });
    const before = await jobRow(booking.job.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent-token',
      payload: { bookingToken: booking.token },
    });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ error: 'UNAVAILABLE', message: PAYMENT_SETUP_FAILED_BOOKING });
    expect(PAYMENT_SETUP_FAILED_BOOKING).toMatch(/^Unable to initialize payment\. Please try again.*pay on site\.$/);
    // Nothing half-written: the job, its hold and the payment events are as they were.
    expect(await jobRow(booking.job.id)).toEqual(before);
    expect(before.stripePaymentIntentId).toBeNull();
    const [hold] = await t.db.select().from(bookingHolds).where(eq(bookingHolds.token, booking.token));
    expect(hold).toBeDefined();
    expect(await t.db.select().from(paymentEvents)).toEqual([]);
    // The customer's page still opens, so another try (or pay on site) is possible.
    expect((await t.app.inject({ method: 'GET', url: `/api/booking-token/${booking.token}` })).statusCode).toBe(200);
  });

  it('an invoice payment is refused with its own other ways to pay', async () => {
    await expect(
      stripeAt(port).createIntent({
        amountCents: 10_170,
        metadata: { invoiceId: 'inv-1', invoiceNumber: 'INV-0001', cardSurchargeBasisPoints: '170' },
        existingIntentId: null,
      }),
    ).rejects.toMatchObject({ code: 'UNAVAILABLE', status: 503, message: PAYMENT_SETUP_FAILED_INVOICE });
  });

  it('a Stripe that accepts the connection and never answers is a 503 too, after the timeout', async () => {
    const { port: silentPort } = silent.address() as AddressInfo;
    await expect(
      stripeAt(silentPort, { timeoutMs: 300 }).createIntent({
        amountCents: 10_170,
        metadata: { bookingToken: 'tok', jobNumber: 'J-1', jobId: 'x' },
        existingIntentId: null,
      }),
    ).rejects.toMatchObject({ status: 503, message: PAYMENT_SETUP_FAILED_BOOKING });
  });
});

describe('Twilio and the mail server unreachable', () => {
  it('the booking is made at once; its email and text wait in the outboxes with the error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'x-forwarded-for': freshClientAddress() },
      payload: bookingBody({
        customer: { phone: '0412 999 888' },
        job: { scheduledDate: '2026-11-26', timeSlot: '10-12 AM' },
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { jobId } = res.json<{ jobId: string }>();
    const [sms] = await waitFor(async () => {
      const rows = await t.db.select().from(outboundSms).where(eq(outboundSms.jobId, jobId));
      return rows[0]?.lastError && rows;
    });
    expect(sms).toMatchObject({ status: 'pending' });
    const [email] = await waitFor(async () => {
      const rows = await t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, jobId));
      return rows[0]?.lastError && rows;
    });
    expect(email).toMatchObject({ status: 'pending' });
  });
});
