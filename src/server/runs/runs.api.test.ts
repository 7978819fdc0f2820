import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayRun } from '../../shared/schemas/runs';
import { insertJob } from '../db/seed/factories';
import { pdfText } from '../../../tests/helpers/invoice-harness';
import { call, insertStaff, signedInStaff } from '../../../tests/api/staff-helpers';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/**
 * A technician's day run (docs/product.md "Staff dashboard", decision 315). The clock stands at
 * Monday 23 November 2026, 07:00 Perth; Alice's Tuesday has three live stops booked out of slot
 * order, one cancelled job and Bob's job between them.
 */
let t: TestApp;
let admin: { cookie: string };
let alice: { user: { id: string; username: string }; cookie: string };
let bob: { user: { id: string; username: string }; cookie: string };
const TUESDAY = '2026-11-24';
const run = (id: string, cookie: string, query = `?date=${TUESDAY}`) =>
  call(t, { method: 'GET', url: `/api/dashboard/technicians/${id}/run${query}`, cookie });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, { role: 'admin' });
  [alice, bob] = await Promise.all([
    signedInStaff(t, { role: 'technician' }),
    signedInStaff(t, { role: 'technician' }),
  ]);
  const a = alice.user.id;
  await insertJob(t.db, {
    scheduledDay: TUESDAY,
    timeSlot: '2-4 PM',
    assignedTechnicianId: a,
    address: '3 Third Avenue',
    suburb: 'Rockingham',
    postcode: '6168',
    contactName: 'Carol Last',
    contactPhone: '0400 000 003',
  });
  await insertJob(t.db, {
    scheduledDay: TUESDAY,
    timeSlot: '8-10 AM',
    assignedTechnicianId: a,
    address: '1 First Road',
    suburb: 'Mandurah',
    postcode: '6210',
    contactName: 'Ann First',
    contactPhone: '0400 000 001',
    serviceType: 'new-tyres',
    tyreSize: '205/55R16',
    tyreQuantity: 2,
    tyreBrand: 'Michelin',
    notes: 'Gate code 1234',
  });
  await insertJob(t.db, {
    scheduledDay: TUESDAY,
    timeSlot: '12-2 PM',
    assignedTechnicianId: a,
    address: '2 Second Street',
    suburb: 'Baldivis',
    postcode: '6171',
    contactName: 'Ben Middle',
    contactPhone: '0400 000 002',
    serviceType: 'battery-service',
  });
  await insertJob(t.db, {
    scheduledDay: TUESDAY,
    timeSlot: '12-2 PM',
    assignedTechnicianId: a,
    status: 'cancelled',
    address: '9 Gone Way',
    suburb: 'Perth',
    postcode: '6000',
    contactName: 'Cancelled Customer',
  });
  await insertJob(t.db, {
    scheduledDay: TUESDAY,
    timeSlot: '10-12 AM',
    assignedTechnicianId: bob.user.id,
    address: '7 Other Street',
    suburb: 'Joondalup',
    postcode: '6027',
    contactName: 'Bobs Customer',
  });
  await insertJob(t.db, {
    scheduledDay: '2026-11-23',
    timeSlot: '8-10 AM',
    assignedTechnicianId: a,
    address: '5 Today Street',
    suburb: 'Perth',
    postcode: '6000',
    contactName: 'Today Customer',
  });
});
afterAll(async () => {
  await t?.close();
});

describe('the day run', () => {
  it("lists the technician's live jobs that day in slot order, with what they need at each stop", async () => {
    const res = await run(alice.user.id, alice.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json<DayRun>();
    expect(body.technician).toEqual({ id: alice.user.id, username: alice.user.username });
    expect(body.date).toBe(TUESDAY);
    expect(body.jobs.map((j) => [j.timeSlot, j.contactName])).toEqual([
      ['8-10 AM', 'Ann First'],
      ['12-2 PM', 'Ben Middle'],
      ['2-4 PM', 'Carol Last'],
    ]);
    expect(body.jobs[0]).toMatchObject({
      window: '8 am - 10 am',
      address: '1 First Road',
      suburb: 'Mandurah',
      postcode: '6210',
      contactPhone: '0400 000 001',
      service: 'New Tyres',
      tyreSize: '205/55R16',
      tyreQuantity: 2,
      tyreBrand: 'Michelin',
      notes: 'Gate code 1234',
      status: 'new',
    });
    expect(body.jobs[0]!.jobNumber).toMatch(/^JOB-\d+$/);
  });

  it('gives one Google Maps link from where the phone is through every stop in order', async () => {
    const { directionsUrl } = (await run(alice.user.id, alice.cookie)).json<DayRun>();
    const url = new URL(directionsUrl!);
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.has('origin')).toBe(false);
    expect(url.searchParams.get('waypoints')).toBe('1 First Road, Mandurah WA 6210|2 Second Street, Baldivis WA 6171');
    expect(url.searchParams.get('destination')).toBe('3 Third Avenue, Rockingham WA 6168');
    expect(directionsUrl).toContain('waypoints=1+First+Road%2C+Mandurah+WA+6210%7C2+Second+Street');
  });

  it("opens on today's run when no date is given, and an empty day has no link", async () => {
    const today = (await run(alice.user.id, alice.cookie, '')).json<DayRun>();
    expect(today.date).toBe('2026-11-23');
    expect(today.jobs.map((j) => j.contactName)).toEqual(['Today Customer']);
    const empty = (await run(alice.user.id, alice.cookie, '?date=2026-11-25')).json<DayRun>();
    expect(empty).toMatchObject({ jobs: [], directionsUrl: null });
  });

  it("lets an admin read any technician's run", async () => {
    const res = await run(bob.user.id, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<DayRun>().jobs.map((j) => j.contactName)).toEqual(['Bobs Customer']);
  });

  it("refuses a technician another technician's run with 403, and shows nothing of it", async () => {
    for (const path of ['run', 'run.pdf']) {
      const res = await call(t, {
        method: 'GET',
        url: `/api/dashboard/technicians/${bob.user.id}/${path}?date=${TUESDAY}`,
        cookie: alice.cookie,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You can only see your own run.');
      expect(res.body).not.toContain('Bobs Customer');
    }
  });

  it('answers 404 for an unknown technician, a malformed id or someone who is not a technician', async () => {
    const otherAdmin = await insertStaff(t, { role: 'admin' });
    for (const id of ['6f1d5c7e-0000-4000-8000-000000000000', 'not-an-id', otherAdmin.id]) {
      const res = await run(id, admin.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Technician not found');
    }
  });

  it('refuses a date that is not a real day with 400, naming the field', async () => {
    for (const date of ['2026-02-30', '24/11/2026', 'tomorrow']) {
      const res = await run(alice.user.id, alice.cookie, `?date=${encodeURIComponent(date)}`);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Invalid date format');
    }
  });
});

describe('the printable run sheet', () => {
  it('is a PDF with each stop in order: window, address, phone, service, tyres, notes and a line to sign', async () => {
    const res = await call(t, {
      method: 'GET',
      url: `/api/dashboard/technicians/${alice.user.id}/run.pdf?date=${TUESDAY}`,
      cookie: alice.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    const at = (s: string) => {
      const i = text.indexOf(s);
      expect(i, s).toBeGreaterThanOrEqual(0);
      return i;
    };
    expect(text).toContain(`Run sheet: ${alice.user.username}`);
    expect(text).toContain('Tuesday 24 November 2026');
    expect(at('8 am - 10 am')).toBeLessThan(at('12 pm - 2 pm'));
    expect(at('Ann First')).toBeLessThan(at('Ben Middle'));
    expect(at('Ben Middle')).toBeLessThan(at('Carol Last'));
    for (const s of [
      '1 First Road, Mandurah WA 6210',
      'Phone 0400 000 001',
      'New Tyres',
      '2 x 205/55R16 Michelin',
      'Gate code 1234',
      'Battery Service',
    ])
      at(s);
    expect(text.match(/Signature \/ notes/g)).toHaveLength(3);
    expect(text).not.toContain('Cancelled Customer');
    expect(text).not.toContain('Bobs Customer');
  });
});
