import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JOB_PART_NOT_FOUND } from './parts';
import { PART_NAME_TAKEN_MESSAGE, PART_QUANTITY_MESSAGE, PART_UNKNOWN_MESSAGE } from '../../shared/schemas/tyre-parts';
import type { JobPart, TyrePart } from '../../shared/schemas/tyre-parts';
import { jobTyreParts, tyreParts } from '../db/schema';
import { insertJob } from '../db/seed/factories';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { freshSlots } from '../../../tests/helpers/fresh-slots';
import { historyLines } from '../../../tests/helpers/history-lines';

/**
 * Valves and TPMS sensors (docs/decisions/432-valves-and-tpms-sensors.md): the owner prices them,
 * staff add them to a job (a technician only on their own), and the generated invoice lists each
 * as its own line inside the total and its GST; bad input names its field and writes nothing.
 */
type Staff = { user: { id: string; username: string }; cookie: string };
let t: TestApp;
let admin: Staff;
let tech: Staff;
let valve: TyrePart;
let sensor: TyrePart;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Staff, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(MONDAY_7AM_PERTH);
  admin = await signedInStaff(t, { role: 'admin' });
  const made = await Promise.all(
    [
      { kind: 'valve', name: 'Rubber valve TR413', retailPrice: '5.50', purchasePrice: '0.80' },
      { kind: 'tpms-sensor', name: 'TPMS sensor (programmable)', retailPrice: '89.00', purchasePrice: '41.00' },
    ].map((p) => call('POST', '/api/dashboard/tyre-parts', admin, p)),
  );
  for (const res of made) expect(res.statusCode, res.body).toBe(201);
  [valve, sensor] = made.map((r) => r.json() as TyrePart) as [TyrePart, TyrePart];
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  t.clock.set(MONDAY_7AM_PERTH);
  tech = await signedInStaff(t, { role: 'technician' });
});

const freshSlot = freshSlots('2026-11-23');
const newJob = (over: Parameters<typeof insertJob>[1] = {}) =>
  insertJob(t.db, { ...freshSlot(), status: 'in-progress', assignedTechnicianId: tech.user.id, ...over });
const partRows = async () => (await t.db.select({ n: count() }).from(jobTyreParts))[0]!.n;

describe('the price list of parts', () => {
  it('is the owner’s: a technician reads it but cannot change it; a change is in the audit log; a name twice is refused', async () => {
    const list = await call('GET', '/api/dashboard/tyre-parts', tech);
    expect(list.statusCode).toBe(200);
    // What a part costs the owner is theirs, as the tyres' price list is.
    expect((list.json() as TyrePart[]).map((p) => [p.kind, p.name, p.retailPrice, p.purchasePrice])).toEqual([
      ['tpms-sensor', 'TPMS sensor (programmable)', '89.00', null],
      ['valve', 'Rubber valve TR413', '5.50', null],
    ]);
    expect(
      ((await call('GET', '/api/dashboard/tyre-parts', admin)).json() as TyrePart[]).map((p) => p.purchasePrice),
    ).toEqual(['41.00', '0.80']);
    expect(
      (await call('POST', '/api/dashboard/tyre-parts', tech, { kind: 'valve', name: 'X', retailPrice: '1' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', `/api/dashboard/tyre-parts/${valve.id}`, tech, { retailPrice: '1.00' })).statusCode,
    ).toBe(403);

    const twice = await call('POST', '/api/dashboard/tyre-parts', admin, {
      kind: 'valve',
      name: 'rubber valve tr413',
      retailPrice: '6.00',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().fields).toEqual({ name: PART_NAME_TAKEN_MESSAGE });
    const bad = await call('POST', '/api/dashboard/tyre-parts', admin, { kind: 'nut', name: '', retailPrice: '-1' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['kind', 'name', 'retailPrice']);

    const dearer = await call('PATCH', `/api/dashboard/tyre-parts/${sensor.id}`, admin, { retailPrice: '95.00' });
    expect(dearer.statusCode, dearer.body).toBe(200);
    expect(dearer.json()).toMatchObject({ retailPrice: '95.00', purchasePrice: '41.00' });
    expect(await historyLines(t.db, `tyre-part:${sensor.id}`)).toEqual([
      expect.objectContaining({ kind: 'created', note: 'Purchase $41.00, retail $89.00' }),
      expect.objectContaining({ kind: 'changed', field: 'Retail price', from: '$89.00', to: '$95.00' }),
    ]);
    sensor = dearer.json() as TyrePart;
  });
});

describe('POST/GET /api/dashboard/jobs/{id}/parts', () => {
  it('a technician adds valves and a sensor to their job; the invoice lists each as its own line in the total and its GST', async () => {
    const job = await newJob({ customerValue: '129.80' });
    const valves = await call('POST', `/api/dashboard/jobs/${job.id}/parts`, tech, { partId: valve.id, quantity: 4 });
    expect(valves.statusCode, valves.body).toBe(201);
    t.clock.advance(60_000);
    const one = await call('POST', `/api/dashboard/jobs/${job.id}/parts`, tech, { partId: sensor.id, quantity: '1' });
    expect(one.statusCode, one.body).toBe(201);
    expect((one.json() as JobPart[]).map((p) => [p.kind, p.name, p.quantity, p.unitPrice, p.totalPrice])).toEqual([
      ['valve', 'Rubber valve TR413', 4, '5.50', '22.00'],
      ['tpms-sensor', 'TPMS sensor (programmable)', 1, '95.00', '95.00'],
    ]);
    expect((await call('GET', `/api/dashboard/jobs/${job.id}/parts`, tech)).json()).toEqual(one.json());

    // A later price change does not reprice what went on the job.
    await call('PATCH', `/api/dashboard/tyre-parts/${valve.id}`, admin, { retailPrice: '6.60' });
    try {
      await call('PATCH', `/api/dashboard/jobs/${job.id}/status`, tech, { status: 'completed' });
      const inv = await call('POST', `/api/dashboard/customer-invoices/generate/${job.id}`, admin);
      expect(inv.statusCode, inv.body).toBe(201);
      const invoice = inv.json().customerInvoice as {
        items: { description: string; quantity: number; unitPrice: string; totalPrice: string; category: string }[];
        totalAmount: string;
        gstAmount: string;
        subtotalAmount: string;
      };
      expect(invoice.items.filter((i) => i.description !== 'Mobile Service Callout' && i.category === 'tyre')).toEqual([
        expect.objectContaining({
          description: 'Rubber valve TR413',
          quantity: 4,
          unitPrice: '5.50',
          totalPrice: '22.00',
        }),
        expect.objectContaining({
          description: 'TPMS sensor (programmable)',
          quantity: 1,
          unitPrice: '95.00',
          totalPrice: '95.00',
        }),
      ]);
      // The job's $129.80, four valves at $5.50 and a sensor at $95.00: $246.80, GST one eleventh ($22.44).
      expect(invoice.totalAmount).toBe('246.80');
      expect(invoice.gstAmount).toBe('22.44');
      expect(invoice.subtotalAmount).toBe('224.36');

      // The invoice is issued: nothing more goes on the job.
      const late = await call('POST', `/api/dashboard/jobs/${job.id}/parts`, tech, { partId: valve.id, quantity: 1 });
      expect(late.statusCode).toBe(409);
    } finally {
      await call('PATCH', `/api/dashboard/tyre-parts/${valve.id}`, admin, { retailPrice: '5.50' });
    }
  });

  it('a negative, fractional or missing quantity, an unknown or retired part: 400 naming the field, nothing written', async () => {
    const job = await newJob();
    const retired = await t.db
      .insert(tyreParts)
      .values({ kind: 'valve', name: 'Old chrome valve', retailPrice: '9.00', isActive: false })
      .returning();
    const before = await partRows();
    const cases: [object, string, string][] = [
      [{ partId: valve.id, quantity: -1 }, 'quantity', PART_QUANTITY_MESSAGE],
      [{ partId: valve.id, quantity: 1.5 }, 'quantity', PART_QUANTITY_MESSAGE],
      [{ partId: valve.id, quantity: '2.5' }, 'quantity', PART_QUANTITY_MESSAGE],
      [{ partId: valve.id, quantity: 0 }, 'quantity', PART_QUANTITY_MESSAGE],
      [{ partId: valve.id }, 'quantity', PART_QUANTITY_MESSAGE],
      [{ partId: 'not-a-part', quantity: 1 }, 'partId', PART_UNKNOWN_MESSAGE],
      [{ partId: '00000000-0000-4000-8000-000000000000', quantity: 1 }, 'partId', PART_UNKNOWN_MESSAGE],
      [{ partId: retired[0]!.id, quantity: 1 }, 'partId', PART_UNKNOWN_MESSAGE],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', `/api/dashboard/jobs/${job.id}/parts`, tech, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields, JSON.stringify(payload)).toEqual({ [field]: message });
    }
    expect(await partRows()).toBe(before);
  });

  it('only staff, and a technician only on their own job', async () => {
    const other = await signedInStaff(t, { role: 'technician' });
    const job = await newJob();
    const before = await partRows();
    expect(
      (await call('POST', `/api/dashboard/jobs/${job.id}/parts`, other, { partId: valve.id, quantity: 1 })).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/dashboard/jobs/${job.id}/parts`, other)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/dashboard/jobs/${job.id}/parts`,
      payload: { partId: valve.id, quantity: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await partRows()).toBe(before);
    // The owner may add to any job.
    const byOwner = await call('POST', `/api/dashboard/jobs/${job.id}/parts`, admin, { partId: valve.id, quantity: 2 });
    expect(byOwner.statusCode).toBe(201);
    expect(
      (await t.db.select().from(jobTyreParts).where(eq(jobTyreParts.jobId, job.id))).map((r) => r.addedById),
    ).toEqual([admin.user.id]);
  });
});

describe('DELETE /api/dashboard/jobs/{id}/parts/{lineId}', () => {
  it('takes a part added by mistake off the job before its invoice: the history says so and the invoice never lists it', async () => {
    const job = await newJob({ customerValue: '129.80' });
    await call('POST', `/api/dashboard/jobs/${job.id}/parts`, tech, { partId: valve.id, quantity: 4 });
    const added = await call('POST', `/api/dashboard/jobs/${job.id}/parts`, tech, { partId: sensor.id, quantity: 1 });
    const wrong = (added.json() as JobPart[]).find((p) => p.partId === sensor.id)!;

    const removed = await call('DELETE', `/api/dashboard/jobs/${job.id}/parts/${wrong.id}`, tech);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as JobPart[]).map((p) => [p.name, p.quantity])).toEqual([['Rubber valve TR413', 4]]);
    expect((await historyLines(t.db, `job:${job.id}`)).map((l) => l.note)).toContain(
      'Parts taken off: 1 × TPMS sensor (programmable)',
    );
    // Twice, or a line that was never there: 404, nothing else changes.
    const again = await call('DELETE', `/api/dashboard/jobs/${job.id}/parts/${wrong.id}`, tech);
    expect([again.statusCode, again.json().message]).toEqual([404, JOB_PART_NOT_FOUND]);
    expect((await call('DELETE', `/api/dashboard/jobs/${job.id}/parts/not-a-line`, tech)).statusCode).toBe(404);

    await call('PATCH', `/api/dashboard/jobs/${job.id}/status`, tech, { status: 'completed' });
    const inv = await call('POST', `/api/dashboard/customer-invoices/generate/${job.id}`, admin);
    expect(inv.statusCode, inv.body).toBe(201);
    // The job's $129.80 and four valves at $5.50; no sensor.
    expect(inv.json().customerInvoice.totalAmount).toBe('151.80');

    // The invoice is issued: its parts stay as they are.
    const valves = (removed.json() as JobPart[])[0]!;
    const late = await call('DELETE', `/api/dashboard/jobs/${job.id}/parts/${valves.id}`, admin);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/has invoice .*: parts are added or taken off before the invoice\./);
    expect(await partRows()).toBeGreaterThan(0);
    expect((await call('GET', `/api/dashboard/jobs/${job.id}/parts`, admin)).json()).toHaveLength(1);
  });

  it("a technician takes nothing off another's job; the owner may", async () => {
    const job = await newJob();
    const added = await call('POST', `/api/dashboard/jobs/${job.id}/parts`, tech, { partId: valve.id, quantity: 2 });
    const line = (added.json() as JobPart[])[0]!;
    const other = await signedInStaff(t, { role: 'technician' });
    expect((await call('DELETE', `/api/dashboard/jobs/${job.id}/parts/${line.id}`, other)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/dashboard/jobs/${job.id}/parts/${line.id}` })).statusCode,
    ).toBe(401);
    expect((await call('GET', `/api/dashboard/jobs/${job.id}/parts`, tech)).json()).toHaveLength(1);
    const byOwner = await call('DELETE', `/api/dashboard/jobs/${job.id}/parts/${line.id}`, admin);
    expect([byOwner.statusCode, byOwner.json()]).toEqual([200, []]);
  });
});

describe('the amount to take on site', () => {
  it('is what the invoice will be made for, parts included, and taking it pays the job whole', async () => {
    const job = await newJob({ customerValue: '129.80' });
    const detail = async () => (await call('GET', `/api/dashboard/jobs/${job.id}`, tech)).json();
    expect((await detail()).toInvoiceAmount).toBe('129.80');
    await call('POST', `/api/dashboard/jobs/${job.id}/parts`, tech, { partId: valve.id, quantity: 4 });
    // The job's $129.80 and four valves at $5.50.
    expect((await detail()).toInvoiceAmount).toBe('151.80');

    const paid = await call('POST', `/api/dashboard/jobs/${job.id}/onsite-payment`, tech, {
      method: 'cash',
      amount: '151.80',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      paymentStatus: 'paid',
      toInvoiceAmount: null,
      money: { paidAmount: '151.80', owedAmount: '0.00' },
    });
  });

  it('is not offered for a job with no price yet: staff price it first', async () => {
    const job = await newJob({ customerValue: null });
    const res = await call('GET', `/api/dashboard/jobs/${job.id}`, tech);
    expect(res.json()).toMatchObject({ customerValue: null, toInvoiceAmount: null });
  });
});
