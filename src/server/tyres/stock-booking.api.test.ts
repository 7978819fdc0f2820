import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tyresOrderedRefusal } from '../../shared/domain/tyre-order';
import { jobs, tyreSettings, tyreStock, tyreStockReservations } from '../db/schema';
import { cancelExpiredHolds } from '../holds/service';
import { bookingBody, freshClientAddress, seedTyrePrices, type BookingBody } from '../../../tests/helpers/bookings';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';

/**
 * New tyres on a public booking (docs/decisions/423-stock-aware-booking.md): a size in stock is
 * reserved by the booking and given back when its hold lapses or its job is cancelled; a size
 * nobody holds is ordered, and the first window offered is the lead time's day. The clock is
 * Monday 23 November 2026, 7 am Perth; the owner's lead time is 3 days unless a test sets it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedTyrePrices(t.db);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => t.clock.set(MONDAY_7AM_PERTH));

const post = (url: string, payload: BookingBody) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: freshClientAddress() });
const availability = (size: string, quantity: number) =>
  t.app.inject({ method: 'GET', url: `/api/tyre-availability?size=${encodeURIComponent(size)}&quantity=${quantity}` });
const newTyres = (size: string, quantity: number, day: string, over: Record<string, unknown> = {}) =>
  bookingBody({
    job: {
      serviceType: 'new-tyres',
      tyreSize: size,
      tyreQuantity: quantity,
      scheduledDate: day,
      timeSlot: '8-10 AM',
      paymentMethod: 'prepaid',
      ...over,
    },
  });
const stockRow = async (location: string, size: string) =>
  (
    await t.db
      .select()
      .from(tyreStock)
      .where(and(eq(tyreStock.location, location), eq(tyreStock.size, size)))
  )[0]!;

describe('a size nobody holds is ordered', () => {
  it('changes nothing for a size the owner has never kept in stock', async () => {
    await t.db.insert(tyreStock).values({ location: 'depot', size: '185/65R15', brand: 'Hankook', quantity: 0 });
    expect((await availability('205/55R16', 2)).json()).toMatchObject({
      inStock: false,
      stockKept: false,
      firstDay: '2026-11-23',
    });
    const today = await post('/api/bookings/quote', newTyres('205/55R16', 2, '2026-11-23', { timeSlot: '2-4 PM' }));
    expect(today.statusCode).toBe(200);
    expect(today.json().tyres).toBeUndefined();
    expect(await t.db.select().from(tyreStockReservations)).toEqual([]);
  });

  it('offers the first window after the lead time, refuses an earlier one and follows the owner’s setting', async () => {
    // Van 2 had two and fitted them; another size in stock does not count.
    await t.db.insert(tyreStock).values([
      { location: 'van-2', size: '205/55R16', brand: 'Michelin', quantity: 0 },
      { location: 'van-1', size: '195/65R15', brand: 'Hankook', quantity: 4 },
    ]);
    const asked = await availability('205/55r16', 2);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      size: '205/55R16',
      inStock: false,
      stockKept: true,
      leadDays: 3,
      firstDay: '2026-11-26',
    });

    const jobsBefore = (await t.db.select({ id: jobs.id }).from(jobs)).length;
    const early = await post('/api/bookings/quote', newTyres('205/55R16', 2, '2026-11-25', { timeSlot: '2-4 PM' }));
    expect(early.statusCode).toBe(400);
    const refusal = tyresOrderedRefusal('205/55R16', 3, '2026-11-26');
    expect(refusal).toContain('Thursday 26 November 2026');
    expect(early.json()).toMatchObject({ message: refusal, fields: { 'job.scheduledDate': refusal } });
    // Paying on site is held to the same rule; nothing was written.
    const onsite = await post('/api/bookings', newTyres('205/55R16', 2, '2026-11-24', { paymentMethod: 'onsite' }));
    expect(onsite.statusCode).toBe(400);
    expect(onsite.json().message).toBe(refusal);
    expect((await t.db.select({ id: jobs.id }).from(jobs)).length).toBe(jobsBefore);

    const kept = await post('/api/bookings/quote', newTyres('205/55R16', 2, '2026-11-26', { timeSlot: '8-10 AM' }));
    expect(kept.statusCode).toBe(200);
    expect(kept.json().tyres).toEqual({ stock: 'ordered', leadDays: 3 });
    expect(
      await t.db.select().from(tyreStockReservations).where(eq(tyreStockReservations.jobId, kept.json().jobId)),
    ).toEqual([]);

    // The owner's lead time decides: one day makes Tuesday the first.
    await t.db.insert(tyreSettings).values({ id: 1, orderLeadDays: 1 });
    try {
      expect((await availability('205/55R16', 1)).json()).toMatchObject({ leadDays: 1, firstDay: '2026-11-24' });
      const tuesday = await post(
        '/api/bookings',
        newTyres('205/55R16', 1, '2026-11-24', { paymentMethod: 'onsite', timeSlot: '12-2 PM' }),
      );
      expect(tuesday.statusCode).toBe(200);
      expect(tuesday.json().tyres).toEqual({ stock: 'ordered', leadDays: 1 });
    } finally {
      await t.db.delete(tyreSettings);
    }
  });

  it('refuses a size it cannot read', async () => {
    const res = await availability('twenty inch', 1);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ size: 'Size must read like 205/55R16' });
  });
});

describe('a size in stock is reserved', () => {
  it('a quote reserves it at the depot, lowers what is free, and a lapsed hold gives it back', async () => {
    await t.db.insert(tyreStock).values({ location: 'depot', size: '215/60R16', brand: 'Michelin', quantity: 4 });
    expect((await availability('215/60R16', 4)).json()).toMatchObject({ inStock: true, firstDay: '2026-11-23' });

    const quoted = await post('/api/bookings/quote', newTyres('215/60R16', 4, '2026-11-24', { timeSlot: '10-12 AM' }));
    expect(quoted.statusCode).toBe(200);
    expect(quoted.json().tyres).toEqual({ stock: 'reserved', leadDays: 3 });
    expect(await stockRow('depot', '215/60R16')).toMatchObject({ quantity: 4, reserved: 4 });
    const [reservation] = await t.db
      .select()
      .from(tyreStockReservations)
      .where(eq(tyreStockReservations.jobId, quoted.json().jobId));
    expect(reservation).toMatchObject({ quantity: 4 });

    // None free now: the next booking of the size is told the tyres will be ordered.
    expect((await availability('215/60R16', 1)).json()).toMatchObject({ inStock: false, firstDay: '2026-11-26' });
    const admin = await signedInStaff(t, { role: 'admin' });
    const stock = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/stock?location=depot',
      headers: { cookie: admin.cookie },
    });
    expect(stock.json()).toContainEqual({
      location: 'depot',
      size: '215/60R16',
      brand: 'Michelin',
      quantity: 4,
      reserved: 4,
    });
    const load = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/stock/movements',
      headers: { cookie: admin.cookie },
      payload: { kind: 'load', location: 'van-2', size: '215/60R16', brand: 'Michelin', quantity: 1 },
    });
    expect(load.statusCode).toBe(400);
    expect(load.json().fields.quantity).toBe('Only 0 215/60R16 Michelin free at the depot');

    // The unpaid hold lapses: its job is cancelled and the tyres are free again.
    await cancelExpiredHolds(t.db, new Date(Date.parse(MONDAY_7AM_PERTH) + 24 * 3600_000));
    expect(await stockRow('depot', '215/60R16')).toMatchObject({ quantity: 4, reserved: 0 });
    expect(
      await t.db.select().from(tyreStockReservations).where(eq(tyreStockReservations.jobId, quoted.json().jobId)),
    ).toEqual([]);
    expect((await availability('215/60R16', 4)).json()).toMatchObject({ inStock: true });
  });

  it("a booking takes its place's van first; fitting uses the reservation, and cancelling another gives its tyres back", async () => {
    await t.db.insert(tyreStock).values([
      { location: 'depot', size: '225/45R17', brand: 'Bridgestone', quantity: 6 },
      { location: 'van-1', size: '225/45R17', brand: 'Bridgestone', quantity: 2 },
    ]);
    const first = await post(
      '/api/bookings',
      newTyres('225/45R17', 2, '2026-11-25', { paymentMethod: 'onsite', timeSlot: '8-10 AM' }),
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().tyres).toEqual({ stock: 'reserved', leadDays: 3 });
    expect(await stockRow('van-1', '225/45R17')).toMatchObject({ quantity: 2, reserved: 2 });
    expect(await stockRow('depot', '225/45R17')).toMatchObject({ quantity: 6, reserved: 0 });

    // The van's two are promised: the technician fits them on that job all the same.
    const admin = await signedInStaff(t, { role: 'admin' });
    const fitted = await t.app.inject({
      method: 'POST',
      url: `/api/dashboard/jobs/${first.json().jobId}/fitted-tyres`,
      headers: { cookie: admin.cookie },
      payload: ['front-left', 'front-right'].map((position) => ({
        position,
        size: '225/45R17',
        brand: 'Bridgestone',
        dotCode: '1025',
        removed: 'disposal',
        fromVanId: 1,
      })),
    });
    expect(fitted.statusCode).toBe(201);
    expect(await stockRow('van-1', '225/45R17')).toMatchObject({ quantity: 0, reserved: 0 });

    // Another booking (van 1 has none free now) reserves at the depot; cancelled, it gives them back.
    const second = await post(
      '/api/bookings',
      newTyres('225/45R17', 3, '2026-11-25', { paymentMethod: 'onsite', timeSlot: '10-12 AM' }),
    );
    expect(second.statusCode).toBe(200);
    expect(await stockRow('depot', '225/45R17')).toMatchObject({ quantity: 6, reserved: 3 });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/dashboard/jobs/${second.json().jobId}/cancel`,
      headers: { cookie: admin.cookie },
      payload: { reason: 'Customer sold the car' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await stockRow('depot', '225/45R17')).toMatchObject({ quantity: 6, reserved: 0 });
  });
});
