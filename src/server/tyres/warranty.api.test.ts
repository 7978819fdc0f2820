import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerTyre, WarrantyTyre } from '../../shared/schemas/tyres';
import { jobs, warrantyClaims } from '../db/schema';
import { insertJob } from '../db/seed/factories';
import { issueManageToken } from '../jobs/manage-link';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';

/**
 * The warranty register (docs/decisions/415-warranty-register.md): a customer's tyres found by
 * registration, phone or job number with the warranty's end twelve months after fitting; a claim
 * opens a new job linked to the original, labour free by default; the manage page lists the tyres.
 */
let t: TestApp;
let admin: { user: { id: string }; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });

describe('the warranty register', () => {
  it('finds the four tyres of a job by registration, phone and job number, each ending twelve months after fitting; a claim opens a free linked job; the manage page shows them', async () => {
    t.clock.set(MONDAY_7AM_PERTH);
    const job = await insertJob(t.db, {
      scheduledDay: '2026-11-23',
      timeSlot: '8-10 AM',
      status: 'in-progress',
      contactPhone: '0412 345 678',
    });
    const [vehicle] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
    const fitted = await inject(
      'POST',
      `/api/dashboard/jobs/${job.id}/fitted-tyres`,
      ['front-left', 'front-right', 'rear-left', 'rear-right'].map((position) => ({
        position,
        size: '205/55R16',
        brand: 'Michelin',
        dotCode: '2319',
        removed: 'disposal',
        confirmOverAge: true,
      })),
    );
    expect(fitted.statusCode, fitted.body).toBe(201);
    const registration = (await t.db.query.vehicles.findFirst({
      where: (v, { eq: is }) => is(v.id, vehicle!.vehicleId!),
    }))!.registration;

    for (const query of [
      `registration=${encodeURIComponent(registration.toLowerCase())}`,
      'phone=0412345678',
      // The same number written the international way, and the job's number without its prefix.
      `phone=${encodeURIComponent('+61 412 345 678')}`,
      `jobNumber=${job.jobNumber.replace(/^JOB-/, '')}`,
      `jobNumber=${job.jobNumber}`,
    ]) {
      const res = await inject('GET', `/api/dashboard/warranty?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const found = res.json() as WarrantyTyre[];
      expect(found.map((f) => [f.position, f.fittedOn, f.warrantyEndsOn, f.isUnderWarranty, f.jobNumber])).toEqual(
        ['front-left', 'front-right', 'rear-left', 'rear-right'].map((p) => [
          p,
          '2026-11-23',
          '2027-11-23',
          true,
          job.jobNumber,
        ]),
      );
    }
    const none = await inject('GET', '/api/dashboard/warranty');
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.registration).toBe('Search by registration, phone or job number');

    // Three months later the front left fails: a claim in a free window, labour free, linked.
    t.clock.set('2027-02-22T00:00:00.000Z');
    admin = await signedInStaff(t, { role: 'admin' });
    const tyreId = (await (await inject('GET', `/api/dashboard/warranty?jobNumber=${job.jobNumber}`)).json())[0].id;
    const claim = await inject('POST', '/api/dashboard/warranty/claims', {
      fittedTyreId: tyreId,
      reason: 'Sidewall bulge',
      scheduledDay: '2027-02-24',
      timeSlot: '10-12 AM',
    });
    expect(claim.statusCode, claim.body).toBe(201);
    const made = claim.json();
    expect(made).toMatchObject({ originalJobId: job.id, originalJobNumber: job.jobNumber, customerValue: '0.00' });
    const [claimJob] = await t.db.select().from(jobs).where(eq(jobs.id, made.claimJobId));
    expect(claimJob).toMatchObject({
      customerId: job.customerId,
      vehicleId: job.vehicleId,
      serviceType: 'new-tyres',
      tyreSize: '205/55R16',
      tyreQuantity: 1,
      customerValue: '0.00',
      scheduledDay: '2027-02-24',
      status: 'new',
    });
    expect(
      await t.db.select().from(warrantyClaims).where(eq(warrantyClaims.claimJobId, made.claimJobId)),
    ).toMatchObject([{ originalJobId: job.id, fittedTyreId: tyreId, reason: 'Sidewall bulge' }]);

    // The customer's manage link lists the tyres and when each warranty ends.
    const token = await issueManageToken(t.db, job.id, undefined);
    const page = await t.app.inject({ method: 'GET', url: `/api/manage/${token}/tyres` });
    expect(page.statusCode, page.body).toBe(200);
    expect((page.json() as CustomerTyre[]).map((c) => [c.position, c.warrantyEndsOn])).toEqual(
      ['front-left', 'front-right', 'rear-left', 'rear-right'].map((p) => [p, '2027-11-23']),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/manage/not-a-token/tyres' })).statusCode).toBe(404);

    // After the end date, a claim is refused and nothing is written.
    t.clock.set('2027-11-25T00:00:00.000Z');
    admin = await signedInStaff(t, { role: 'admin' });
    const late = await inject('POST', '/api/dashboard/warranty/claims', {
      fittedTyreId: tyreId,
      reason: 'Worn',
      scheduledDay: '2027-11-29',
      timeSlot: '10-12 AM',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The warranty on this tyre ended on Tuesday 23 November 2027.');
    expect(await t.db.select().from(warrantyClaims)).toHaveLength(1);
  });
});
