import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { slotStart } from '../../shared/domain/slots';
import type { Closure, ClosureCreated, JobOnClosedDay } from '../../shared/schemas/closures';
import type { JobDetail } from '../../shared/schemas/jobs';
import { businessClosures, outboundEmails, paymentEvents } from '../db/schema';
import { insertCustomer, insertJob } from '../db/seed/factories';
import { settingHistory } from '../history/history';
import { bookingBody, freshClientAddress } from '../../../tests/helpers/bookings';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { publicChangesHeard } from '../../../tests/helpers/public-changes';
import { signedInStaff } from '../../../tests/helpers/staff-session';

/**
 * Closures through the API (docs/decisions/287-closures-in-the-business-calendar.md, 288): a
 * closed day reads 'Closed' to the public exactly as a weekend does and takes no booking; days
 * holding jobs are never closed silently; every add and removal is in the settings history.
 */
let t: TestApp;
let admin: { user: { id: string; username: string }; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  t.clock.set(MONDAY_7AM_PERTH);
  admin = await signedInStaff(t, { role: 'admin' });
});

const request = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, cookie = admin.cookie) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const close = (body: object) => request('POST', '/api/dashboard/closures', body);
/** Public availability as a visitor reads it next, once this instance has heard every change so far (on PostgreSQL a NOTIFY arrives after the commit). */
async function publicSlots(day: string) {
  await publicChangesHeard(t.app, t.db);
  const res = await t.app.inject({ method: 'GET', url: `/api/time-slots?date=${day}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { slot: string; isAvailable: boolean; blockedReason: string | null }[]).map(
    ({ slot, isAvailable, blockedReason }) => ({ slot, isAvailable, blockedReason }),
  );
}
async function jobDetail(id: string): Promise<JobDetail> {
  const res = await request('GET', `/api/dashboard/jobs/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as JobDetail;
}
const closuresOn = (day: string) => t.db.select().from(businessClosures).where(eq(businessClosures.firstDay, day));

describe('a closed day, as the public and staff see it', () => {
  it('reads Closed in public availability exactly as a Saturday does, and refuses a booking there as on a weekend', async () => {
    const created = await close({ firstDay: '2026-12-08', lastDay: '2026-12-09', reason: 'Family wedding' });
    expect(created.statusCode, created.body).toBe(201);
    expect((created.json() as ClosureCreated).closure).toMatchObject({
      firstDay: '2026-12-08',
      lastDay: '2026-12-09',
      reason: 'Family wedding',
      label: 'Away 8-9 Dec',
      liveJobs: 0,
      createdBy: admin.user.username,
    });

    const saturday = (await publicSlots('2026-12-05')).map(({ slot, isAvailable, blockedReason }) => ({
      slot,
      isAvailable,
      blockedReason,
    }));
    expect(saturday.every((s) => s.blockedReason === 'Closed')).toBe(true);
    expect(await publicSlots('2026-12-08')).toEqual(saturday);
    expect(await publicSlots('2026-12-09')).toEqual(saturday);
    expect((await publicSlots('2026-12-10')).every((s) => s.isAvailable)).toBe(true);

    const weekend = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'x-forwarded-for': freshClientAddress() },
      payload: bookingBody({ job: { scheduledDate: '2026-12-05' } }),
    });
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'x-forwarded-for': freshClientAddress() },
      payload: bookingBody({ job: { scheduledDate: '2026-12-08' } }),
    });
    expect(weekend.statusCode).toBe(400);
    expect(closed.statusCode, closed.body).toBe(400);
    expect(closed.json()).toMatchObject({
      message: "We don't take bookings on Tuesday 8 December 2026 (closed). Please choose another date.",
      fields: weekend.json().fields,
    });
  });

  it("shows staff the closure's reason in the slot calendar and refuses a staff booking there", async () => {
    await close({ firstDay: '2026-12-14', reason: 'Van in for service' });
    const calendar = await request('GET', '/api/dashboard/timeslots?from=2026-12-14&days=2');
    expect(calendar.statusCode, calendar.body).toBe(200);
    const [closedDay, openDay] = calendar.json() as { closedReason: string | null; slots: { state: string }[] }[];
    expect(closedDay).toMatchObject({ closedReason: 'Closed: Van in for service' });
    expect(closedDay!.slots.every((s) => s.state === 'closed')).toBe(true);
    expect(openDay!.closedReason).toBeNull();

    const staffBooking = await request(
      'POST',
      '/api/dashboard/bookings',
      bookingBody({
        vehicle: { color: 'Silver', year: 2017 },
        job: { scheduledDate: '2026-12-14', timeSlot: '12-2 PM', suburb: 'Kalgoorlie', postcode: '6430' },
      }),
    );
    expect(staffBooking.statusCode, staffBooking.body).toBe(400);
    expect(staffBooking.json().message).toBe(
      "We don't take bookings on Monday 14 December 2026 (closed). Please choose another date.",
    );
  });

  it('reopens the days when removed: bookable again, and the history has both lines', async () => {
    const created = (await close({ firstDay: '2026-12-16', reason: 'Dentist' })).json() as ClosureCreated;
    expect((await publicSlots('2026-12-16')).every((s) => s.blockedReason === 'Closed')).toBe(true);
    const removed = await request('DELETE', `/api/dashboard/closures/${created.closure.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await publicSlots('2026-12-16')).every((s) => s.isAvailable)).toBe(true);
    const history = await settingHistory(t.db, { subject: `closure:${created.closure.id}`, limit: 10, offset: 0 });
    expect(history.items).toEqual([
      expect.objectContaining({ kind: 'removed', label: 'Away 16 Dec', from: 'Dentist', actor: admin.user.username }),
      expect.objectContaining({ kind: 'created', label: 'Away 16 Dec', to: 'Dentist', actor: admin.user.username }),
    ]);
    expect((await request('DELETE', `/api/dashboard/closures/${created.closure.id}`)).statusCode).toBe(404);
  });

  it('lists closures that have not ended, first day first; ended ones only on request', async () => {
    await t.db
      .insert(businessClosures)
      .values({ firstDay: '2026-11-02', lastDay: '2026-11-03', reason: 'Already over' });
    const upcoming = (await request('GET', '/api/dashboard/closures')).json() as Closure[];
    expect(upcoming.map((c) => c.reason)).not.toContain('Already over');
    expect(upcoming.map((c) => c.firstDay)).toEqual([...upcoming.map((c) => c.firstDay)].sort());
    const all = (await request('GET', '/api/dashboard/closures?past=true')).json() as Closure[];
    expect(all.at(-1)).toMatchObject({ reason: 'Already over', label: 'Away 2-3 Nov' });
  });
});

describe('refusals change nothing', () => {
  it.each([
    [
      'a day before Perth today',
      { firstDay: '2026-11-22', reason: 'Too late' },
      'firstDay',
      'Closure cannot start in the past',
    ],
    [
      'the last day before the first',
      { firstDay: '2026-12-22', lastDay: '2026-12-21', reason: 'Backwards' },
      'lastDay',
      'Last day cannot be before the first day',
    ],
    [
      'beyond the scheduling horizon',
      { firstDay: '2027-11-01', lastDay: '2027-11-24', reason: 'Long trip' },
      'lastDay',
      'Choose a date within the next 12 months',
    ],
    ['no reason', { firstDay: '2026-12-22', reason: '  ' }, 'reason', 'Please give a reason for the closure'],
    ['no first day', { firstDay: '', reason: 'Away' }, 'firstDay', 'First day is required'],
    ['an impossible day', { firstDay: '2026-02-30', reason: 'Away' }, 'firstDay', 'Invalid date format'],
  ])('refuses %s with 400 naming the field', async (_what, body, field, message) => {
    const before = await t.db.select().from(businessClosures);
    const res = await close(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION', message, fields: { [field]: message } });
    expect(await t.db.select().from(businessClosures)).toEqual(before);
  });

  it('allows today (closing the rest of the day) and refuses a closure overlapping another, naming it', async () => {
    expect((await close({ firstDay: '2026-11-23', reason: 'Sick' })).statusCode).toBe(201);
    await close({ firstDay: '2026-12-23', lastDay: '2026-12-31', reason: 'Christmas' });
    const res = await close({ firstDay: '2026-12-30', lastDay: '2027-01-04', reason: 'New year' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      "These days overlap Away 23-31 Dec (Christmas). Change that closure's days or reopen it first.",
    );
    expect(await closuresOn('2026-12-30')).toEqual([]);
  });

  it('answers a technician 403 on every closures route', async () => {
    const tech = await signedInStaff(t, { role: 'technician' });
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await request('GET', '/api/dashboard/closures', undefined, tech.cookie)).statusCode).toBe(403);
    expect(
      (await request('POST', '/api/dashboard/closures', { firstDay: '2026-12-28', reason: 'x' }, tech.cookie))
        .statusCode,
    ).toBe(403);
    expect((await request('DELETE', `/api/dashboard/closures/${id}`, undefined, tech.cookie)).statusCode).toBe(403);
    expect(await closuresOn('2026-12-28')).toEqual([]);
  });
});

/** A live prepaid job, paid `paidCents` through the card provider. */
async function paidJob(
  day: string,
  slot: '8-10 AM' | '10-12 AM' | '12-2 PM' | '2-4 PM',
  name: string,
  paidCents: number,
) {
  const customer = await insertCustomer(t.db, {
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}.${day}@example.com`,
  });
  const job = await insertJob(t.db, {
    customerId: customer.id,
    scheduledDay: day,
    timeSlot: slot,
    paymentMethod: 'prepaid',
    paymentStatus: 'paid',
    customerValue: (paidCents / 100).toFixed(2),
    stripePaymentIntentId: `sim_pi_${day}${slot}`,
  });
  await t.db.insert(paymentEvents).values({
    id: `evt_${job.id}`,
    type: 'payment_intent.succeeded',
    jobId: job.id,
    payload: { data: { object: { amount: paidCents } } },
  });
  return job;
}

describe('closing days that hold jobs', () => {
  it('answers 409 listing the jobs (number, day, slot, customer) and changes nothing; keep closes the days and leaves the jobs', async () => {
    const a = await paidJob('2027-01-12', '10-12 AM', 'Ava Jones', 10000);
    const b = await insertJob(t.db, { scheduledDay: '2027-01-13', timeSlot: '2-4 PM', contactName: 'Ben Lee' });
    const body = { firstDay: '2027-01-11', lastDay: '2027-01-15', reason: 'Holiday' };

    const asked = await close(body);
    expect(asked.statusCode, asked.body).toBe(409);
    const listed = asked.json() as { message: string; jobs: JobOnClosedDay[] };
    expect(listed.jobs).toEqual([
      { id: a.id, jobNumber: a.jobNumber, day: '2027-01-12', slot: '10-12 AM', customer: 'Ava Jones', status: 'new' },
      { id: b.id, jobNumber: b.jobNumber, day: '2027-01-13', slot: '2-4 PM', customer: 'Ben Lee', status: 'new' },
    ]);
    expect(listed.message).toContain(a.jobNumber);
    expect(await closuresOn('2027-01-11')).toEqual([]);

    const kept = await close({ ...body, jobs: 'keep' });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json()).toMatchObject({
      keptJobs: [a.jobNumber, b.jobNumber],
      cancelledJobs: [],
      closure: { liveJobs: 2 },
    });
    expect(await jobDetail(a.id)).toMatchObject({ status: 'new', paymentStatus: 'paid' });
    expect(await jobDetail(b.id)).toMatchObject({ status: 'new' });
    expect((await publicSlots('2027-01-14')).every((s) => s.blockedReason === 'Closed')).toBe(true);
    const id = (kept.json() as ClosureCreated).closure.id;
    expect((await settingHistory(t.db, { subject: `closure:${id}`, limit: 5, offset: 0 })).items).toEqual([
      expect.objectContaining({
        kind: 'created',
        label: 'Away 11-15 Jan',
        to: 'Holiday',
        note: `Kept ${a.jobNumber}, ${b.jobNumber}`,
      }),
    ]);
  });

  it('cancel cancels each job through the staff cancel: refunds by the policy, customers emailed with the reason', async () => {
    // Monday 16:00 in Perth: Tuesday 8 am is 16 hours away (half refund), Wednesday's visit more than 24 (full).
    t.clock.set('2026-11-23T08:00:00.000Z');
    admin = await signedInStaff(t, { role: 'admin' });
    const soon = await paidJob('2026-11-24', '8-10 AM', 'Cleo Park', 10000);
    const later = await paidJob('2026-11-25', '12-2 PM', 'Dan Moore', 8980);
    const onSite = await insertJob(t.db, { scheduledDay: '2026-11-25', timeSlot: '2-4 PM', contactName: 'Eve Ross' });

    const res = await close({
      firstDay: '2026-11-24',
      lastDay: '2026-11-25',
      reason: 'Van broke down',
      jobs: 'cancel',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      keptJobs: [],
      cancelledJobs: [soon.jobNumber, later.jobNumber, onSite.jobNumber],
      closure: { liveJobs: 0 },
    });
    expect(await jobDetail(soon.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      refundAmount: '50.00',
      cancelReason: 'Van broke down',
    });
    expect(await jobDetail(later.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      refundAmount: '89.80',
      cancelReason: 'Van broke down',
    });
    expect(await jobDetail(onSite.id)).toMatchObject({ status: 'cancelled', cancelReason: 'Van broke down' });
    for (const job of [soon, later, onSite]) {
      const emails = await t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, job.id));
      expect(emails.map((e) => ({ kind: e.kind, to: e.to, hasReason: e.text.includes('Van broke down') }))).toEqual([
        { kind: 'booking_cancelled', to: job.contactEmail, hasReason: true },
      ]);
    }
  });

  it('cancels all or nothing: one job that cannot be cancelled leaves every job and the days as they were', async () => {
    const open = await insertJob(t.db, { scheduledDay: '2027-02-02', timeSlot: '8-10 AM' });
    const done = await insertJob(t.db, {
      scheduledDay: '2027-02-02',
      timeSlot: '10-12 AM',
      status: 'completed',
      completedAt: slotStart('2027-02-02', '10-12 AM'),
    });
    const res = await close({ firstDay: '2027-02-02', reason: 'Training day', jobs: 'cancel' });
    expect(res.statusCode, res.body).toBe(409);
    expect(await jobDetail(open.id)).toMatchObject({ status: 'new' });
    expect(await jobDetail(done.id)).toMatchObject({ status: 'completed' });
    expect(await closuresOn('2027-02-02')).toEqual([]);
    expect(await t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, open.id))).toEqual([]);
  });
});
