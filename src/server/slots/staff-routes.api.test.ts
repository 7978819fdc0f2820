import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { BLOCK_REASON_MESSAGE, type StaffSlotDay } from '../../shared/schemas/slots';
import { bookingHolds, jobs, timeSlots } from '../db/schema';
import { insertJob } from '../db/seed/factories';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { publicChangesHeard } from '../../../tests/helpers/public-changes';
import { bookingBody, freshClientAddress } from '../../../tests/helpers/bookings';
import { NOTHING_TO_BLOCK_MESSAGE } from './staff-service';

// Monday 23 November 2026 07:00 Perth; the days below are that week and the next.
const TUESDAY = '2026-11-24';
const WEDNESDAY = '2026-11-25';
const THURSDAY = '2026-11-26';
const FRIDAY = '2026-11-27';

let t: TestApp;
let admin: string;
let technician: { cookie: string; user: { id: string; username: string } };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInStaff(t, { role: 'admin' })).cookie;
  technician = await signedInStaff(t, { role: 'technician' });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  t.clock.set(MONDAY_7AM_PERTH);
  await t.db.delete(timeSlots);
  await t.db.delete(bookingHolds);
  await t.db.delete(jobs);
});

const slotUrl = (day: string, slot: string, action: 'block' | 'unblock') =>
  `/api/dashboard/timeslots/${day}/${encodeURIComponent(slot)}/${action}`;

function block(day: string, slot: string, reason: unknown, cookie = admin) {
  return t.app.inject({
    method: 'PATCH',
    url: slotUrl(day, slot, 'block'),
    headers: { cookie },
    payload: reason === undefined ? {} : { reason },
  });
}
function unblock(day: string, slot: string, cookie = admin) {
  return t.app.inject({ method: 'PATCH', url: slotUrl(day, slot, 'unblock'), headers: { cookie } });
}
function blockWholeDay(day: string, reason: string, cookie = admin) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/dashboard/timeslots/${day}/block`,
    headers: { cookie },
    payload: { reason },
  });
}
function unblockWholeDay(day: string, cookie = admin) {
  return t.app.inject({ method: 'PATCH', url: `/api/dashboard/timeslots/${day}/unblock`, headers: { cookie } });
}
async function calendar(from: string, days: number): Promise<StaffSlotDay[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dashboard/timeslots?from=${from}&days=${days}`,
    headers: { cookie: admin },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function publicSlots(day: string) {
  await publicChangesHeard(t.app, t.db);
  const res = await t.app.inject({ method: 'GET', url: `/api/time-slots?date=${day}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { slot: string; isAvailable: boolean; blockedReason: string | null }[];
}
const stateOf = (day: StaffSlotDay) => day.slots.map((s) => [s.slot, s.state, s.reason]);

describe('GET /api/dashboard/timeslots (the staff calendar)', () => {
  it('lists each day by its four slots: free, booked with its job and technician, blocked with its reason, closed at the weekend', async () => {
    const job = await insertJob(t.db, {
      scheduledDay: TUESDAY,
      timeSlot: '10-12 AM',
      suburb: 'Joondalup',
      assignedTechnicianId: technician.user.id,
    });
    await t.db
      .insert(timeSlots)
      .values({ date: TUESDAY, slot: '2-4 PM', isAvailable: false, blockedReason: 'Van service' });

    const days = await calendar('2026-11-23', 7);
    expect(days.map((d) => d.date)).toEqual([
      '2026-11-23',
      TUESDAY,
      WEDNESDAY,
      THURSDAY,
      FRIDAY,
      '2026-11-28',
      '2026-11-29',
    ]);
    const tuesday = days[1]!;
    expect(stateOf(tuesday)).toEqual([
      ['8-10 AM', 'free', null],
      ['10-12 AM', 'booked', null],
      ['12-2 PM', 'free', null],
      ['2-4 PM', 'blocked', 'Van service'],
    ]);
    expect(tuesday.slots[1]).toMatchObject({
      places: 1,
      jobs: [
        {
          id: job.id,
          jobNumber: job.jobNumber,
          suburb: 'Joondalup',
          status: 'new',
          technician: technician.user.username,
        },
      ],
    });
    expect(days[5]).toMatchObject({ date: '2026-11-28', closedReason: 'Closed' });
    expect(days[5]!.slots.every((s) => s.state === 'closed' && s.reason === 'Closed')).toBe(true);
    expect(days[0]!.closedReason).toBeNull();
  });

  it('marks passed slots by Perth time and public holidays as closed', async () => {
    t.clock.set('2026-11-23T02:00:00.000Z'); // 10:00 in Perth
    const [monday] = await calendar('2026-11-23', 1);
    expect(monday!.slots.map((s) => s.state)).toEqual(['passed', 'passed', 'free', 'free']);

    const [christmas] = await calendar('2026-12-25', 1);
    expect(christmas).toMatchObject({ closedReason: 'Public holiday' });
    expect(christmas!.slots.every((s) => s.state === 'closed' && s.reason === 'Public holiday')).toBe(true);
  });

  it('leaves cancelled jobs out: their slot is free', async () => {
    await insertJob(t.db, { scheduledDay: WEDNESDAY, timeSlot: '8-10 AM', status: 'cancelled' });
    const [wednesday] = await calendar(WEDNESDAY, 1);
    expect(wednesday!.slots[0]).toMatchObject({ state: 'free', jobs: [] });
  });

  it('shows the slot of an unpaid hold past its time as free, as the booking wizard does', async () => {
    const job = await insertJob(t.db, { scheduledDay: THURSDAY, timeSlot: '12-2 PM', paymentMethod: 'prepaid' });
    await t.db
      .insert(bookingHolds)
      .values({ token: `tok_${job.id}`, jobId: job.id, expiresAt: new Date(Date.parse(MONDAY_7AM_PERTH) - 60_000) });
    const [thursday] = await calendar(THURSDAY, 1);
    expect(thursday!.slots[2]).toMatchObject({ state: 'free', jobs: [] });
    expect((await publicSlots(THURSDAY))[2]).toMatchObject({ isAvailable: true });
  });

  it('defaults to 14 days and refuses more than 62', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/timeslots?from=2026-11-23',
      headers: { cookie: admin },
    });
    expect((res.json() as StaffSlotDay[]).length).toBe(14);
    const tooMany = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/timeslots?from=2026-11-23&days=63',
      headers: { cookie: admin },
    });
    expect(tooMany.statusCode).toBe(400);
    const badDate = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/timeslots?from=23-11-2026',
      headers: { cookie: admin },
    });
    expect(badDate.json()).toMatchObject({ error: 'VALIDATION', message: 'Invalid date format' });
  });
});

describe('PATCH /api/dashboard/timeslots/{date}/{slot}/block and /unblock', () => {
  it('refuses to block a slot a live job holds, with 409 naming the job number', async () => {
    const job = await insertJob(t.db, { scheduledDay: TUESDAY, timeSlot: '8-10 AM' });
    const res = await block(TUESDAY, '8-10 AM', 'Van service');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'CONFLICT', jobNumber: job.jobNumber });
    expect(res.json().message).toBe(
      `${job.jobNumber} is booked in this slot. Reschedule or cancel it before blocking the slot.`,
    );
    expect(await t.db.select().from(timeSlots)).toEqual([]);
  });

  it('blocks a free slot: the public time slots show it unavailable with the reason, and the booking is refused', async () => {
    const res = await block(WEDNESDAY, '12-2 PM', '  Staff training  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(stateOf(res.json())).toContainEqual(['12-2 PM', 'blocked', 'Staff training']);

    const slot = (await publicSlots(WEDNESDAY)).find((s) => s.slot === '12-2 PM');
    expect(slot).toMatchObject({ isAvailable: false, blockedReason: 'Staff training' });
    const availability = await t.app.inject({ method: 'GET', url: `/api/time-slots/availability?date=${WEDNESDAY}` });
    expect(availability.json()).toContainEqual({ slot: '12-2 PM', isAvailable: false });
  });

  it('replaces the reason when a blocked slot is blocked again', async () => {
    await block(WEDNESDAY, '8-10 AM', 'Van service');
    const res = await block(WEDNESDAY, '8-10 AM', 'Tyre delivery');
    expect(res.statusCode).toBe(200);
    expect((await publicSlots(WEDNESDAY))[0]).toMatchObject({ isAvailable: false, blockedReason: 'Tyre delivery' });
    expect(await t.db.select().from(timeSlots)).toHaveLength(1);
  });

  it('unblocks: the slot is bookable again, and unblocking a free slot changes nothing', async () => {
    await block(THURSDAY, '2-4 PM', 'Van service');
    const res = await unblock(THURSDAY, '2-4 PM');
    expect(res.statusCode).toBe(200);
    expect(stateOf(res.json())).toContainEqual(['2-4 PM', 'free', null]);
    expect((await publicSlots(THURSDAY)).every((s) => s.isAvailable)).toBe(true);

    const again = await unblock(THURSDAY, '2-4 PM');
    expect(again.statusCode).toBe(200);
    expect(stateOf(again.json())).toContainEqual(['2-4 PM', 'free', null]);
  });

  it('refuses to block a slot that has passed or a closed day, with a sentence saying why', async () => {
    t.clock.set('2026-11-23T02:00:00.000Z'); // 10:00 in Perth
    const passed = await block('2026-11-23', '8-10 AM', 'Late start');
    expect(passed.statusCode).toBe(400);
    expect(passed.json().message).toBe('This time slot has already passed, so there is nothing to block.');

    const saturday = await block('2026-11-28', '8-10 AM', 'Van service');
    expect(saturday.statusCode).toBe(400);
    expect(saturday.json().message).toBe(
      'Saturday 28 November 2026 is closed (not a business day), so there is nothing to block.',
    );
    const christmas = await block('2026-12-25', '8-10 AM', 'Van service');
    expect(christmas.json().message).toBe(
      'Friday 25 December 2026 is closed (public holiday), so there is nothing to block.',
    );
    expect(await t.db.select().from(timeSlots)).toEqual([]);
  });

  it('lets a lapsed unpaid hold give way, as it would to a new booking', async () => {
    const job = await insertJob(t.db, { scheduledDay: FRIDAY, timeSlot: '10-12 AM', paymentMethod: 'prepaid' });
    await t.db
      .insert(bookingHolds)
      .values({ token: `tok_${job.id}`, jobId: job.id, expiresAt: new Date(Date.parse(MONDAY_7AM_PERTH) - 60_000) });
    const res = await block(FRIDAY, '10-12 AM', 'Van service');
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, job.id));
    expect(row!.status).toBe('cancelled');
  });

  it.each([
    ['an empty reason', '', BLOCK_REASON_MESSAGE],
    ['a reason of spaces', '   ', BLOCK_REASON_MESSAGE],
    ['no reason', undefined, BLOCK_REASON_MESSAGE],
    ['a reason that is not text', 42, BLOCK_REASON_MESSAGE],
    ['a reason of 201 characters', 'x'.repeat(201), 'Reason must be at most 200 characters'],
  ])('refuses %s with 400 and the form message', async (_label, reason, message) => {
    const res = await block(TUESDAY, '8-10 AM', reason);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION', message });
    expect(await t.db.select().from(timeSlots)).toEqual([]);
  });

  it('refuses an unknown slot and a malformed date', async () => {
    const slot = await block(TUESDAY, '4-6 PM', 'Van service');
    expect(slot.json()).toMatchObject({ error: 'VALIDATION', message: 'Invalid time slot' });
    for (const res of [
      await block('2026-02-30', '8-10 AM', 'Van service'),
      await block('24-11-2026', '8-10 AM', 'Van service'),
      await unblock('2026-02-30', '8-10 AM'),
      await blockWholeDay('2026-13-01', 'Van service'),
      await unblockWholeDay('2026-02-30'),
      await t.app.inject({
        method: 'GET',
        url: '/api/dashboard/timeslots?from=2026-02-30',
        headers: { cookie: admin },
      }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION', message: 'Invalid date format' });
    }
  });
});

describe('PATCH /api/dashboard/timeslots/{date}/block and /unblock (a whole day)', () => {
  it('blocks every free slot of the day, keeps the booked one with its job, and unblocks the day again', async () => {
    const job = await insertJob(t.db, { scheduledDay: THURSDAY, timeSlot: '12-2 PM' });
    await block(THURSDAY, '8-10 AM', 'Van service');

    const res = await blockWholeDay(THURSDAY, 'Public event');
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json() as StaffSlotDay;
    expect(stateOf(day)).toEqual([
      ['8-10 AM', 'blocked', 'Van service'],
      ['10-12 AM', 'blocked', 'Public event'],
      ['12-2 PM', 'booked', null],
      ['2-4 PM', 'blocked', 'Public event'],
    ]);
    expect(day.slots[2]!.jobs).toMatchObject([{ jobNumber: job.jobNumber }]);
    expect((await publicSlots(THURSDAY)).map((s) => [s.isAvailable, s.blockedReason])).toEqual([
      [false, 'Van service'],
      [false, 'Public event'],
      [false, null],
      [false, 'Public event'],
    ]);

    const freed = await unblockWholeDay(THURSDAY);
    expect(freed.statusCode).toBe(200);
    expect(stateOf(freed.json())).toEqual([
      ['8-10 AM', 'free', null],
      ['10-12 AM', 'free', null],
      ['12-2 PM', 'booked', null],
      ['2-4 PM', 'free', null],
    ]);
  });

  it('skips the slots that have passed today', async () => {
    t.clock.set('2026-11-23T04:30:00.000Z'); // 12:30 in Perth
    const res = await blockWholeDay('2026-11-23', 'Rain');
    expect(stateOf(res.json())).toEqual([
      ['8-10 AM', 'passed', 'Time has passed'],
      ['10-12 AM', 'passed', 'Time has passed'],
      ['12-2 PM', 'passed', 'Time has passed'],
      ['2-4 PM', 'blocked', 'Rain'],
    ]);
  });

  it('answers 409 when nothing is left to block, and 400 for a closed day or an empty reason', async () => {
    for (const slot of ['8-10 AM', '10-12 AM'] as const)
      await insertJob(t.db, { scheduledDay: FRIDAY, timeSlot: slot });
    await blockWholeDay(FRIDAY, 'Van service');
    const again = await blockWholeDay(FRIDAY, 'Van service');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NOTHING_TO_BLOCK_MESSAGE);

    expect((await blockWholeDay('2026-11-29', 'Van service')).statusCode).toBe(400);
    const empty = await blockWholeDay(WEDNESDAY, ' ');
    expect(empty.json()).toMatchObject({ error: 'VALIDATION', message: BLOCK_REASON_MESSAGE });
  });
});

describe('who may manage time slots', () => {
  it('answers a technician 403 on every time-slot operation and nobody signed in 401', async () => {
    const cookie = technician.cookie;
    const calls = [
      t.app.inject({ method: 'GET', url: '/api/dashboard/timeslots?from=2026-11-23', headers: { cookie } }),
      block(TUESDAY, '8-10 AM', 'Van service', cookie),
      unblock(TUESDAY, '8-10 AM', cookie),
      blockWholeDay(TUESDAY, 'Van service', cookie),
      unblockWholeDay(TUESDAY, cookie),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only an administrator can do that.');
    }
    expect((await block(TUESDAY, '8-10 AM', 'Van service', '')).statusCode).toBe(401);
    expect(await t.db.select().from(timeSlots)).toEqual([]);
  });
});

// PGlite runs one transaction at a time, so this interleaving exists only on a server: the test is
// defined only when the suite runs on one (npm run test:pg), rather than reported as skipped.
if (inject('pgTemplate'))
  describe('a block racing a booking (decision 195)', () => {
    it('waits for a job being written into the slot and then refuses with its number (PostgreSQL server)', async () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let inserted!: (jobNumber: string) => void;
      const jobInserted = new Promise<string>((resolve) => (inserted = resolve));
      const booking = t.db.transaction(async (tx) => {
        const job = await insertJob(tx, { scheduledDay: WEDNESDAY, timeSlot: '2-4 PM' });
        inserted(job.jobNumber);
        await released;
      });
      const jobNumber = await jobInserted;

      const blocking = block(WEDNESDAY, '2-4 PM', 'Van service');
      // The block must be waiting for the booking's lock, not answering from a snapshot without the job.
      await expect
        .poll(
          async () =>
            (
              await t.db.execute<{ n: number }>(
                sql`select count(*)::int as n from pg_locks where not granted and relation = 'jobs'::regclass`,
              )
            ).rows[0]!.n,
          { interval: 20 },
        )
        .toBeGreaterThan(0);
      release();
      await booking;

      const res = await blocking;
      expect(res.statusCode).toBe(409);
      expect(res.json().jobNumber).toBe(jobNumber);
      expect(await t.db.select().from(timeSlots)).toEqual([]);
    });
  });

describe('the staff calendar with two vans on the road (decision 302)', () => {
  const setVans = async (vans: number) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/dashboard/settings/capacity',
      headers: { cookie: admin },
      payload: { vans },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const book = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      remoteAddress: freshClientAddress(),
      payload: bookingBody({ job: { scheduledDate: WEDNESDAY, timeSlot: '10-12 AM' } }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { jobNumber } = res.json() as { jobNumber: string };
    const [row] = await t.db.select({ place: jobs.slotPlace }).from(jobs).where(eq(jobs.jobNumber, jobNumber));
    return { jobNumber, place: row!.place };
  };
  beforeEach(() => setVans(2));
  afterEach(() => setVans(1));

  it('shows one booking as "partly" booked: 1 of 2 places taken, still offered to customers and not blockable', async () => {
    const first = await book();
    const [wednesday] = await calendar(WEDNESDAY, 1);
    expect(wednesday!.slots[1]).toMatchObject({ state: 'partly', places: 2, jobs: [{ jobNumber: first.jobNumber }] });
    expect(wednesday!.slots[0]).toMatchObject({ state: 'free', places: 2, jobs: [] });
    expect((await publicSlots(WEDNESDAY))[1]).toMatchObject({ isAvailable: true });

    const res = await block(WEDNESDAY, '10-12 AM', 'Van service');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `${first.jobNumber} is booked in this slot. Reschedule or cancel it before blocking the slot.`,
    );
  });

  it('lists both jobs of a full slot in place order and reads it booked', async () => {
    const first = await book();
    const second = await book();
    expect([first.place, second.place]).toEqual([1, 2]);
    const [wednesday] = await calendar(WEDNESDAY, 1);
    const slot = wednesday!.slots[1]!;
    expect(slot).toMatchObject({ state: 'booked', reason: null, places: 2 });
    expect(slot.jobs.map((j) => j.jobNumber)).toEqual([first.jobNumber, second.jobNumber]);
    expect((await publicSlots(WEDNESDAY))[1]).toMatchObject({ isAvailable: false, blockedReason: null });

    const res = await block(WEDNESDAY, '10-12 AM', 'Van service');
    expect(res.statusCode).toBe(409);
    expect([first.jobNumber, second.jobNumber]).toContain(res.json().jobNumber);
  });
});
