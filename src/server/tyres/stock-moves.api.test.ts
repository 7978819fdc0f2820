import { and, eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tyresOrderedNote, tyresOrderedRefusal } from '../../shared/domain/tyre-order';
import { fittedTyres, jobs, outboundEmails, tyreStock, tyreStockReservations } from '../db/schema';
import { insertJob } from '../db/seed/factories';
import { sweepExpiredHolds } from '../holds/service';
import { listJobHistory } from '../jobs/history';
import { newManageToken } from '../manage/token';
import { insertPrepaidBooking } from '../payments/fixtures';
import { StripePaymentProvider } from '../payments/stripe';
import { freshClientAddress } from '../../../tests/helpers/bookings';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { startStripeStandIn, type StripeStandIn } from '../../../tests/helpers/stripe-stand-in';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';

/**
 * New tyres on a job that moves (docs/decisions/433-tyres-on-a-moved-job.md): a job whose tyres
 * are to be ordered is not moved before the lead time allows, by the customer or by staff; tyres
 * held stay held; a job brought back by a payment after its hold lapsed takes its tyres again as a
 * new booking would. The clock is Monday 23 November 2026, 7 am Perth; the lead time is 3 days.
 */
const SECRET_KEY = 'sk_test_standin';
const WEBHOOK_SECRET = 'whsec_test_standin';
const stripe = new Stripe(SECRET_KEY);
let t: TestApp;
let standIn: StripeStandIn;
let admin: { cookie: string };

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
  t.clock.set(MONDAY_7AM_PERTH);
  admin = await signedInStaff(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});
beforeEach(() => t.clock.set(MONDAY_7AM_PERTH));

const jobRow = async (id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const stockRow = async (location: string, size: string) =>
  (
    await t.db
      .select()
      .from(tyreStock)
      .where(and(eq(tyreStock.location, location), eq(tyreStock.size, size)))
  )[0]!;
const reservationOf = async (jobId: string) =>
  (await t.db.select().from(tyreStockReservations).where(eq(tyreStockReservations.jobId, jobId)))[0];

const byCustomer = (token: string, date: string, timeSlot: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/manage/${token}/reschedule`,
    remoteAddress: freshClientAddress(),
    payload: { date, timeSlot },
  });
const byStaff = (jobId: string, scheduledDate: string, timeSlot: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/dashboard/jobs/${jobId}/reschedule`,
    headers: { cookie: admin.cookie },
    payload: { scheduledDate, timeSlot },
  });

const customersPage = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/manage/${token}`, remoteAddress: freshClientAddress() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ orderedTyres: { firstDay: string; note: string } | null }>();
};

/** A booked job for new tyres, with its manage link. */
async function tyreJob(
  size: string,
  day: string,
  timeSlot: '8-10 AM' | '10-12 AM' | '12-2 PM' | '2-4 PM',
  bookedAt = t.clock.now(),
  status: 'new' | 'in-progress' = 'new',
) {
  const { token, hash } = newManageToken();
  const job = await insertJob(t.db, {
    serviceType: 'new-tyres',
    tyreSize: size,
    tyreQuantity: 2,
    scheduledDay: day,
    timeSlot,
    manageTokenHash: hash,
    createdAt: bookedAt,
    status,
  });
  return { job, token };
}

describe('a job whose tyres are to be ordered', () => {
  it('is not moved before the lead time by the customer or by staff, and reserves stock come meanwhile', async () => {
    // The owner keeps the size, but nobody holds one.
    await t.db.insert(tyreStock).values({ location: 'depot', size: '195/55R15', brand: 'Hankook', quantity: 0 });
    const { job, token } = await tyreJob('195/55R15', '2026-11-26', '12-2 PM');
    const refusal = tyresOrderedRefusal('195/55R15', 3, '2026-11-26');
    // The customer's page says so, and its list of free windows starts there.
    expect((await customersPage(token)).orderedTyres).toEqual({
      firstDay: '2026-11-26',
      note: tyresOrderedNote('195/55R15', 3, '2026-11-26'),
    });

    const early = await byCustomer(token, '2026-11-24', '8-10 AM');
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json()).toMatchObject({ message: refusal, fields: { date: refusal } });
    const staffEarly = await byStaff(job.id, '2026-11-25', '10-12 AM');
    expect(staffEarly.statusCode, staffEarly.body).toBe(400);
    expect(staffEarly.json()).toMatchObject({ message: refusal, fields: { scheduledDate: refusal } });
    expect(await jobRow(job.id)).toMatchObject({ scheduledDay: '2026-11-26', timeSlot: '12-2 PM' });
    expect(await reservationOf(job.id)).toBeUndefined();

    // On or after the lead time's day the move is free, and reserves nothing.
    expect((await byStaff(job.id, '2026-11-27', '10-12 AM')).statusCode).toBe(200);
    expect(await reservationOf(job.id)).toBeUndefined();

    // Two arrive at the depot: the page offers the earlier days again, and an earlier day takes them for this job.
    await t.db.update(tyreStock).set({ quantity: 2 }).where(eq(tyreStock.size, '195/55R15'));
    expect((await customersPage(token)).orderedTyres).toBeNull();
    const now = await byCustomer(token, '2026-11-24', '8-10 AM');
    expect(now.statusCode, now.body).toBe(200);
    expect(await reservationOf(job.id)).toMatchObject({ quantity: 2 });
    expect(await stockRow('depot', '195/55R15')).toMatchObject({ quantity: 2, reserved: 2 });
    expect((await customersPage(token)).orderedTyres).toBeNull();
  });

  it('counts the lead time from the day it was booked', async () => {
    await t.db.insert(tyreStock).values({ location: 'depot', size: '175/65R14', brand: 'Kumho', quantity: 0 });
    // Booked last Friday for this Friday: the tyres ordered then come by Monday.
    const { job } = await tyreJob('175/65R14', '2026-11-27', '2-4 PM', new Date('2026-11-20T02:00:00Z'));
    const moved = await byStaff(job.id, '2026-11-24', '2-4 PM');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await reservationOf(job.id)).toBeUndefined();
  });
});

describe('a job whose tyres are held', () => {
  it('keeps its one reservation wherever it moves, before the lead time too', async () => {
    await t.db.insert(tyreStock).values({ location: 'van-1', size: '235/45R18', brand: 'Pirelli', quantity: 2 });
    const { job, token } = await tyreJob('235/45R18', '2026-11-27', '8-10 AM');
    const stock = await stockRow('van-1', '235/45R18');
    await t.db.insert(tyreStockReservations).values({ jobId: job.id, stockId: stock.id, quantity: 2 });
    await t.db.update(tyreStock).set({ reserved: 2 }).where(eq(tyreStock.id, stock.id));
    expect((await customersPage(token)).orderedTyres).toBeNull();

    expect((await byStaff(job.id, '2026-11-24', '12-2 PM')).statusCode).toBe(200);
    expect((await byCustomer(token, '2026-11-25', '2-4 PM')).statusCode).toBe(200);
    expect(await reservationOf(job.id)).toMatchObject({ stockId: stock.id, quantity: 2 });
    expect(await stockRow('van-1', '235/45R18')).toMatchObject({ quantity: 2, reserved: 2 });
  });

  it('moves freely once its tyres are on the car', async () => {
    await t.db.insert(tyreStock).values({ location: 'depot', size: '245/40R18', brand: 'Toyo', quantity: 0 });
    const { job } = await tyreJob('245/40R18', '2026-11-30', '8-10 AM', t.clock.now(), 'in-progress');
    await t.db.insert(fittedTyres).values({
      jobId: job.id,
      position: 'front-left',
      size: '245/40R18',
      brand: 'Toyo',
      dotWeek: 10,
      dotYear: 2026,
      fittedOn: '2026-11-23',
      removed: 'disposal',
    });
    const moved = await byStaff(job.id, '2026-11-23', '2-4 PM');
    expect(moved.statusCode, moved.body).toBe(200);
  });
});

describe('a job brought back by a payment after its hold lapsed', () => {
  /** A prepaid booking for two new tyres holding them at the depot, with its card intent; its hold then lapses. */
  async function lapsedTyreBooking(size: string, day: string, timeSlot: '8-10 AM' | '10-12 AM' | '12-2 PM') {
    await t.db.insert(tyreStock).values({ location: 'depot', size, brand: 'Michelin', quantity: 2, reserved: 2 });
    const booking = await insertPrepaidBooking(t.db, {
      now: t.clock.now(),
      scheduledDay: day,
      timeSlot,
      serviceType: 'new-tyres',
      tyreSize: size,
      tyreQuantity: 2,
    });
    const stock = await stockRow('depot', size);
    await t.db.insert(tyreStockReservations).values({ jobId: booking.job.id, stockId: stock.id, quantity: 2 });
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
    expect(await stockRow('depot', size)).toMatchObject({ quantity: 2, reserved: 0 });
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

  it('takes its tyres back when they are still free', async () => {
    const booking = await lapsedTyreBooking('205/60R16', '2026-11-24', '10-12 AM');
    expect((await paid(booking)).statusCode).toBe(200);
    expect(await jobRow(booking.job.id)).toMatchObject({ status: 'new', paymentStatus: 'paid', paymentFlag: null });
    expect(await reservationOf(booking.job.id)).toMatchObject({ quantity: 2 });
    expect(await stockRow('depot', '205/60R16')).toMatchObject({ quantity: 2, reserved: 2 });
  });

  it('is told they will be ordered when its day can wait for them, and lost with a refund when it cannot', async () => {
    const later = await lapsedTyreBooking('225/55R17', '2026-11-27', '12-2 PM');
    const sooner = await lapsedTyreBooking('225/50R17', '2026-11-25', '8-10 AM');
    // Meanwhile both sizes' tyres were fitted elsewhere.
    await t.db
      .update(tyreStock)
      .set({ quantity: 0 })
      .where(inArray(tyreStock.size, ['225/55R17', '225/50R17']));

    expect((await paid(later)).statusCode).toBe(200);
    expect(await jobRow(later.job.id)).toMatchObject({ status: 'new', paymentStatus: 'paid', paymentFlag: null });
    expect(await reservationOf(later.job.id)).toBeUndefined();
    const notes = (await listJobHistory(t.db, later.job.id)).map((e) => e.note);
    expect(notes).toContain(tyresOrderedNote('225/55R17', 3, '2026-11-26'));

    expect((await paid(sooner)).statusCode).toBe(200);
    expect(await jobRow(sooner.job.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'paid',
      paymentFlag: 'refund-required',
    });
    const emails = await t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, sooner.job.id));
    expect(emails.map((e) => e.text).join('\n')).toContain('the tyres we held for you had been booked by someone else');
  });
});
