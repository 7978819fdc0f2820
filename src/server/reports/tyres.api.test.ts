import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fittedTyres, tyreStock, tyreStockPricing, warrantyClaims } from '../db/schema';
import { insertJob } from '../db/seed/factories';
import { freshSlots } from '../../../tests/helpers/fresh-slots';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/**
 * The tyre report (docs/decisions/424-tyre-reports.md): tyres fitted by month, size and brand in
 * the range; the stock held now at the price list's purchase price (the mean of a size and brand's
 * models); the warranty claims opened in the range by their Perth day.
 */
let t: TestApp;
let admin: { cookie: string };
const freshSlot = freshSlots('2027-03-01');
const RANGE = 'startDate=2026-10-01&endDate=2026-11-30';

const get = (url: string, cookie = admin.cookie) => t.app.inject({ method: 'GET', url, headers: { cookie } });

async function fit(fittedOn: string, tyres: { size: string; brand: string }[]) {
  const job = await insertJob(t.db, { ...freshSlot(), status: 'completed' });
  const positions = ['front-left', 'front-right', 'rear-left', 'rear-right', 'spare'] as const;
  const rows = await t.db
    .insert(fittedTyres)
    .values(
      tyres.map((tyre, i) => ({
        jobId: job.id,
        position: positions[i]!,
        ...tyre,
        dotWeek: 10,
        dotYear: 2025,
        fittedOn,
        removed: 'disposal' as const,
      })),
    )
    .returning();
  return { job, tyres: rows };
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-12-02T01:00:00.000Z' });
  admin = await signedInStaff(t, { role: 'admin' });
  const michelin = { size: '205/55R16', brand: 'Michelin' };
  const hankook = { size: '195/65R15', brand: 'Hankook' };
  await fit('2026-09-30', [michelin]); // before the range
  const october = await fit('2026-10-05', [michelin, michelin]);
  await fit('2026-11-10', [hankook, hankook, hankook, hankook]);
  await fit('2026-11-12', [michelin]);
  await t.db.insert(tyreStockPricing).values([
    { size: '205/55R16', brand: 'Michelin', model: 'Primacy 4', purchasePrice: '120.00', retailPrice: '189.00' },
    { size: '205/55R16', brand: 'MICHELIN', model: 'Pilot Sport 5', purchasePrice: '130.05', retailPrice: '229.00' },
  ]);
  await t.db.insert(tyreStock).values([
    { location: 'depot', ...michelin, quantity: 3 },
    { location: 'van-1', ...michelin, quantity: 1, reserved: 1 },
    { location: 'van-2', size: '225/45R17', brand: 'Nankang', quantity: 2 },
    { location: 'van-2', ...hankook, quantity: 0 },
  ]);
  // Claims opened on Monday 16 November 01:00 Perth (still the 15th in UTC) and 1 December Perth (outside).
  const claimJob = await insertJob(t.db, { ...freshSlot() });
  const lateClaimJob = await insertJob(t.db, { ...freshSlot() });
  await t.db.insert(warrantyClaims).values([
    {
      claimJobId: claimJob.id,
      originalJobId: october.job.id,
      fittedTyreId: october.tyres[0]!.id,
      reason: '=Sidewall bulge',
      createdAt: new Date('2026-11-15T17:00:00.000Z'),
    },
    {
      claimJobId: lateClaimJob.id,
      originalJobId: october.job.id,
      fittedTyreId: october.tyres[1]!.id,
      reason: 'Slow leak',
      createdAt: new Date('2026-11-30T17:00:00.000Z'),
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/dashboard/reports/tyres', () => {
  it('counts the tyres fitted per month, size and brand, values the stock at cost and lists the claims', async () => {
    const res = await get(`/api/dashboard/reports/tyres?${RANGE}`);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ startDate: '2026-10-01', endDate: '2026-11-30', hasData: true, fittedTotal: 7 });
    expect(r.fitted).toEqual([
      { month: '2026-10', size: '205/55R16', brand: 'Michelin', count: 2 },
      { month: '2026-11', size: '195/65R15', brand: 'Hankook', count: 4 },
      { month: '2026-11', size: '205/55R16', brand: 'Michelin', count: 1 },
    ]);
    // 4 Michelin (a reserved one is still held) at the mean of 120.00 and 130.05; Nankang has no price.
    expect(r.stock).toEqual({
      asOf: '2026-12-02',
      lines: [
        { size: '205/55R16', brand: 'Michelin', quantity: 4, unitCost: '125.03', value: '500.12' },
        { size: '225/45R17', brand: 'Nankang', quantity: 2, unitCost: null, value: '0.00' },
      ],
      quantity: 6,
      total: '500.12',
      uncosted: 2,
    });
    expect(r.claims).toEqual([
      {
        day: '2026-11-16',
        claimJobNumber: expect.stringMatching(/^JOB-/),
        originalJobNumber: expect.stringMatching(/^JOB-/),
        size: '205/55R16',
        brand: 'Michelin',
        reason: '=Sidewall bulge',
      },
    ]);
  });

  it('gives the same figures as CSV, formulas defused', async () => {
    const res = await get(`/api/dashboard/reports/tyres.csv?${RANGE}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('tyres-2026-10-01-to-2026-11-30.csv');
    const csv = res.body;
    expect(csv).toContain('2026-11,195/65R15,Hankook,4');
    expect(csv).toContain('Total,,,7');
    expect(csv).toContain('205/55R16,Michelin,4,125.03,500.12');
    expect(csv).toContain('Total,,6,,500.12');
    expect(csv).toContain("'=Sidewall bulge");
  });

  it('an empty range has no fitted tyres or claims but still the stock; a technician is refused; a bad range is a 400', async () => {
    const empty = (await get('/api/dashboard/reports/tyres?startDate=2025-01-01&endDate=2025-01-31')).json();
    expect(empty).toMatchObject({ fitted: [], fittedTotal: 0, claims: [], hasData: true });
    expect(empty.stock.total).toBe('500.12');
    const tech = await signedInStaff(t, { role: 'technician' });
    expect((await get(`/api/dashboard/reports/tyres?${RANGE}`, tech.cookie)).statusCode).toBe(403);
    const bad = await get('/api/dashboard/reports/tyres?startDate=2026-11-30&endDate=2026-10-01');
    expect(bad.statusCode).toBe(400);
  });
});
