import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { signInStaff } from '../../../tests/helpers/bookings';
import { jobs, outboundEmails } from '../db/schema';
import { businessInfoOf } from '../seo/page-data';
import { readSettings } from '../settings/store';
import { insertPrepaidBooking } from './fixtures';

/**
 * Ways to pay online with the labelled simulated provider (docs/decisions/410-afterpay-zip-and-wallets.md):
 * the owner's switches, the methods a booking is offered, and Afterpay's approve and decline paths.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInStaff(t, 'admin')).cookie;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => t.clock.set(MONDAY_7AM_PERTH));

const DAYS = ['2027-02-01', '2027-02-02', '2027-02-03', '2027-02-04', '2027-02-05'];
let n = 0;
const book = (customerValue = '487.80') =>
  insertPrepaidBooking(t.db, { now: t.clock.now(), scheduledDay: DAYS[n++]!, timeSlot: '8-10 AM', customerValue });
const putSwitches = (payload: object, cookie = admin) =>
  t.app.inject({ method: 'PUT', url: '/api/dashboard/settings/payment-methods', headers: { cookie }, payload });
const methodsOf = async (token: string) =>
  (
    (await t.app.inject({ method: 'GET', url: `/api/bookings/${token}/payment-methods` })).json() as {
      method: string;
    }[]
  ).map((m) => m.method);
const answer = (bookingToken: string, decision: 'approve' | 'decline', method = 'afterpay') =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/simulated/redirect',
    payload: { bookingToken, method, decision },
  });
const jobRow = async (id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const isSlotFree = async (day: string) =>
  (
    (await t.app.inject({ method: 'GET', url: `/api/time-slots/availability?date=${day}` })).json() as {
      slot: string;
      isAvailable: boolean;
    }[]
  ).find((s) => s.slot === '8-10 AM')!.isAvailable;

describe('the owner switches the ways to pay online', () => {
  it('starts with Afterpay and Zip off and the wallets on; only an admin reads or changes them; each change is in the history', async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/settings/payment-methods',
      headers: { cookie: admin },
    });
    expect(read.json()).toEqual({
      afterpay: false,
      zip: false,
      wallets: true,
      bnplSurchargePercent: '0.00',
      providerReady: true,
    });
    const technician = (await signInStaff(t, 'technician')).cookie;
    expect((await putSwitches({ afterpay: true, zip: true, wallets: true }, technician)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/dashboard/settings/payment-methods',
          headers: { cookie: technician },
        })
      ).statusCode,
    ).toBe(403);
    expect((await putSwitches({ afterpay: 'yes', zip: true, wallets: true })).statusCode).toBe(400);
    expect(
      (await putSwitches({ afterpay: true, zip: true, wallets: true, bnplSurchargePercent: '11' })).statusCode,
    ).toBe(400);

    const saved = await putSwitches({ afterpay: true, zip: true, wallets: true });
    expect(saved.json()).toMatchObject({ afterpay: true, zip: true, wallets: true });
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/settings/history?subject=payment-methods',
      headers: { cookie: admin },
    });
    expect(history.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'Afterpay', from: 'Off', to: 'On' }),
        expect.objectContaining({ field: 'Zip', from: 'Off', to: 'On' }),
      ]),
    );
    expect(history.json()).toHaveLength(2);
  });
});

describe('the ways a booking can be paid', () => {
  it('offers card, Afterpay and Zip for a $487.80 prepaid booking while they are on; Afterpay goes when switched off; a made-up token is 404', async () => {
    await putSwitches({ afterpay: true, zip: true, wallets: true });
    const { token } = await book();
    const offered = await t.app.inject({ method: 'GET', url: `/api/bookings/${token}/payment-methods` });
    expect(offered.statusCode).toBe(200);
    expect(offered.json()).toEqual([
      { method: 'card', surcharge: '8.29', total: '496.09' },
      { method: 'afterpay', min: '1.00', max: '2000.00', surcharge: '0.00', total: '487.80' },
      { method: 'zip', min: '1.00', max: '5000.00', surcharge: '0.00', total: '487.80' },
      { method: 'apple-pay', surcharge: '8.29', total: '496.09' },
      { method: 'google-pay', surcharge: '8.29', total: '496.09' },
    ]);

    await putSwitches({ afterpay: false, zip: true, wallets: false });
    expect(await methodsOf(token)).toEqual(['card', 'zip']);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/create-payment-intent-token',
          payload: { bookingToken: token, method: 'afterpay' },
        })
      ).statusCode,
    ).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: '/api/bookings/made-up-token/payment-methods' })).statusCode).toBe(
      404,
    );
  });

  it('the public pages promise Afterpay only while it is on', async () => {
    await putSwitches({ afterpay: true, zip: false, wallets: true });
    const on = businessInfoOf(t.config, await readSettings(t.db, t.config));
    expect(on.onlineMethods).toEqual({ afterpay: true, zip: false, wallets: true });
    await putSwitches({ afterpay: false, zip: false, wallets: true });
    const off = businessInfoOf(t.config, await readSettings(t.db, t.config));
    expect(off.onlineMethods).toEqual({ afterpay: false, zip: false, wallets: true });
  });
});

describe("the simulated provider's Afterpay", () => {
  beforeAll(async () => {
    await putSwitches({ afterpay: true, zip: true, wallets: true });
  });

  it('approve confirms the booking through the payment handler: paid, confirmation queued, the token says confirmed', async () => {
    const { job, token } = await book();
    const res = await answer(token, 'approve');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: 'confirmed', jobNumber: job.jobNumber });
    expect(await jobRow(job.id)).toMatchObject({ status: 'new', paymentStatus: 'paid' });
    expect(await t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, job.id))).toHaveLength(1);
    const booking = (await t.app.inject({ method: 'GET', url: `/api/booking-token/${token}` })).json();
    expect(booking).toMatchObject({ outcome: 'confirmed', paidWith: 'afterpay', paidAmount: '487.80' });
    // Paid once: a second answer is refused, nothing is paid twice.
    expect((await answer(token, 'approve')).statusCode).toBe(409);
  });

  it('decline frees the slot at once, nothing is paid, and the token tells the customer to pay another way', async () => {
    const { job, token } = await book();
    expect(await isSlotFree(job.scheduledDay)).toBe(false);
    const res = await answer(token, 'decline');
    expect(res.json()).toEqual({ outcome: 'declined', jobNumber: job.jobNumber });
    expect(await jobRow(job.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });
    expect(await isSlotFree(job.scheduledDay)).toBe(true);
    const booking = (await t.app.inject({ method: 'GET', url: `/api/booking-token/${token}` })).json();
    expect(booking).toMatchObject({ outcome: 'declined', declineMessage: 'Afterpay did not approve this payment.' });
    expect(await t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, job.id))).toHaveLength(0);
    // Gone an hour after the decline, like any other finished token.
    t.clock.set(new Date(t.clock.now().getTime() + 61 * 60_000).toISOString());
    expect((await t.app.inject({ method: 'GET', url: `/api/booking-token/${token}` })).statusCode).toBe(404);
  });

  it('has no Apple Pay domain file unless one is configured', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/.well-known/apple-developer-merchantid-domain-association',
    });
    expect(res.statusCode).toBe(404);
  });
});
