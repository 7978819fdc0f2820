import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastTyresTakenMessage, tyresOrderedRefusal } from '../../shared/domain/tyre-order';
import { jobs, tyreStock, tyreStockReservations } from '../db/schema';
import { bookingBody, freshClientAddress, seedTyrePrices } from '../../../tests/helpers/bookings';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/**
 * The last tyres of a size, booked by three customers at once for Tuesday, before the owner's
 * 3-day lead time could bring more (docs/decisions/423-stock-aware-booking.md): exactly one
 * reserves them; the others are refused, told the tyres will be ordered and from which day, and
 * write nothing. On the PostgreSQL server (`npm run test:pg -- <file>`) the transactions truly
 * overlap and the losers are refused by the reservation's conditional update (409); on PGlite one
 * runs at a time, and a loser may already read the size as gone before its transaction (400).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedTyrePrices(t.db);
});
afterAll(async () => {
  await t?.close();
});

describe('the last tyres of a size', () => {
  it('three quotes at once for the depot’s last two: one reserves them, the others are told to wait for the order', async () => {
    await t.db.insert(tyreStock).values({ location: 'depot', size: '205/55R16', brand: 'Michelin', quantity: 2 });
    const slots = ['8-10 AM', '10-12 AM', '12-2 PM'] as const;
    const results = await Promise.all(
      slots.map((timeSlot) =>
        t.app.inject({
          method: 'POST',
          url: '/api/bookings/quote',
          remoteAddress: freshClientAddress(),
          payload: bookingBody({
            job: {
              serviceType: 'new-tyres',
              tyreSize: '205/55R16',
              tyreQuantity: 2,
              scheduledDate: '2026-11-24',
              timeSlot,
              paymentMethod: 'prepaid',
            },
          }),
        }),
      ),
    );
    const won = results.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(won[0]!.json().tyres).toEqual({ stock: 'reserved', leadDays: 3 });
    const lost = results.filter((r) => r.statusCode !== 200);
    for (const res of lost) {
      const message =
        res.statusCode === 409
          ? lastTyresTakenMessage('205/55R16', '2026-11-26')
          : tyresOrderedRefusal('205/55R16', 3, '2026-11-26');
      expect([400, 409]).toContain(res.statusCode);
      expect(res.json().message).toBe(message);
    }

    const [depot] = await t.db.select().from(tyreStock).where(eq(tyreStock.size, '205/55R16'));
    expect(depot).toMatchObject({ quantity: 2, reserved: 2 });
    expect(await t.db.select().from(tyreStockReservations)).toEqual([
      expect.objectContaining({ jobId: won[0]!.json().jobId, stockId: depot!.id, quantity: 2 }),
    ]);
    expect(await t.db.select({ id: jobs.id }).from(jobs)).toHaveLength(1);
  });
});
