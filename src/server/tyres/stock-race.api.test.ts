import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fittedTyres, tyreStock, tyreStockMovements } from '../db/schema';
import { insertJob } from '../db/seed/factories';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { freshSlots } from '../../../tests/helpers/fresh-slots';

/**
 * The last tyre on a van, fitted on two jobs at once (docs/decisions/416-stock-per-van.md): one
 * fitting wins, the other is refused naming the van, and the van never goes below zero. Run on a
 * PostgreSQL server with `npm run test:pg -- <file>`, where the transactions truly overlap.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(MONDAY_7AM_PERTH);
});
afterAll(async () => {
  await t?.close();
});

const freshSlot = freshSlots('2026-12-07');

describe('the last tyre on a van', () => {
  it('three fittings at once from a van holding one: exactly one wins, the van shows zero', async () => {
    const admin = await signedInStaff(t, { role: 'admin' });
    await t.db.insert(tyreStock).values({ location: 'van-3', size: '195/65R15', brand: 'Bridgestone', quantity: 1 });
    const jobs = await Promise.all([0, 1, 2].map(() => insertJob(t.db, { ...freshSlot(), status: 'in-progress' })));
    const results = await Promise.all(
      jobs.map((job) =>
        t.app.inject({
          method: 'POST',
          url: `/api/dashboard/jobs/${job.id}/fitted-tyres`,
          headers: { cookie: admin.cookie },
          payload: [
            {
              position: 'spare',
              size: '195/65R15',
              brand: 'Bridgestone',
              dotCode: '1026',
              removed: 'kept',
              fromVanId: 3,
            },
          ],
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    for (const lost of results.filter((r) => r.statusCode === 400))
      expect(lost.json().fields).toEqual({ '0.fromVanId': 'Van 3 has no 195/65R15 Bridgestone left' });
    const [van] = await t.db.select().from(tyreStock).where(eq(tyreStock.location, 'van-3'));
    expect(van!.quantity).toBe(0);
    expect(await t.db.select().from(fittedTyres).where(eq(fittedTyres.size, '195/65R15'))).toHaveLength(1);
    expect(await t.db.select().from(tyreStockMovements).where(eq(tyreStockMovements.location, 'van-3'))).toHaveLength(
      1,
    );
  });
});
