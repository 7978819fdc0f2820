import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEAVE_ORDER_MESSAGE,
  LEAVE_REASON_MESSAGE,
  NO_WORKING_DAY_MESSAGE,
  type Roster,
} from '../../shared/schemas/roster';
import { insertJob } from '../db/seed/factories';
import { auditLog, technicianLeave, users } from '../db/schema';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

const rosterUrl = (id: string) => `/api/dashboard/technicians/${id}/roster`;
const put = (id: string, payload: object, cookie = admin.cookie) =>
  t.app.inject({ method: 'PUT', url: rosterUrl(id), headers: { cookie }, payload });
const get = (id: string, cookie = admin.cookie) =>
  t.app.inject({ method: 'GET', url: rosterUrl(id), headers: { cookie } });
const storedLeave = async (id: string) =>
  t.db.select().from(technicianLeave).where(eq(technicianLeave.technicianId, id));
const storedDays = async (id: string) =>
  (await t.db.select({ d: users.workingDays }).from(users).where(eq(users.id, id)))[0]!.d;

describe('a technician roster: bad input is refused and changes nothing', () => {
  let tech: Awaited<ReturnType<typeof signedInStaff>>;
  beforeAll(async () => {
    tech = await signedInStaff(t, { role: 'technician' });
  });

  it.each([
    ['no working day', { workingDays: [], leave: [] }, 'workingDays', NO_WORKING_DAY_MESSAGE],
    [
      'leave ending before it starts',
      { workingDays: [1, 2], leave: [{ from: '2026-12-10', to: '2026-12-09', reason: 'Annual leave' }] },
      'leave.0.to',
      LEAVE_ORDER_MESSAGE,
    ],
    [
      'leave with a blank reason',
      { workingDays: [1, 2], leave: [{ from: '2026-12-10', to: '2026-12-11', reason: '   ' }] },
      'leave.0.reason',
      LEAVE_REASON_MESSAGE,
    ],
    [
      'leave on a day that does not exist',
      { workingDays: [1], leave: [{ from: '2026-02-30', to: '2026-03-02', reason: 'Sick' }] },
      'leave.0.from',
      'Invalid date format',
    ],
    [
      'a weekday number 8',
      { workingDays: [1, 8], leave: [] },
      'workingDays.1',
      'A working day must be a weekday number from 1 (Monday) to 7 (Sunday)',
    ],
    [
      'a day the business does not open',
      { workingDays: [1, 7], leave: [] },
      'workingDays',
      'Sunday is not a day the business opens',
    ],
  ])('%s: 400 naming the field', async (_, body, field, message) => {
    const res = await put(tech.user.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, fields: { [field]: message } });
    expect(await storedDays(tech.user.id)).toEqual([1, 2, 3, 4, 5]);
    expect(await storedLeave(tech.user.id)).toEqual([]);
  });

  it('answers 404 for an unknown id, a malformed id and an admin, and 403 to a technician', async () => {
    const body = { workingDays: [1], leave: [] };
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nobody', admin.user.id]) {
      expect((await put(id, body)).statusCode).toBe(404);
      expect((await get(id)).json()).toMatchObject({ message: 'Technician not found' });
    }
    expect((await put(tech.user.id, body, tech.cookie)).statusCode).toBe(403);
    expect((await get(tech.user.id, tech.cookie)).statusCode).toBe(403);
    expect(await storedDays(tech.user.id)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('saving a roster', () => {
  it('replaces the working days and leave, shows them back, and writes each change to the audit log', async () => {
    const tech = await signedInStaff(t, { role: 'technician', username: 'roster_sam' });
    const first = await put(tech.user.id, {
      workingDays: [5, 1, 3, 3],
      leave: [
        { from: '2026-12-21', to: '2027-01-04', reason: 'Annual leave' },
        { from: '2026-12-02', to: '2026-12-02', reason: 'Dentist' },
      ],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      username: 'roster_sam',
      workingDays: [1, 3, 5],
      openDays: [1, 2, 3, 4, 5],
      leave: [
        { from: '2026-12-02', to: '2026-12-02', reason: 'Dentist' },
        { from: '2026-12-21', to: '2027-01-04', reason: 'Annual leave' },
      ],
    });
    const second = await put(tech.user.id, {
      workingDays: [1, 2, 3],
      leave: [{ from: '2026-12-21', to: '2027-01-04', reason: 'Annual leave' }],
    });
    expect((second.json() as Roster).leave).toMatchObject([
      { from: '2026-12-21', to: '2027-01-04', reason: 'Annual leave' },
    ]);
    expect(await get(tech.user.id).then((r) => r.json())).toMatchObject({
      workingDays: [1, 2, 3],
      leave: [{ reason: 'Annual leave' }],
    });

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `user:${tech.user.id}`))
      .orderBy(auditLog.seq);
    expect(audit.map((a) => [a.kind, a.action, a.actorName, a.from, a.to])).toEqual([
      ['user', 'roster-changed', admin.user.username, 'Mon, Tue, Wed, Thu, Fri', 'Mon, Wed, Fri'],
      ['user', 'leave-added', admin.user.username, null, '2026-12-21 to 2027-01-04 (Annual leave)'],
      ['user', 'leave-added', admin.user.username, null, '2026-12-02 (Dentist)'],
      ['user', 'roster-changed', admin.user.username, 'Mon, Wed, Fri', 'Mon, Tue, Wed'],
      ['user', 'leave-removed', admin.user.username, '2026-12-02 (Dentist)', null],
    ]);
  });

  it('lists the live jobs that fall on leave or a day off, so the owner can move them', async () => {
    const tech = await signedInStaff(t, { role: 'technician' });
    const onLeave = await insertJob(t.db, {
      scheduledDay: '2026-12-08',
      timeSlot: '2-4 PM',
      assignedTechnicianId: tech.user.id,
    });
    const onLeaveEarlier = await insertJob(t.db, {
      scheduledDay: '2026-12-08',
      timeSlot: '8-10 AM',
      assignedTechnicianId: tech.user.id,
      slotPlace: 2,
    });
    const onFriday = await insertJob(t.db, {
      scheduledDay: '2026-12-11',
      timeSlot: '8-10 AM',
      assignedTechnicianId: tech.user.id,
      slotPlace: 2,
    });
    await insertJob(t.db, {
      scheduledDay: '2026-12-09',
      timeSlot: '8-10 AM',
      assignedTechnicianId: tech.user.id,
      status: 'cancelled',
    });
    await insertJob(t.db, {
      scheduledDay: '2026-12-10',
      timeSlot: '8-10 AM',
      assignedTechnicianId: tech.user.id,
      slotPlace: 3,
    });
    const res = await put(tech.user.id, {
      workingDays: [1, 2, 3, 4],
      leave: [{ from: '2026-12-07', to: '2026-12-09', reason: 'Training course' }],
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Roster).jobsToReassign).toEqual([
      { id: onLeaveEarlier.id, jobNumber: onLeaveEarlier.jobNumber, day: '2026-12-08', slot: '8-10 AM', why: 'leave' },
      { id: onLeave.id, jobNumber: onLeave.jobNumber, day: '2026-12-08', slot: '2-4 PM', why: 'leave' },
      { id: onFriday.id, jobNumber: onFriday.jobNumber, day: '2026-12-11', slot: '8-10 AM', why: 'day-off' },
    ]);
    // The jobs themselves stay with the technician until the owner moves them.
    expect((await get(tech.user.id)).json()).toMatchObject({
      jobsToReassign: [{ id: onLeaveEarlier.id }, { id: onLeave.id }, { id: onFriday.id }],
    });
  });
});
