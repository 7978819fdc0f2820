import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FittedTyre } from '../../shared/schemas/tyres';
import { DOT_MESSAGE, POSITION_TWICE_MESSAGE, SIZE_MESSAGE } from '../../shared/schemas/tyres';
import { fittedTyres, tyreStock } from '../db/schema';
import { insertJob } from '../db/seed/factories';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { freshSlots } from '../../../tests/helpers/fresh-slots';

/**
 * Fitted tyres on a job (docs/decisions/414-tyre-records.md): position once per job, a size the
 * price list reads, a DOT date that is a real past week, an over-age tyre confirmed and marked on
 * the job and its invoice with the disposal levy as its own line; bad input names its field and
 * writes nothing; a technician records only on their own jobs.
 */
type Staff = { user: { id: string; username: string }; cookie: string };
let t: TestApp;
let admin: Staff;
let tech: Staff;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  t.clock.set(MONDAY_7AM_PERTH);
  admin = await signedInStaff(t, { role: 'admin' });
  tech = await signedInStaff(t, { role: 'technician' });
});

const freshSlot = freshSlots('2026-11-23');
const newJob = (over: Parameters<typeof insertJob>[1] = {}) =>
  insertJob(t.db, { ...freshSlot(), status: 'in-progress', assignedTechnicianId: tech.user.id, ...over });
const tyre = (position: string, over: Record<string, unknown> = {}) => ({
  position,
  size: '205 55 r16',
  brand: 'Michelin',
  model: 'Primacy 4',
  dotCode: '2319',
  removed: 'disposal',
  confirmOverAge: true,
  ...over,
});
const FOUR = ['front-left', 'front-right', 'rear-left', 'rear-right'];
const post = (jobId: string, payload: object, who: Staff) =>
  t.app.inject({
    method: 'POST',
    url: `/api/dashboard/jobs/${jobId}/fitted-tyres`,
    headers: { cookie: who.cookie },
    payload,
  });
const rowsOf = async (jobId: string) =>
  (await t.db.select({ n: count() }).from(fittedTyres).where(eq(fittedTyres.jobId, jobId)))[0]!.n;

describe('POST/GET /api/dashboard/jobs/{id}/fitted-tyres', () => {
  it('four tyres with DOT 2319 come back as week 23 of 2019, over six years old, with a 12-month warranty; the invoice lists them and the levy with its GST', async () => {
    const job = await newJob();
    const res = await post(
      job.id,
      FOUR.map((p) => tyre(p)),
      tech,
    );
    expect(res.statusCode, res.body).toBe(201);
    const got = (
      await t.app.inject({
        method: 'GET',
        url: `/api/dashboard/jobs/${job.id}/fitted-tyres`,
        headers: { cookie: tech.cookie },
      })
    ).json() as FittedTyre[];
    expect(
      got.map((f) => [f.position, f.size, f.dotWeek, f.dotYear, f.isOverAge, f.fittedOn, f.warrantyEndsOn]),
    ).toEqual(FOUR.map((p) => [p, '205/55R16', 23, 2019, true, '2026-11-23', '2027-11-23']));
    // Marked on the job's history.
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/dashboard/jobs/${job.id}`, headers: { cookie: admin.cookie } })
    ).json();
    expect(JSON.stringify(detail.history)).toContain('Front left 205/55R16 Michelin, DOT 2319 (over six years old)');

    // The owner's levy, then the invoice: a $0 line per tyre, and the levy as its own line in the total and its GST.
    const levy = await t.app.inject({
      method: 'PUT',
      url: '/api/dashboard/tyre-settings',
      headers: { cookie: admin.cookie },
      payload: { warrantyMonths: 12, claimLabourFree: true, orderLeadDays: 3, disposalLevy: '5.50', defaultMinimum: 2 },
    });
    expect(levy.statusCode, levy.body).toBe(200);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/dashboard/jobs/${job.id}/status`,
      headers: { cookie: admin.cookie },
      payload: { status: 'completed' },
    });
    const inv = await t.app.inject({
      method: 'POST',
      url: `/api/dashboard/customer-invoices/generate/${job.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(inv.statusCode, inv.body).toBe(201);
    const invoice = inv.json().customerInvoice as {
      items: { description: string; quantity: number; unitPrice: string; totalPrice: string }[];
      totalAmount: string;
      gstAmount: string;
    };
    expect(
      invoice.items.filter((i) => i.description.startsWith('Fitted')).map((i) => [i.description, i.totalPrice]),
    ).toEqual([
      [
        'Fitted front left: 205/55R16 Michelin Primacy 4, DOT 2319 (over six years old, fitted at the customer’s request)',
        '0.00',
      ],
      [
        'Fitted front right: 205/55R16 Michelin Primacy 4, DOT 2319 (over six years old, fitted at the customer’s request)',
        '0.00',
      ],
      [
        'Fitted rear left: 205/55R16 Michelin Primacy 4, DOT 2319 (over six years old, fitted at the customer’s request)',
        '0.00',
      ],
      [
        'Fitted rear right: 205/55R16 Michelin Primacy 4, DOT 2319 (over six years old, fitted at the customer’s request)',
        '0.00',
      ],
    ]);
    expect(invoice.items.find((i) => i.description === 'Tyre disposal levy')).toMatchObject({
      quantity: 4,
      unitPrice: '5.50',
      totalPrice: '22.00',
    });
    // The job's $129.80 plus 4 x $5.50; GST is one eleventh of the total.
    expect(invoice.totalAmount).toBe('151.80');
    expect(invoice.gstAmount).toBe('13.80');
  });

  it('an over-age tyre without the confirmation, 5519, 0019, a future week, a size the price list cannot read and a position twice: 400 naming the field, nothing written', async () => {
    const job = await newJob();
    const cases: [object, string, string | RegExp][] = [
      [[tyre('front-left', { confirmOverAge: false })], '0.confirmOverAge', /over six years old: confirm/],
      [[tyre('front-left', { dotCode: '5519' })], '0.dotCode', DOT_MESSAGE],
      [[tyre('front-left', { dotCode: '0019' })], '0.dotCode', DOT_MESSAGE],
      [[tyre('front-left', { dotCode: '0127' })], '0.dotCode', 'DOT code is a week that has not come yet'],
      [[tyre('front-left', { dotCode: '231' })], '0.dotCode', DOT_MESSAGE],
      [[tyre('front-left', { size: '205/55' })], '0.size', SIZE_MESSAGE],
      [[tyre('front-left'), tyre('front-left')], '1.position', POSITION_TWICE_MESSAGE],
      [[tyre('roof')], '0.position', /Choose where the tyre went/],
      [[tyre('front-left', { fromVanId: 1.5 })], '0.fromVanId', /Van must be/],
    ];
    for (const [payload, field, message] of cases) {
      const res = await post(job.id, payload, tech);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().fields[field]).toMatch(message);
    }
    // A position already fitted on the job, and a tyre from a van with none of it.
    expect((await post(job.id, [tyre('spare', { dotCode: '0125' })], tech)).statusCode).toBe(201);
    const twice = await post(
      job.id,
      [tyre('front-left', { dotCode: '0125' }), tyre('spare', { dotCode: '0125' })],
      tech,
    );
    expect(twice.json().fields).toEqual({ '1.position': POSITION_TWICE_MESSAGE });
    const noStock = await post(job.id, [tyre('front-left', { dotCode: '0125', fromVanId: 2 })], tech);
    expect(noStock.json().fields).toEqual({ '0.fromVanId': 'Van 2 has no 205/55R16 Michelin left' });
    expect(await rowsOf(job.id)).toBe(1);
  });

  it("a technician records tyres only on their own jobs (403), and a tyre from the van's stock leaves it", async () => {
    const other = await signedInStaff(t, { role: 'technician' });
    const job = await newJob();
    const refused = await post(job.id, [tyre('front-left')], other);
    expect(refused.statusCode).toBe(403);
    expect(await rowsOf(job.id)).toBe(0);
    await t.db
      .insert(tyreStock)
      .values({ location: 'van-1', size: '205/55R16', brand: 'Michelin', quantity: 1 })
      .onConflictDoNothing();
    const fitted = await post(job.id, [tyre('front-left', { dotCode: '4025', brand: 'michelin', fromVanId: 1 })], tech);
    expect(fitted.statusCode, fitted.body).toBe(201);
    expect((fitted.json() as FittedTyre[])[0]).toMatchObject({
      isOverAge: false,
      fromVanId: 1,
      dotWeek: 40,
      dotYear: 2025,
    });
    const [left] = await t.db.select().from(tyreStock).where(eq(tyreStock.location, 'van-1'));
    expect(left!.quantity).toBe(0);
  });
});
