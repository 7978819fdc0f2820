import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StockLine } from '../../shared/schemas/tyres';
import { auditLog } from '../db/schema';
import { insertJob } from '../db/seed/factories';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { eq } from 'drizzle-orm';

/**
 * Stock on each van and in the depot (docs/decisions/416-stock-per-van.md): the owner's stock take
 * with its difference in the audit log, the morning load, fitting from the van, what to reorder as
 * JSON or CSV; a quantity that is negative, fractional or more than the place holds is refused,
 * naming the field, with nothing written.
 */
type Staff = { user: { id: string }; cookie: string };
let t: TestApp;
let admin: Staff;
let tech: Staff;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, { role: 'admin' });
  tech = await signedInStaff(t, { role: 'technician' });
});
afterAll(async () => {
  await t?.close();
});

const move = (who: Staff, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/dashboard/stock/movements', headers: { cookie: who.cookie }, payload });
const stockAt = async (location: string) =>
  (
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/dashboard/stock?location=${location}`,
        headers: { cookie: tech.cookie },
      })
    ).json() as StockLine[]
  ).map((l) => [l.size, l.brand, l.quantity]);
const tyre = { size: '205/55R16', brand: 'Michelin' };

describe('stock per van and depot', () => {
  it('a stock take, a load of two onto van 1, both fitted on a job: van 1 shows zero; the count difference is in the audit log; the reorder list asks for more', async () => {
    t.clock.set(MONDAY_7AM_PERTH);
    expect((await move(tech, { kind: 'count', location: 'depot', ...tyre, quantity: 6 })).statusCode).toBe(403);
    const counted = await move(admin, { kind: 'count', location: 'depot', ...tyre, quantity: 6 });
    expect(counted.statusCode, counted.body).toBe(201);
    const recount = await move(admin, {
      kind: 'count',
      location: 'depot',
      size: '205 55 r16',
      brand: 'MICHELIN',
      quantity: 5,
    });
    expect(recount.statusCode, recount.body).toBe(201);
    const lines = await t.db.select().from(auditLog).where(eq(auditLog.subject, 'stock:depot'));
    expect(lines.map((l) => [l.action, l.label, l.from, l.to, l.note])).toEqual([
      ['counted', '205/55R16 Michelin at the depot', '0', '6', 'Stock take: counted 6, difference +6'],
      ['counted', '205/55R16 Michelin at the depot', '6', '5', 'Stock take: counted 5, difference -1'],
    ]);

    const loaded = await move(tech, { kind: 'load', location: 'van-1', ...tyre, quantity: 2 });
    expect(loaded.statusCode, loaded.body).toBe(201);
    expect(await stockAt('van-1')).toEqual([['205/55R16', 'Michelin', 2]]);
    expect(await stockAt('depot')).toEqual([['205/55R16', 'Michelin', 3]]);

    const job = await insertJob(t.db, {
      scheduledDay: '2026-11-23',
      timeSlot: '2-4 PM',
      status: 'in-progress',
      assignedTechnicianId: tech.user.id,
    });
    const fitted = await t.app.inject({
      method: 'POST',
      url: `/api/dashboard/jobs/${job.id}/fitted-tyres`,
      headers: { cookie: tech.cookie },
      payload: ['front-left', 'front-right'].map((position) => ({
        position,
        ...tyre,
        dotCode: '3825',
        removed: 'disposal',
        fromVanId: 1,
      })),
    });
    expect(fitted.statusCode, fitted.body).toBe(201);
    expect(await stockAt('van-1')).toEqual([['205/55R16', 'Michelin', 0]]);

    // Below the default minimum of 2 across all places? 3 in the depot: no. With the owner's minimum of 8 from a supplier: 5 to order.
    const rules = await t.app.inject({
      method: 'PUT',
      url: '/api/dashboard/stock',
      headers: { cookie: admin.cookie },
      payload: { rules: [{ ...tyre, supplier: 'Tyre Wholesale WA', minimum: 8 }] },
    });
    expect(rules.statusCode, rules.body).toBe(200);
    const reorder = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/stock/reorder',
      headers: { cookie: admin.cookie },
    });
    expect(reorder.json()).toEqual([{ ...tyre, supplier: 'Tyre Wholesale WA', onHand: 3, minimum: 8, toOrder: 5 }]);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/stock/reorder?format=csv',
      headers: { cookie: admin.cookie },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toBe('Supplier,Size,Brand,On hand,Minimum,To order\nTyre Wholesale WA,205/55R16,Michelin,3,8,5\n');
  });

  it('refuses a negative or fractional quantity, a place that is not one, and a return or load the stock cannot cover, naming the field and writing nothing', async () => {
    const before = await stockAt('depot');
    const cases: [object, string, string | RegExp][] = [
      [
        { kind: 'load', location: 'van-1', ...tyre, quantity: -1 },
        'quantity',
        'Quantity must be a whole number, 0 or more',
      ],
      [
        { kind: 'load', location: 'van-1', ...tyre, quantity: 1.5 },
        'quantity',
        'Quantity must be a whole number, 0 or more',
      ],
      [{ kind: 'load', location: 'van-99', ...tyre, quantity: 1 }, 'location', /Place must be the depot or a van/],
      [
        { kind: 'load', location: 'van-1', size: '205/5516x', brand: 'Michelin', quantity: 1 },
        'size',
        'Size must read like 205/55R16',
      ],
      [
        { kind: 'return', location: 'van-2', ...tyre, quantity: 1 },
        'quantity',
        'Only 0 205/55R16 Michelin free at van 2',
      ],
      [{ kind: 'load', location: 'van-2', ...tyre, quantity: 40 }, 'quantity', /free at the depot/],
      [
        { kind: 'count', location: 'van-2', ...tyre, quantity: -3 },
        'quantity',
        'Quantity must be a whole number, 0 or more',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await move(admin, payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().fields[field]).toMatch(message);
    }
    expect(await stockAt('depot')).toEqual(before);
    expect(await stockAt('van-2')).toEqual([]);
  });
});
