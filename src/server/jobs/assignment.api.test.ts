import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TimeSlot } from '../../shared/domain/slots';
import type { JobDetail } from '../../shared/schemas/jobs';
import { insertJob } from '../db/seed/factories';
import { jobs, technicianLeave, users } from '../db/schema';
import { bookingBody, freshClientAddress } from '../../../tests/helpers/bookings';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { assignOnBooking, keepAssignmentAfterMove } from './assignment';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let run = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => t.clock.set(MONDAY_7AM_PERTH));

/** The only active technicians from here on, named so that the first sorts first (earlier ones are deactivated). */
async function team(...names: string[]) {
  await t.db.update(users).set({ isActive: false }).where(eq(users.role, 'technician'));
  run++;
  return Promise.all(names.map((n) => signedInStaff(t, { role: 'technician', username: `${n}_${run}` })));
}

const assign = (jobId: string, technicianId: string | null) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/dashboard/jobs/${jobId}/assign`,
    headers: { cookie: admin.cookie },
    payload: { technicianId },
  });
const vans = (n: number) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/dashboard/settings/capacity',
    headers: { cookie: admin.cookie },
    payload: { vans: n },
  });
const job = async (id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const detail = async (id: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/dashboard/jobs/${id}`, headers: { cookie: admin.cookie } })
  ).json() as JobDetail;

async function book(day: string, timeSlot: TimeSlot, suburb = 'Joondalup', postcode = '6027') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: freshClientAddress(),
    payload: bookingBody({ job: { scheduledDate: day, timeSlot, suburb, postcode } }),
  });
  expect(res.statusCode).toBe(200);
  return job((res.json() as { jobId: string }).jobId);
}

describe('an assignment that clashes is refused, naming the clash', () => {
  it('another job in the same slot, leave, and a day the technician does not work', async () => {
    const [sam] = await team('sam');
    const held = await insertJob(t.db, {
      scheduledDay: '2026-12-01',
      timeSlot: '8-10 AM',
      assignedTechnicianId: sam!.user.id,
    });
    const second = await insertJob(t.db, { scheduledDay: '2026-12-01', timeSlot: '8-10 AM', slotPlace: 2 });
    const res = await assign(second.id, sam!.user.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`${sam!.user.username} already has ${held.jobNumber} in 8 am - 10 am on Tue 1 Dec`);

    await t.db
      .insert(technicianLeave)
      .values({ technicianId: sam!.user.id, firstDay: '2026-12-02', lastDay: '2026-12-04', reason: 'Annual leave' });
    const onLeave = await insertJob(t.db, { scheduledDay: '2026-12-03', timeSlot: '10-12 AM' });
    expect((await assign(onLeave.id, sam!.user.id)).json()).toMatchObject({
      error: 'CONFLICT',
      message: `${sam!.user.username} is on leave on Thu 3 Dec (Annual leave)`,
    });

    await t.db
      .update(users)
      .set({ workingDays: [1, 2, 3] })
      .where(eq(users.id, sam!.user.id));
    const friday = await insertJob(t.db, { scheduledDay: '2026-12-11', timeSlot: '10-12 AM' });
    expect((await assign(friday.id, sam!.user.id)).json()).toMatchObject({
      error: 'CONFLICT',
      message: `${sam!.user.username} does not work on Fri 11 Dec`,
    });

    for (const j of [second, onLeave, friday]) expect((await job(j.id)).assignedTechnicianId).toBeNull();
    // A free slot on a working day is assigned as before; a cancelled job frees its technician's slot.
    await t.db.update(jobs).set({ status: 'cancelled' }).where(eq(jobs.id, held.id));
    expect((await assign(second.id, sam!.user.id)).json()).toMatchObject({ assignedTechnicianId: sam!.user.id });
  });
});

describe('a new booking is assigned at once', () => {
  it('to the free technician working that day, with who and why in its history', async () => {
    // One van and three technicians: Amy's leave leaves two to drive it, so the slot still takes a job (decision 340).
    const [amy, ben, cat] = await team('amy', 'ben', 'cat');
    await t.db
      .insert(technicianLeave)
      .values({ technicianId: amy!.user.id, firstDay: '2026-12-01', lastDay: '2026-12-01', reason: 'Sick' });
    await t.db
      .update(users)
      .set({ workingDays: [1, 3, 5] })
      .where(eq(users.id, ben!.user.id));
    const booked = await book('2026-12-01', '12-2 PM');
    expect(booked.assignedTechnicianId).toBe(cat!.user.id);
    expect((await detail(booked.id)).history.at(-1)).toMatchObject({
      kind: 'assignment',
      actor: null,
      from: null,
      to: cat!.user.username,
      note: 'auto: the only technician free in that slot',
    });
    // The admin can change it as before.
    await t.db.delete(technicianLeave).where(eq(technicianLeave.technicianId, amy!.user.id));
    expect((await assign(booked.id, amy!.user.id)).json()).toMatchObject({
      technician: { username: amy!.user.username },
    });
  });

  it('stays unassigned, and booked, when no technician is free', async () => {
    const [dan] = await team('dan');
    expect((await vans(2)).statusCode).toBe(200);
    try {
      await insertJob(t.db, {
        scheduledDay: '2026-12-02',
        timeSlot: '2-4 PM',
        slotPlace: 2,
        assignedTechnicianId: dan!.user.id,
      });
      const booked = await book('2026-12-02', '2-4 PM');
      expect(booked.assignedTechnicianId).toBeNull();
      expect((await detail(booked.id)).history.map((e) => e.kind)).toEqual(['created']);
    } finally {
      expect((await vans(1)).statusCode).toBe(200);
    }
  });

  it('with 2 vans and 2 technicians, two bookings of one slot go to different technicians', async () => {
    const [eve, fay] = await team('eve', 'fay');
    expect((await vans(2)).statusCode).toBe(200);
    try {
      const first = await book('2026-12-03', '8-10 AM');
      const second = await book('2026-12-03', '8-10 AM');
      expect([first.slotPlace, second.slotPlace]).toEqual([1, 2]);
      expect(new Set([first.assignedTechnicianId, second.assignedTechnicianId])).toEqual(
        new Set([eve!.user.id, fay!.user.id]),
      );
    } finally {
      expect((await vans(1)).statusCode).toBe(200);
    }
  });

  it('four bookings of one slot at the same moment go to four different technicians', async () => {
    const four = await team('lee', 'max', 'ned', 'oli');
    const booked = await Promise.all(
      [1, 2, 3, 4].map((slotPlace) => insertJob(t.db, { scheduledDay: '2026-12-10', timeSlot: '10-12 AM', slotPlace })),
    );
    await Promise.all(booked.map((b) => t.db.transaction((tx) => assignOnBooking(tx, b, t.clock.now()))));
    const chosen = await Promise.all(booked.map(async (b) => (await job(b.id)).assignedTechnicianId));
    expect(new Set(chosen)).toEqual(new Set(four.map((x) => x.user.id)));
  });

  it('prefers the technician already working in the same region that day, then the one with fewer jobs', async () => {
    const [gus, hal] = await team('gus', 'hal');
    // Gus has one job north of the river that day, Hal two in Mandurah (Peel Region).
    await insertJob(t.db, {
      scheduledDay: '2026-12-04',
      timeSlot: '8-10 AM',
      slotPlace: 2,
      suburb: 'Joondalup',
      assignedTechnicianId: gus!.user.id,
    });
    await insertJob(t.db, {
      scheduledDay: '2026-12-04',
      timeSlot: '8-10 AM',
      slotPlace: 3,
      suburb: 'Mandurah',
      postcode: '6210',
      assignedTechnicianId: hal!.user.id,
    });
    // The history names Hal's same-region job nearest in the day: the one just before.
    const halsJob = await insertJob(t.db, {
      scheduledDay: '2026-12-04',
      timeSlot: '10-12 AM',
      slotPlace: 3,
      suburb: 'Mandurah',
      postcode: '6210',
      assignedTechnicianId: hal!.user.id,
    });
    const inPeel = await book('2026-12-04', '2-4 PM', 'Halls Head', '6210');
    expect(inPeel.assignedTechnicianId).toBe(hal!.user.id);
    expect((await detail(inPeel.id)).history.at(-1)).toMatchObject({
      kind: 'assignment',
      actor: null,
      to: hal!.user.username,
      note: `auto: same region as ${halsJob.jobNumber}`,
    });

    // Another day, in the Hills where nobody works: Hal has one job, Gus two, so Hal gets it.
    await insertJob(t.db, {
      scheduledDay: '2026-12-07',
      timeSlot: '8-10 AM',
      slotPlace: 2,
      suburb: 'Joondalup',
      assignedTechnicianId: gus!.user.id,
    });
    await insertJob(t.db, {
      scheduledDay: '2026-12-07',
      timeSlot: '10-12 AM',
      slotPlace: 2,
      suburb: 'Joondalup',
      assignedTechnicianId: gus!.user.id,
    });
    await insertJob(t.db, {
      scheduledDay: '2026-12-07',
      timeSlot: '8-10 AM',
      slotPlace: 3,
      suburb: 'Joondalup',
      assignedTechnicianId: hal!.user.id,
    });
    const inHills = await book('2026-12-07', '12-2 PM', 'Kalamunda', '6076');
    expect(inHills.assignedTechnicianId).toBe(hal!.user.id);
    expect((await detail(inHills.id)).history.at(-1)).toMatchObject({ note: 'auto: fewest jobs that day' });
  });
});

describe('a reschedule keeps the rules', () => {
  it('moves the job away from a technician busy in the new slot, to whoever is free, saying why', async () => {
    const [ian, jo] = await team('ian', 'jo');
    const busy = await insertJob(t.db, {
      scheduledDay: '2026-12-08',
      timeSlot: '2-4 PM',
      slotPlace: 2,
      assignedTechnicianId: ian!.user.id,
    });
    const moving = await insertJob(t.db, {
      scheduledDay: '2026-12-08',
      timeSlot: '8-10 AM',
      assignedTechnicianId: ian!.user.id,
    });
    // The move itself (a second van's place in the slot), then what the reschedule does with its technician.
    const [moved] = await t.db.update(jobs).set({ timeSlot: '2-4 PM' }).where(eq(jobs.id, moving.id)).returning();
    await t.db.transaction((tx) => keepAssignmentAfterMove(tx, moved!, admin.user.id, t.clock.now()));
    expect((await job(moving.id)).assignedTechnicianId).toBe(jo!.user.id);
    expect((await detail(moving.id)).history.filter((e) => e.kind === 'assignment')).toMatchObject([
      {
        actor: admin.user.username,
        from: ian!.user.username,
        to: null,
        note: `${ian!.user.username} already has ${busy.jobNumber} in 2 pm - 4 pm on Tue 8 Dec`,
      },
      { actor: null, from: null, to: jo!.user.username, note: 'auto: the only technician free in that slot' },
    ]);
  });

  it('leaves the technician on the job when the new slot is free for them', async () => {
    const [kim] = await team('kim');
    const moving = await insertJob(t.db, {
      scheduledDay: '2026-12-09',
      timeSlot: '8-10 AM',
      assignedTechnicianId: kim!.user.id,
    });
    const [moved] = await t.db.update(jobs).set({ timeSlot: '12-2 PM' }).where(eq(jobs.id, moving.id)).returning();
    await t.db.transaction((tx) => keepAssignmentAfterMove(tx, moved!, admin.user.id, t.clock.now()));
    expect((await job(moving.id)).assignedTechnicianId).toBe(kim!.user.id);
    expect((await detail(moving.id)).history.filter((e) => e.kind === 'assignment')).toEqual([]);
  });
});
