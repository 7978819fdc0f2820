import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, timeSlots } from '../db/schema';
import { insertPrepaidBooking } from '../payments/fixtures';
import { insertJob } from '../db/seed/factories';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { publicChangesHeard } from '../../../tests/helpers/public-changes';
import { setJobState } from '../../../tests/helpers/job-state';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => t.clock.set(MONDAY_7AM_PERTH));

async function slotsFor(date: string) {
  await publicChangesHeard(t.app, t.db);
  const res = await t.app.inject({ method: 'GET', url: `/api/time-slots?date=${date}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; slot: string; isAvailable: boolean; blockedReason: string | null; date: string }[];
}

describe('GET /api/time-slots', () => {
  it('lists the four slots of an open business day, all available before 8 am Perth', async () => {
    const slots = await slotsFor('2026-11-23');
    expect(slots.map((s) => s.slot)).toEqual(['8-10 AM', '10-12 AM', '12-2 PM', '2-4 PM']);
    expect(slots.every((s) => s.isAvailable && s.blockedReason === null && s.date === '2026-11-23' && s.id)).toBe(true);
  });

  it('marks slots whose start has passed in Perth as "Time has passed"', async () => {
    t.clock.set('2026-11-23T02:00:00.000Z'); // 10:00 in Perth: the 10-12 slot has just started
    const slots = await slotsFor('2026-11-23');
    expect(slots.map((s) => [s.slot, s.isAvailable, s.blockedReason])).toEqual([
      ['8-10 AM', false, 'Time has passed'],
      ['10-12 AM', false, 'Time has passed'],
      ['12-2 PM', true, null],
      ['2-4 PM', true, null],
    ]);
  });

  it('marks every slot of a past day as passed and of a later day as open', async () => {
    t.clock.set('2026-11-23T02:00:00.000Z');
    expect((await slotsFor('2026-11-20')).every((s) => s.blockedReason === 'Time has passed')).toBe(true);
    expect((await slotsFor('2026-11-26')).every((s) => s.isAvailable)).toBe(true);
  });

  it('closes weekends with reason Closed', async () => {
    for (const day of ['2026-11-28', '2026-11-29']) {
      const slots = await slotsFor(day);
      expect(slots.every((s) => !s.isAvailable && s.blockedReason === 'Closed')).toBe(true);
    }
  });

  it('closes WA public holidays with reason Public holiday', async () => {
    for (const day of ['2026-12-25', '2027-01-26', '2027-06-07']) {
      const slots = await slotsFor(day);
      expect(slots.every((s) => !s.isAvailable && s.blockedReason === 'Public holiday')).toBe(true);
    }
  });

  it('shows a slot staff blocked with its reason', async () => {
    await t.db
      .insert(timeSlots)
      .values({ date: '2026-11-24', slot: '12-2 PM', isAvailable: false, blockedReason: 'Van service' });
    const slots = await slotsFor('2026-11-24');
    const blocked = slots.find((s) => s.slot === '12-2 PM')!;
    expect(blocked).toMatchObject({ isAvailable: false, blockedReason: 'Van service' });
    expect(slots.filter((s) => s.isAvailable)).toHaveLength(3);
  });

  it('marks a slot held by a job unavailable, and frees it when the job is cancelled', async () => {
    const job = await insertJob(t.db, { scheduledDay: '2026-11-25', timeSlot: '8-10 AM' });
    let slot = (await slotsFor('2026-11-25')).find((s) => s.slot === '8-10 AM')!;
    expect(slot).toMatchObject({ isAvailable: false, blockedReason: null });

    await setJobState(t.db, job.id, { status: 'cancelled' });
    slot = (await slotsFor('2026-11-25')).find((s) => s.slot === '8-10 AM')!;
    expect(slot.isAvailable).toBe(true);
  });

  it('frees a slot the moment its unpaid hold lapses, before any sweep, and keeps a paid one held', async () => {
    const held = await insertPrepaidBooking(t.db, {
      now: t.clock.now(),
      scheduledDay: '2026-12-01',
      timeSlot: '10-12 AM',
    });
    const paid = await insertPrepaidBooking(t.db, {
      now: t.clock.now(),
      scheduledDay: '2026-12-01',
      timeSlot: '12-2 PM',
    });
    await setJobState(t.db, paid.job.id, { paymentStatus: 'paid' });
    const state = async () => Object.fromEntries((await slotsFor('2026-12-01')).map((s) => [s.slot, s.isAvailable]));
    t.clock.advance(29 * 60_000);
    expect(await state()).toMatchObject({ '10-12 AM': false, '12-2 PM': false });

    t.clock.advance(60_000 + 1000);
    expect(await state()).toMatchObject({ '10-12 AM': true, '12-2 PM': false });
    await publicChangesHeard(t.app, t.db);
    const availability = await t.app.inject({ method: 'GET', url: '/api/time-slots/availability?date=2026-12-01' });
    expect(availability.json()).toContainEqual({ slot: '10-12 AM', isAvailable: true });
    // The sweep has not run: the lapsed job is still 'new' in the database.
    expect((await t.db.select().from(jobs).where(eq(jobs.id, held.job.id)))[0]!.status).toBe('new');
  });

  it.each(['abc', '2026-02-30', '2026-1-5', '24-11-2026', ''])(
    'answers 400 Invalid date format for %j',
    async (date) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/time-slots?date=${encodeURIComponent(date)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION', message: 'Invalid date format' });
    },
  );

  it('answers 400 Invalid date format when the date is missing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/time-slots' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid date format');
  });
});

describe('the other two slot shapes, from the same availability', () => {
  it('GET /api/time-slots/{isoDate} lists the same items', async () => {
    await insertJob(t.db, { scheduledDay: '2026-11-26', timeSlot: '2-4 PM' });
    await publicChangesHeard(t.app, t.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/time-slots/2026-11-26' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(await slotsFor('2026-11-26'));
    expect(res.json().map((s: { slot: string; isAvailable: boolean }) => [s.slot, s.isAvailable])).toEqual([
      ['8-10 AM', true],
      ['10-12 AM', true],
      ['12-2 PM', true],
      ['2-4 PM', false],
    ]);
  });

  it('GET /api/time-slots/availability?date= answers {slot, isAvailable}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/time-slots/availability?date=2026-11-28' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { slot: '8-10 AM', isAvailable: false },
      { slot: '10-12 AM', isAvailable: false },
      { slot: '12-2 PM', isAvailable: false },
      { slot: '2-4 PM', isAvailable: false },
    ]);
  });

  it('both refuse a bad date with Invalid date format', async () => {
    for (const url of ['/api/time-slots/2026-02-30', '/api/time-slots/availability?date=tomorrow']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid date format');
    }
  });
});

describe('plumbing', () => {
  it('GET /healthz reports the database reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'reachable' });
  });

  it('answers unknown API paths with 404 JSON, not the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('sends security headers and a request id on every response', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const scriptSrc = csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self'");
  });
});
