import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isBusinessDay } from '../../shared/domain/business-days';
import { addDays } from '../../shared/domain/perth-time';
import { type TimeSlot } from '../../shared/domain/slots';
import { SLOT_TAKEN_MESSAGE } from '../../shared/schemas/booking';
import { jobs } from '../db/schema';
import { bookingBody, freshClientAddress, seedTyrePrices } from '../../../tests/helpers/bookings';
import { publicChangesHeard } from '../../../tests/helpers/public-changes';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';

/**
 * Held by the database, not by a read-then-write check (decision 302): however many writers race
 * for a slot, exactly its capacity win. Run on a PostgreSQL server with `npm run test:pg -- <file>`,
 * where the transactions truly overlap; on PGlite they run one after another and must agree.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedTyrePrices(t.db);
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

async function setVans(vans: number) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/dashboard/settings/capacity',
    headers: { cookie: admin },
    payload: { vans },
  });
  expect(res.statusCode, res.body).toBe(200);
}
const publicBooking = (day: string, slot: TimeSlot, i = 0) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: freshClientAddress(),
    payload: bookingBody({
      customer: { email: `racer.${i}.${day}@example.com` },
      job: { scheduledDate: day, timeSlot: slot },
    }),
  });
const prepaidQuote = (day: string, slot: TimeSlot, i = 0) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings/quote',
    remoteAddress: freshClientAddress(),
    payload: bookingBody({
      customer: { email: `holder.${i}.${day}@example.com` },
      job: { scheduledDate: day, timeSlot: slot, paymentMethod: 'prepaid' },
    }),
  });
const staffBooking = (day: string, slot: TimeSlot) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: admin },
    payload: bookingBody({ vehicle: { color: 'Blue' }, job: { scheduledDate: day, timeSlot: slot, tyreBrand: '' } }),
  });
const reschedule = (jobId: string, day: string, slot: TimeSlot) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/dashboard/jobs/${jobId}/reschedule`,
    headers: { cookie: admin },
    payload: { scheduledDate: day, timeSlot: slot },
  });
const liveInSlot = (day: string, slot: TimeSlot) =>
  t.db
    .select({ place: jobs.slotPlace })
    .from(jobs)
    .where(and(eq(jobs.scheduledDay, day), eq(jobs.timeSlot, slot), ne(jobs.status, 'cancelled')));
async function slotShown(day: string, slot: TimeSlot) {
  await publicChangesHeard(t.app, t.db);
  const res = await t.app.inject({ method: 'GET', url: `/api/time-slots?date=${day}` });
  return (res.json() as { slot: string; isAvailable: boolean }[]).find((s) => s.slot === slot)!;
}

describe('racing for a slot', () => {
  it('50 concurrent public bookings and holds for one slot with 3 vans: exactly 3 win, 47 answer 409', async () => {
    await setVans(3);
    const day = nextDay();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0 ? publicBooking(day, '12-2 PM', i) : prepaidQuote(day, '12-2 PM', i),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(47);
    for (const r of responses.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe(SLOT_TAKEN_MESSAGE);
    expect((await liveInSlot(day, '12-2 PM')).map((j) => j.place).sort()).toEqual([1, 2, 3]);
    expect(await slotShown(day, '12-2 PM')).toMatchObject({ isAvailable: false });
  });

  it('with 2 vans three concurrent bookings give exactly two, and availability then says the slot is taken', async () => {
    await setVans(2);
    const day = nextDay();
    const codes = (await Promise.all([0, 1, 2].map((i) => publicBooking(day, '8-10 AM', i)))).map((r) => r.statusCode);
    expect(codes.sort()).toEqual([200, 200, 409]);
    expect(await liveInSlot(day, '8-10 AM')).toHaveLength(2);
    expect(await slotShown(day, '8-10 AM')).toMatchObject({ isAvailable: false, blockedReason: null });
  });

  it('a reschedule, a staff booking and a public booking racing for the last place: one winner', async () => {
    await setVans(2);
    const day = nextDay();
    expect((await publicBooking(day, '2-4 PM', 90)).statusCode).toBe(200);
    const moving = await publicBooking(day, '10-12 AM', 91);
    expect(moving.statusCode).toBe(200);
    const jobId = moving.json().jobId as string;

    const [moved, staff, online] = await Promise.all([
      reschedule(jobId, day, '2-4 PM'),
      staffBooking(day, '2-4 PM'),
      publicBooking(day, '2-4 PM', 92),
    ]);
    const codes = [moved.statusCode, staff.statusCode, online.statusCode];
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(2);
    expect((await liveInSlot(day, '2-4 PM')).map((j) => j.place).sort()).toEqual([1, 2]);
    // The reschedule moved the job only if it won.
    const [job] = await t.db.select({ slot: jobs.timeSlot }).from(jobs).where(eq(jobs.id, jobId));
    expect(job!.slot).toBe(moved.statusCode === 200 ? '2-4 PM' : '10-12 AM');
  });
});
