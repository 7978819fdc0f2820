import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeesView, SettingChangeView } from '../../shared/schemas/settings';
import { buildApp } from '../app';
import { jobs } from '../db/schema';
import { bookingBody, freshClientAddress } from '../../../tests/helpers/bookings';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/**
 * The fees are the owner's (docs/decisions/280-owner-settings-in-the-database.md): a change reaches
 * the next quote, on every instance; a booked job keeps its price; bad input changes nothing.
 */

const FEES = '/api/dashboard/settings/fees';
const HISTORY = '/api/dashboard/settings/history';
const MONEY = 'Must be a valid decimal amount';
const DEFAULTS = {
  callout: '89.80',
  punctureRepair: '40.00',
  fittingPerTyre: '25.00',
  balancingPerTyre: '15.00',
  prepaidDiscount: '30.00',
  cardSurchargePercent: '1.70',
};

let t: TestApp;
let admin: string;
let technician: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInStaff(t, { role: 'admin' })).cookie;
  technician = (await signedInStaff(t, { role: 'technician' })).cookie;
});
afterAll(async () => {
  await t?.close();
});

const getFees = async (app: FastifyInstance = t.app) => {
  const res = await app.inject({ method: 'GET', url: FEES, headers: { cookie: admin } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FeesView;
};
const putFees = (body: object, cookie = admin) =>
  t.app.inject({ method: 'PUT', url: FEES, headers: { cookie }, payload: body });
const feeHistory = async () => {
  const res = await t.app.inject({ method: 'GET', url: `${HISTORY}?subject=fees`, headers: { cookie: admin } });
  expect(res.statusCode, res.body).toBe(200);
  return { items: res.json() as SettingChangeView[], total: Number(res.headers['x-total-count']) };
};
/** A prepaid puncture repair quoted through the public wizard's call: the amount it will charge. */
const quotePuncture = async (app: FastifyInstance = t.app, timeSlot = '8-10 AM', scheduledDate = '2026-11-25') => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/bookings/quote',
    remoteAddress: freshClientAddress(),
    payload: bookingBody({ job: { paymentMethod: 'prepaid', timeSlot, scheduledDate } }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { amount: string; bookingToken: string; jobId: string };
};

describe('the fees', () => {
  it('start as docs/product.md sets them, with the fixed estimates made from them', async () => {
    expect(await getFees()).toEqual({
      ...DEFAULTS,
      estimates: { punctureRepair: '129.80', batteryOrEmergency: '89.80' },
    });
  });

  it.each([
    ['-1', MONEY],
    ['abc', MONEY],
    ['1.234', MONEY],
    ['', MONEY],
    ['100000.00', MONEY],
  ])('refuses a puncture repair of "%s" with 400 and changes nothing', async (value, message) => {
    const res = await putFees({ ...DEFAULTS, punctureRepair: value });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await getFees()).punctureRepair).toBe('40.00');
    expect((await feeHistory()).total).toBe(0);
  });

  it.each(['10.01', '-0.5', '1.234', 'abc', ''])('refuses a card surcharge of "%s" %%', async (value) => {
    const res = await putFees({ ...DEFAULTS, cardSurchargePercent: value });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('Card surcharge must be a percentage from 0 to 10, with at most 2 decimals');
    expect((await getFees()).cardSurchargePercent).toBe('1.70');
  });

  it.each(['89.80', '500.00'])(
    'refuses a prepayment discount of %s, as big as a callout booked online, and changes nothing',
    async (value) => {
      const res = await putFees({ ...DEFAULTS, prepaidDiscount: value });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(
        'Prepayment discount must be less than the callout fee, the smallest booking paid online',
      );
      expect((await getFees()).prepaidDiscount).toBe('30.00');
    },
  );

  it('a technician gets 403 on every settings route and changes nothing', async () => {
    for (const [method, url, payload] of [
      ['GET', FEES],
      ['PUT', FEES, { ...DEFAULTS, callout: '1.00' }],
      ['GET', '/api/dashboard/settings/business'],
      ['PUT', '/api/dashboard/settings/business', { name: 'Taken Over' }],
      ['GET', HISTORY],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { cookie: technician }, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await getFees()).callout).toBe('89.80');
  });

  it('a booked job keeps its quoted price; a changed puncture fee is in the next quote to the cent, with one history line per changed field', async () => {
    const before = await quotePuncture(t.app, '8-10 AM');
    expect(before.amount).toBe('99.80');
    const onsite = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      remoteAddress: freshClientAddress(),
      payload: bookingBody({ job: { scheduledDate: '2026-11-25', timeSlot: '10-12 AM' } }),
    });
    expect(onsite.statusCode, onsite.body).toBe(200);
    const onsiteJobId = (onsite.json() as { jobId: string }).jobId;
    const checkoutBefore = (
      await t.app.inject({ method: 'GET', url: `/api/booking-token/${before.bookingToken}` })
    ).json() as { amount: string; totalAmount: string };

    const res = await putFees({ ...DEFAULTS, punctureRepair: '45.55', prepaidDiscount: '25' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      punctureRepair: '45.55',
      prepaidDiscount: '25.00',
      estimates: { punctureRepair: '135.35', batteryOrEmergency: '89.80' },
    });

    // 89.80 + 45.55 - 25.00
    expect((await quotePuncture(t.app, '12-2 PM')).amount).toBe('110.35');

    const checkoutAfter = (
      await t.app.inject({ method: 'GET', url: `/api/booking-token/${before.bookingToken}` })
    ).json() as { amount: string; totalAmount: string };
    expect(checkoutAfter.amount).toBe('99.80');
    expect(checkoutAfter.totalAmount).toBe(checkoutBefore.totalAmount);
    const [quoted] = await t.db.select({ value: jobs.customerValue }).from(jobs).where(eq(jobs.id, before.jobId));
    const [onsiteJob] = await t.db.select({ value: jobs.customerValue }).from(jobs).where(eq(jobs.id, onsiteJobId));
    expect(quoted!.value).toBe('99.80');
    expect(onsiteJob!.value).toBe('129.80');

    const history = await feeHistory();
    expect(history.total).toBe(2);
    expect(history.items.map((h) => [h.label, h.field, h.from, h.to])).toEqual(
      expect.arrayContaining([
        ['Fees', 'Puncture repair', '40.00', '45.55'],
        ['Fees', 'Prepayment discount', '30.00', '25.00'],
      ]),
    );
    expect(history.items[0]!.actor).toMatch(/^admin/);
  });

  it('saving the fees unchanged writes no history', async () => {
    const now = await getFees();
    const { estimates: _estimates, ...form } = now;
    const before = (await feeHistory()).total;
    const res = await putFees(form);
    expect(res.statusCode, res.body).toBe(200);
    expect((await feeHistory()).total).toBe(before);
  });

  it('the card surcharge at checkout follows the fee', async () => {
    const res = await putFees({ ...(await getFees()), cardSurchargePercent: '2' });
    expect(res.statusCode, res.body).toBe(200);
    const quote = await quotePuncture(t.app, '2-4 PM');
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent-token',
      payload: { bookingToken: quote.bookingToken },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    // 110.35 x 2% = 2.207 -> 2.21
    expect(checkout.json()).toMatchObject({
      originalAmount: '110.35',
      surchargeAmount: '2.21',
      totalAmount: '112.56',
      message: 'A 2% card surcharge of $2.21 applies. Total to pay: $112.56.',
    });
  });

  it('the Changes list pages every subject, newest first', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${HISTORY}?page=1&pageSize=2`, headers: { cookie: admin } });
    expect(res.statusCode, res.body).toBe(200);
    expect(Number(res.headers['x-total-count'])).toBe(3);
    const items = res.json() as SettingChangeView[];
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ subject: 'fees', field: 'Card surcharge %', from: '1.70', to: '2.00' });
    const bad = await t.app.inject({ method: 'GET', url: `${HISTORY}?page=0`, headers: { cookie: admin } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a second instance on the same database', () => {
  it('quotes with a fee changed through the first one', async () => {
    const second = await buildApp({ config: t.config, db: t.db, clock: t.clock });
    await second.ready();
    try {
      expect((await getFees(second)).callout).toBe('89.80');
      const res = await putFees({ ...(await getFees()), callout: '95.00' });
      expect(res.statusCode, res.body).toBe(200);
      // 95.00 + 45.55 - 25.00, priced by the instance that did not make the change.
      expect((await quotePuncture(second, '8-10 AM', '2026-11-26')).amount).toBe('115.55');
    } finally {
      await second.close();
    }
  });
});
