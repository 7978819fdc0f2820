import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isBusinessDay } from '../../shared/domain/business-days';
import { addDays } from '../../shared/domain/perth-time';
import { type TimeSlot } from '../../shared/domain/slots';
import { VANS_MESSAGE } from '../../shared/schemas/capacity';
import { SLOT_TAKEN_MESSAGE } from '../../shared/schemas/booking';
import { businessSettings, jobs, technicianLeave, users } from '../db/schema';
import { announceCapacityChanged } from './capacity';
import { bookingBody, freshClientAddress } from '../../../tests/helpers/bookings';
import { publicChangesHeard } from '../../../tests/helpers/public-changes';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';

/**
 * Vans on the road (docs/decisions/302-slot-places-one-per-van.md): a slot takes one job per van,
 * less the technicians on leave that day; every write that puts a job in a slot takes a numbered
 * place, and a full slot answers 409 as it always did.
 */

const CAPACITY = '/api/dashboard/settings/capacity';
let t: TestApp;
let admin: string;
let technician: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInStaff(t, { role: 'admin' })).cookie;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => t.clock.set(MONDAY_7AM_PERTH));

let cursor = '2026-11-24';
const nextDay = () => {
  do cursor = addDays(cursor, 1);
  while (!isBusinessDay(cursor));
  return cursor;
};

const putVans = (vans: unknown, cookie = admin) =>
  t.app.inject({ method: 'PUT', url: CAPACITY, headers: { cookie }, payload: vans === undefined ? {} : { vans } });
async function setVans(vans: number) {
  const res = await putVans(vans);
  expect(res.statusCode, res.body).toBe(200);
}
const book = (day: string, timeSlot: TimeSlot) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: freshClientAddress(),
    payload: bookingBody({ job: { scheduledDate: day, timeSlot } }),
  });
async function slotShown(day: string, slot: TimeSlot) {
  await publicChangesHeard(t.app, t.db);
  const res = await t.app.inject({ method: 'GET', url: `/api/time-slots?date=${day}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { slot: string; isAvailable: boolean; blockedReason: string | null }[]).find(
    (s) => s.slot === slot,
  )!;
}
const liveJobs = (day: string, slot: TimeSlot) =>
  t.db
    .select({ id: jobs.id, place: jobs.slotPlace, status: jobs.status })
    .from(jobs)
    .where(and(eq(jobs.scheduledDay, day), eq(jobs.timeSlot, slot), ne(jobs.status, 'cancelled')));
const capacityHistory = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/dashboard/settings/history?subject=capacity',
    headers: { cookie: admin },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { field: string; from: string; to: string }[];
};

describe('the vans on the road setting', () => {
  it("starts at one van and is the admin's alone", async () => {
    technician = (await signedInStaff(t, { role: 'technician' })).cookie;
    const res = await t.app.inject({ method: 'GET', url: CAPACITY, headers: { cookie: admin } });
    expect(res.json()).toEqual({ vans: 1 });
    expect((await t.app.inject({ method: 'GET', url: CAPACITY, headers: { cookie: technician } })).statusCode).toBe(
      403,
    );
    expect((await putVans(3, technician)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: CAPACITY, headers: { cookie: admin } })).json()).toEqual({
      vans: 1,
    });
  });

  it.each([0, 21, 1.5, 'abc', '', ' ', -1, null, undefined, '2.0'])(
    'refuses %j with 400 naming the field, and changes nothing',
    async (vans) => {
      const res = await putVans(vans);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toEqual({ vans: VANS_MESSAGE });
      expect(await t.db.select().from(businessSettings).where(eq(businessSettings.key, 'capacity'))).toEqual([]);
      expect(await capacityHistory()).toEqual([]);
    },
  );

  it('stores a change with its history line; the same number again records nothing', async () => {
    const res = await putVans('4');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ vans: 4 });
    expect((await t.app.inject({ method: 'GET', url: CAPACITY, headers: { cookie: admin } })).json()).toEqual({
      vans: 4,
    });
    await setVans(4);
    await setVans(1);
    expect((await capacityHistory()).map((c) => [c.field, c.from, c.to])).toEqual([
      ['Vans on the road', '4', '1'],
      ['Vans on the road', '1', '4'],
    ]);
  });
});

describe('a slot takes one job per van', () => {
  it('with 2 vans two bookings fit, the third is refused and availability shows the slot taken', async () => {
    await setVans(2);
    const day = nextDay();
    expect((await book(day, '10-12 AM')).statusCode).toBe(200);
    expect(await slotShown(day, '10-12 AM')).toMatchObject({ isAvailable: true, blockedReason: null });
    expect((await book(day, '10-12 AM')).statusCode).toBe(200);
    const third = await book(day, '10-12 AM');
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(SLOT_TAKEN_MESSAGE);
    expect(await slotShown(day, '10-12 AM')).toMatchObject({ isAvailable: false, blockedReason: null });
    expect((await liveJobs(day, '10-12 AM')).map((j) => j.place).sort()).toEqual([1, 2]);
    // The other slots of the day are untouched.
    expect(await slotShown(day, '12-2 PM')).toMatchObject({ isAvailable: true });
  });

  it('lowering the vans to 1 with 2 booked cancels nothing: the slot is simply full, even when the first place ends', async () => {
    await setVans(2);
    const day = nextDay();
    const first = await book(day, '2-4 PM');
    expect((await book(day, '2-4 PM')).statusCode).toBe(200);
    await setVans(1);
    expect((await liveJobs(day, '2-4 PM')).map((j) => j.status)).toEqual(['new', 'new']);
    expect(await slotShown(day, '2-4 PM')).toMatchObject({ isAvailable: false });
    expect((await book(day, '2-4 PM')).statusCode).toBe(409);
    // Place 1 ends; the job in place 2 still fills the one van's slot.
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/dashboard/jobs/${first.json().jobId}/cancel`,
      headers: { cookie: admin },
      payload: { reason: 'Customer asked' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await slotShown(day, '2-4 PM')).toMatchObject({ isAvailable: false });
    expect((await book(day, '2-4 PM')).statusCode).toBe(409);
    expect(await liveJobs(day, '2-4 PM')).toHaveLength(1);
  });

  it('a staff booking and a reschedule take the next free place, and are refused once the slot is full', async () => {
    await setVans(2);
    const day = nextDay();
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: admin },
      payload: bookingBody({
        vehicle: { color: 'White' },
        job: { scheduledDate: day, timeSlot: '8-10 AM', tyreBrand: '' },
      }),
    });
    expect(staff.statusCode, staff.body).toBe(200);
    const elsewhere = await book(day, '12-2 PM');
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/dashboard/jobs/${elsewhere.json().jobId}/reschedule`,
      headers: { cookie: admin },
      payload: { scheduledDate: day, timeSlot: '8-10 AM' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await liveJobs(day, '8-10 AM')).map((j) => j.place).sort()).toEqual([1, 2]);
    const another = await book(day, '12-2 PM');
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/dashboard/jobs/${another.json().jobId}/reschedule`,
      headers: { cookie: admin },
      payload: { scheduledDate: day, timeSlot: '8-10 AM' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SLOT_TAKEN_MESSAGE);
    expect(await liveJobs(day, '12-2 PM')).toHaveLength(1);
  });

  it('blocking a slot blocks it for every van', async () => {
    await setVans(3);
    const day = nextDay();
    const blocked = await t.app.inject({
      method: 'PATCH',
      url: `/api/dashboard/timeslots/${day}/${encodeURIComponent('2-4 PM')}/block`,
      headers: { cookie: admin },
      payload: { reason: 'Van service' },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(await slotShown(day, '2-4 PM')).toMatchObject({ isAvailable: false, blockedReason: 'Van service' });
    expect((await book(day, '2-4 PM')).statusCode).toBe(409);
    expect(await liveJobs(day, '2-4 PM')).toEqual([]);
  });
});

describe('technicians on leave', () => {
  it('each active technician on leave that day takes one van off the road, never below none', async () => {
    await setVans(2);
    // Three technicians: the one signed in above, Alex, and one who has left (inactive, so not counted).
    const alex = (await signedInStaff(t, { role: 'technician' })).user;
    const left = (await signedInStaff(t, { role: 'technician', isActive: false })).user;
    const away = nextDay();
    const normal = nextDay();
    await t.db.insert(technicianLeave).values([
      { technicianId: alex.id, firstDay: away, lastDay: away, reason: 'Annual leave' },
      { technicianId: left.id, firstDay: away, lastDay: normal, reason: 'Long service leave' },
    ]);

    expect((await book(away, '10-12 AM')).statusCode).toBe(200);
    expect(await slotShown(away, '10-12 AM')).toMatchObject({ isAvailable: false });
    expect((await book(away, '10-12 AM')).statusCode).toBe(409);
    // The day after the leave has both vans again.
    expect((await book(normal, '10-12 AM')).statusCode).toBe(200);
    expect((await book(normal, '10-12 AM')).statusCode).toBe(200);

    // Leave written later reaches a day's public availability already read, once announced.
    const later = nextDay();
    expect(await slotShown(later, '10-12 AM')).toMatchObject({ isAvailable: true });
    expect((await book(later, '10-12 AM')).statusCode).toBe(200);
    expect(await slotShown(later, '10-12 AM')).toMatchObject({ isAvailable: true });
    await t.db.transaction(async (tx) => {
      await tx
        .insert(technicianLeave)
        .values({ technicianId: alex.id, firstDay: later, lastDay: later, reason: 'Sick' });
      await announceCapacityChanged(tx);
    });
    expect(await slotShown(later, '10-12 AM')).toMatchObject({ isAvailable: false });

    // With one van, the technician not away drives it (decision 340); with both away, no slot of that day has a place.
    await setVans(1);
    expect(await slotShown(away, '12-2 PM')).toMatchObject({ isAvailable: true, blockedReason: null });
    const me = (
      await t.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'technician'), eq(users.isActive, true), ne(users.id, alex.id)))
    )[0]!;
    await t.db.transaction(async (tx) => {
      await tx.insert(technicianLeave).values({ technicianId: me.id, firstDay: away, lastDay: away, reason: 'Sick' });
      await announceCapacityChanged(tx);
    });
    expect(await slotShown(away, '12-2 PM')).toMatchObject({ isAvailable: false, blockedReason: null });
    expect((await book(away, '12-2 PM')).statusCode).toBe(409);
  });
});

describe('technicians not rostered that day', () => {
  it('a weekday a technician does not work takes their van off the road, as leave does, and the roster change reaches availability at once', async () => {
    await setVans(2);
    const active = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'technician'), eq(users.isActive, true)));
    // Two technicians for two vans, whatever the tests above left.
    await t.db.update(users).set({ isActive: false }).where(eq(users.role, 'technician'));
    const [, alex] = await Promise.all([
      signedInStaff(t, { role: 'technician' }),
      signedInStaff(t, { role: 'technician' }),
    ]);
    try {
      let friday = nextDay();
      while (new Date(`${friday}T00:00:00Z`).getUTCDay() !== 5) friday = nextDay();
      expect(await slotShown(friday, '8-10 AM')).toMatchObject({ isAvailable: true });
      expect((await book(friday, '8-10 AM')).statusCode).toBe(200);
      expect(await slotShown(friday, '8-10 AM')).toMatchObject({ isAvailable: true });

      const roster = await t.app.inject({
        method: 'PUT',
        url: `/api/dashboard/technicians/${alex.user.id}/roster`,
        headers: { cookie: admin },
        payload: { workingDays: [1, 2, 3, 4], leave: [] },
      });
      expect(roster.statusCode, roster.body).toBe(200);
      // Alex does not work Fridays: one van is left, and its place is taken.
      expect(await slotShown(friday, '8-10 AM')).toMatchObject({ isAvailable: false, blockedReason: null });
      expect((await book(friday, '8-10 AM')).statusCode).toBe(409);
      // The other technician works Fridays, so a slot with nobody in it still takes one job.
      expect((await book(friday, '10-12 AM')).statusCode).toBe(200);
      expect((await book(friday, '10-12 AM')).statusCode).toBe(409);
    } finally {
      await t.db.update(users).set({ isActive: false }).where(eq(users.role, 'technician'));
      for (const { id } of active) await t.db.update(users).set({ isActive: true }).where(eq(users.id, id));
    }
  });
});
