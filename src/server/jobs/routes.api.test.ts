import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JOB_STATUSES, type JobStatus } from '../../shared/domain/job-status';
import { slotStart } from '../../shared/domain/slots';
import type { JobDetail, JobListItem } from '../../shared/schemas/jobs';
import { insertJob } from '../db/seed/factories';
import { customerInvoices, jobs, outboundEmails, paymentEvents } from '../db/schema';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { bookingBody } from '../../../tests/helpers/bookings';
import { freshSlots } from '../../../tests/helpers/fresh-slots';

let t: TestApp;
let admin: { user: { id: string; username: string }; cookie: string };
let tech: { user: { id: string; username: string }; cookie: string };
let otherTech: { user: { id: string; username: string }; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  [admin, tech, otherTech] = await Promise.all([
    signedInStaff(t, { role: 'admin' }),
    signedInStaff(t, { role: 'technician' }),
    signedInStaff(t, { role: 'technician' }),
  ]);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => t.clock.set(MONDAY_7AM_PERTH));

// Each job gets its own slot on an open business day, so tests never compete for one (one live job per slot).
const freshSlot = freshSlots('2027-01-03');

const newJob = (over: Parameters<typeof insertJob>[1] = {}) => insertJob(t.db, { ...freshSlot(), ...over });

const request = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const setStatus = (id: string, status: string, cookie = admin.cookie) =>
  request('PATCH', `/api/dashboard/jobs/${id}/status`, cookie, { status });

async function jobRow(id: string) {
  const [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

describe('status moves', () => {
  const allowed = new Set(['new>in-progress', 'in-progress>completed', 'invoiced>paid']);
  const pairs = JOB_STATUSES.flatMap((from) =>
    JOB_STATUSES.filter((to) => to !== from).map((to) => [from, to] as [JobStatus, JobStatus]),
  );

  it.each(pairs)('%s -> %s by a bare status change', async (from, to) => {
    const job = await newJob({ status: from });
    const res = await setStatus(job.id, to);
    if (allowed.has(`${from}>${to}`)) {
      expect(res.statusCode, res.body).toBe(200);
      const detail = res.json() as JobDetail;
      expect(detail.status).toBe(to);
      expect(detail.history.at(-1)).toMatchObject({ kind: 'status', from, to, actor: admin.user.username });
      const stamp = { 'in-progress': 'inProgressAt', completed: 'completedAt', paid: 'paidAt' }[to as 'paid'];
      expect(detail[stamp as 'paidAt']).toBe(new Date(MONDAY_7AM_PERTH).toISOString());
    } else {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toMatch(
        to === 'invoiced'
          ? /invoice is generated|cannot move/
          : to === 'cancelled'
            ? /Use Cancel|cannot move/
            : new RegExp(`from ${from} to ${to}`),
      );
      expect((await jobRow(job.id)).status).toBe(from);
    }
  });

  it('marks the job paid and its invoice paid together', async () => {
    const job = await newJob({ status: 'invoiced' });
    await t.db
      .insert(customerInvoices)
      .values({ jobId: job.id, invoiceDate: '2026-11-23', status: 'sent', totalAmount: '129.80' });
    expect((await setStatus(job.id, 'paid')).statusCode).toBe(200);
    expect(await jobRow(job.id)).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    const [invoice] = await t.db.select().from(customerInvoices).where(eq(customerInvoices.jobId, job.id));
    expect(invoice).toMatchObject({ status: 'paid' });
    expect(invoice!.paidAt).not.toBeNull();
  });

  it('refuses an unknown status with 400', async () => {
    const job = await newJob();
    const res = await setStatus(job.id, 'teleported');
    expect(res.statusCode).toBe(400);
  });
});

describe('history', () => {
  it('starts with the booking itself: who booked, how it is paid', async () => {
    const slot = freshSlot();
    const body = bookingBody({
      vehicle: { color: 'Blue' },
      job: { scheduledDate: slot.scheduledDay, timeSlot: slot.timeSlot },
    });
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: admin.cookie },
      payload: body as object,
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const detail = (
      await request('GET', `/api/dashboard/jobs/${booked.json().jobId}`, admin.cookie)
    ).json() as JobDetail;
    expect(detail.history[0]).toMatchObject({
      kind: 'created',
      actor: admin.user.username,
      to: 'new',
      note: 'Booked by staff',
    });
  });
});

describe('what a technician may do', () => {
  it('moves their own job new -> in-progress -> completed, but not to paid', async () => {
    const job = await newJob({ assignedTechnicianId: tech.user.id });
    expect((await setStatus(job.id, 'in-progress', tech.cookie)).statusCode).toBe(200);
    expect((await setStatus(job.id, 'completed', tech.cookie)).statusCode).toBe(200);
    await t.db.update(jobs).set({ status: 'invoiced' }).where(eq(jobs.id, job.id));
    expect((await setStatus(job.id, 'paid', tech.cookie)).statusCode).toBe(403);
  });

  it("cannot read, move, reschedule or cancel another technician's job", async () => {
    const job = await newJob({ assignedTechnicianId: otherTech.user.id });
    const slot = freshSlot();
    const attempts = [
      request('GET', `/api/dashboard/jobs/${job.id}`, tech.cookie),
      setStatus(job.id, 'in-progress', tech.cookie),
      request('PUT', `/api/dashboard/jobs/${job.id}/reschedule`, tech.cookie, {
        scheduledDate: slot.scheduledDay,
        timeSlot: slot.timeSlot,
      }),
      request('POST', `/api/dashboard/jobs/${job.id}/cancel`, tech.cookie, { reason: 'Customer asked' }),
      request('PATCH', `/api/dashboard/jobs/${job.id}`, tech.cookie, { customerValue: '1.00' }),
      request('DELETE', `/api/dashboard/jobs/${job.id}`, tech.cookie),
      request('PATCH', `/api/dashboard/jobs/${job.id}/assign`, tech.cookie, { technicianId: tech.user.id }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(403);
    expect(await jobRow(job.id)).toMatchObject({
      status: 'new',
      assignedTechnicianId: otherTech.user.id,
      customerValue: '129.80',
    });
  });

  it('lists only their own jobs, and cannot list another technician', async () => {
    const mine = await newJob({ assignedTechnicianId: tech.user.id });
    await newJob({ assignedTechnicianId: otherTech.user.id });
    const res = await request('GET', '/api/dashboard/jobs?pageSize=100', tech.cookie);
    const ids = (res.json() as JobListItem[]).map((j) => j.id);
    expect(ids).toContain(mine.id);
    expect((res.json() as JobListItem[]).every((j) => j.assignedTechnicianId === tech.user.id)).toBe(true);
    expect((await request('GET', `/api/dashboard/technicians/${otherTech.user.id}/jobs`, tech.cookie)).statusCode).toBe(
      403,
    );
    expect((await request('GET', `/api/dashboard/technicians/${tech.user.id}/jobs`, tech.cookie)).statusCode).toBe(200);
  });
});

describe('the jobs list', () => {
  it('finds a job by number, customer name, phone digits, registration and suburb, and pages with a total', async () => {
    const job = await newJob({ contactName: 'Zelda Quokka', contactPhone: '0412 345 678', suburb: 'Yanchep' });
    const search = async (q: string) =>
      (
        (
          await request('GET', `/api/dashboard/jobs?search=${encodeURIComponent(q)}`, admin.cookie)
        ).json() as JobListItem[]
      ).map((j) => j.id);
    for (const q of [job.jobNumber, 'zelda quok', '0412345678', '345 678', 'Yanchep'])
      expect(await search(q), q).toContain(job.id);
    expect(await search('nobody-at-all')).toEqual([]);

    const page = await request('GET', '/api/dashboard/jobs?pageSize=2&page=1', admin.cookie);
    expect((page.json() as unknown[]).length).toBe(2);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThan(2);
    const beyond = await request('GET', '/api/dashboard/jobs?pageSize=2&page=9999', admin.cookie);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe(page.headers['x-total-count']);
  });

  it('filters by status and date range, and leaves cancelled jobs out unless asked', async () => {
    const day = '2027-06-01';
    const open = await insertJob(t.db, { scheduledDay: day, timeSlot: '8-10 AM', status: 'completed' });
    const cancelled = await insertJob(t.db, { scheduledDay: day, timeSlot: '10-12 AM', status: 'cancelled' });
    const ids = async (qs: string) =>
      (
        (await request('GET', `/api/dashboard/jobs?from=${day}&to=${day}${qs}`, admin.cookie)).json() as JobListItem[]
      ).map((j) => j.id);
    expect(await ids('')).toEqual([open.id]);
    expect(await ids('&status=completed')).toEqual([open.id]);
    expect(await ids('&status=cancelled')).toEqual([cancelled.id]);
    expect(await ids('&status=new')).toEqual([]);
  });

  it('a search with LIKE wildcards means the text', async () => {
    const res = await request('GET', '/api/dashboard/jobs?search=%25', admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe('quote edit, delete, assign', () => {
  it('changes the price and keeps the first one as the original', async () => {
    const job = await newJob({ customerValue: '129.80', originalCustomerValue: null });
    const res = await request('PATCH', `/api/dashboard/jobs/${job.id}`, admin.cookie, { customerValue: '150.5' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ customerValue: '150.50', originalCustomerValue: '129.80' });
    expect((res.json() as JobDetail).history.at(-1)).toMatchObject({ kind: 'price', from: '129.80', to: '150.50' });
    const again = await request('PATCH', `/api/dashboard/jobs/${job.id}`, admin.cookie, { customerValue: 99 });
    expect(again.json()).toMatchObject({ customerValue: '99.00', originalCustomerValue: '129.80' });
    const bad = await request('PATCH', `/api/dashboard/jobs/${job.id}`, admin.cookie, { customerValue: '12.345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Must be a valid decimal amount');
  });

  it('deletes a job and frees its slot, but not while it has an invoice', async () => {
    const job = await newJob();
    const invoiced = await newJob({ status: 'invoiced' });
    await t.db
      .insert(customerInvoices)
      .values({ jobId: invoiced.id, invoiceDate: '2026-11-23', totalAmount: '129.80' });
    const refused = await request('DELETE', `/api/dashboard/jobs/${invoiced.id}`, admin.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/delete the invoice first/);
    // An issued invoice is voided, never deleted: its job is kept, and the answer does not send the owner to delete it.
    const issued = await newJob({ status: 'paid' });
    await t.db
      .insert(customerInvoices)
      .values({ jobId: issued.id, invoiceDate: '2026-11-23', totalAmount: '129.80', status: 'paid' });
    const kept = await request('DELETE', `/api/dashboard/jobs/${issued.id}`, admin.cookie);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toMatch(/issued to the customer, so the job is kept with it for the accounts/);
    expect((await request('DELETE', `/api/dashboard/jobs/${job.id}`, admin.cookie)).statusCode).toBe(204);
    expect(await t.db.select().from(jobs).where(eq(jobs.id, job.id))).toEqual([]);
    const again = await insertJob(t.db, { scheduledDay: job.scheduledDay, timeSlot: job.timeSlot });
    expect(again.id).toBeTruthy();
  });

  it('assigns an active technician, unassigns, and refuses an admin or an unknown id', async () => {
    const job = await newJob();
    const res = await request('PATCH', `/api/dashboard/jobs/${job.id}/assign`, admin.cookie, {
      technicianId: tech.user.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      assignedTechnicianId: tech.user.id,
      technician: { username: tech.user.username },
    });
    expect((res.json() as JobDetail).history.at(-1)).toMatchObject({
      kind: 'assignment',
      from: null,
      to: tech.user.username,
    });
    expect(
      (await request('PATCH', `/api/dashboard/jobs/${job.id}/assign`, admin.cookie, { technicianId: admin.user.id }))
        .statusCode,
    ).toBe(400);
    expect(
      (await request('PATCH', `/api/dashboard/jobs/${job.id}/assign`, admin.cookie, { technicianId: 'nobody' }))
        .statusCode,
    ).toBe(400);
    const unassigned = await request('PATCH', `/api/dashboard/jobs/${job.id}/assign`, admin.cookie, {
      technicianId: null,
    });
    expect(unassigned.json()).toMatchObject({ assignedTechnicianId: null, technician: null });
  });

  it('records two admins assigning one job at once in order: both land, the history chains', async () => {
    const job = await newJob();
    const results = await Promise.all(
      [tech, otherTech].map((x) =>
        request('PATCH', `/api/dashboard/jobs/${job.id}/assign`, admin.cookie, { technicianId: x.user.id }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const detail = (await request('GET', `/api/dashboard/jobs/${job.id}`, admin.cookie)).json() as JobDetail;
    const changes = detail.history.filter((e) => e.kind === 'assignment');
    expect(changes).toHaveLength(2);
    expect(changes[0]!.from).toBeNull();
    expect(changes[1]!.from).toBe(changes[0]!.to);
    expect(detail.technician!.username).toBe(changes[1]!.to);
  });

  it('lists technicians with their open jobs', async () => {
    await newJob({ assignedTechnicianId: tech.user.id });
    const res = await request('GET', '/api/dashboard/technicians', admin.cookie);
    const me = (res.json() as { id: string; openJobs: number }[]).find((x) => x.id === tech.user.id);
    expect(me!.openJobs).toBeGreaterThan(0);
  });
});

describe('reschedule', () => {
  it('moves the job to a free slot, frees the old one and emails the customer the new time with a calendar file', async () => {
    const job = await newJob({ contactEmail: 'moved@example.com' });
    const to = freshSlot();
    const res = await request('PUT', `/api/dashboard/jobs/${job.id}/reschedule`, admin.cookie, {
      scheduledDate: to.scheduledDay,
      timeSlot: to.timeSlot,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      scheduledDay: to.scheduledDay,
      timeSlot: to.timeSlot,
      scheduledDate: slotStart(to.scheduledDay, to.timeSlot).toISOString(),
    });
    const [email] = await t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, job.id));
    expect(email).toMatchObject({ kind: 'booking_rescheduled', to: 'moved@example.com' });
    expect(email!.subject).toMatch(/Booking rescheduled/);
    expect(email!.attachments[0]!.filename).toMatch(/\.ics$/);
    // The old slot is bookable again.
    expect((await insertJob(t.db, { scheduledDay: job.scheduledDay, timeSlot: job.timeSlot })).id).toBeTruthy();
  });

  it('refuses a booked slot with 409, a passed slot with 400, and a missing slot with the form message', async () => {
    const job = await newJob();
    const other = await newJob();
    const taken = await request('PUT', `/api/dashboard/jobs/${job.id}/reschedule`, admin.cookie, {
      scheduledDate: other.scheduledDay,
      timeSlot: other.timeSlot,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('time slot is no longer available');
    const passed = await request('PUT', `/api/dashboard/jobs/${job.id}/reschedule`, admin.cookie, {
      scheduledDate: '2026-11-20',
      timeSlot: '8-10 AM',
    });
    expect(passed.statusCode).toBe(400);
    const missing = await request('PUT', `/api/dashboard/jobs/${job.id}/reschedule`, admin.cookie, {
      scheduledDate: '2027-03-03',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please select both date and time slot');
    expect(await jobRow(job.id)).toMatchObject({ scheduledDay: job.scheduledDay, timeSlot: job.timeSlot });
  });

  it('lets exactly one of two jobs racing into the same slot win', async () => {
    const [a, b] = await Promise.all([newJob(), newJob()]);
    const to = freshSlot();
    const results = await Promise.all(
      [a, b].map((j) =>
        request('PUT', `/api/dashboard/jobs/${j!.id}/reschedule`, admin.cookie, {
          scheduledDate: to.scheduledDay,
          timeSlot: to.timeSlot,
        }),
      ),
    );
    expect(results.map((r) => `${r.statusCode}`).sort(), results.map((r) => r.body).join(' | ')).toEqual([
      '200',
      '409',
    ]);
    const live = await t.db.select().from(jobs).where(eq(jobs.scheduledDay, to.scheduledDay));
    expect(live.filter((j) => j.timeSlot === to.timeSlot)).toHaveLength(1);
  });
});

describe('cancel', () => {
  /** A prepaid job paid 103.22 by card (101.50 plus the 1.7% surcharge), its slot on Tuesday 24 Nov at 10 am Perth. */
  async function paidJob() {
    const slot = freshSlot();
    const job = await insertJob(t.db, {
      ...slot,
      paymentMethod: 'prepaid',
      paymentStatus: 'paid',
      customerValue: '101.50',
      stripePaymentIntentId: `sim_pi_${slot.scheduledDay}${slot.timeSlot}`,
    });
    await t.db.insert(paymentEvents).values({
      id: `evt_${job.id}`,
      type: 'payment_intent.succeeded',
      jobId: job.id,
      payload: { data: { object: { amount: 10322 } } },
    });
    return { job, start: slotStart(slot.scheduledDay, slot.timeSlot) };
  }
  const hoursBefore = (start: Date, h: number) => t.clock.set(new Date(start.getTime() - h * 3_600_000).toISOString());

  it.each([
    [25, 'full', '103.22'],
    [13, 'half', '51.61'],
    [2, 'none', '0.00'],
  ])('%s hours before the slot: %s refund of %s, the slot freed, the customer told', async (hours, policy, refund) => {
    const { job, start } = await paidJob();
    hoursBefore(start, hours);
    // Signed in at that moment (a session left idle since the suite began would have lapsed).
    const { cookie } = await signedInStaff(t, { role: 'admin' });
    const preview = await request('GET', `/api/dashboard/jobs/${job.id}/cancellation`, cookie);
    expect(preview.json()).toMatchObject({ paidAmount: '103.22', policy, refundAmount: refund });
    const res = await request('POST', `/api/dashboard/jobs/${job.id}/cancel`, cookie, {
      reason: 'Customer called to cancel',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Customer called to cancel',
      refundAmount: refund,
      paymentStatus: refund === '0.00' ? 'paid' : 'refunded',
    });
    const [email] = await t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, job.id));
    expect(email!.kind).toBe('booking_cancelled');
    expect(email!.text).toContain(refund === '0.00' ? 'no refund applies' : `Refund: $${refund}`);
    expect((await insertJob(t.db, { scheduledDay: job.scheduledDay, timeSlot: job.timeSlot })).id).toBeTruthy();
  });

  it('lets staff choose the refund, never more than was paid, and needs a reason', async () => {
    const { job } = await paidJob();
    const tooMuch = await request('POST', `/api/dashboard/jobs/${job.id}/cancel`, admin.cookie, {
      reason: 'Goodwill',
      refundAmount: '200.00',
    });
    expect(tooMuch.statusCode).toBe(400);
    const noReason = await request('POST', `/api/dashboard/jobs/${job.id}/cancel`, admin.cookie, { reason: '  ' });
    expect(noReason.json().message).toBe('Please give a reason for cancelling');
    expect((await jobRow(job.id)).status).toBe('new');
    const ok = await request('POST', `/api/dashboard/jobs/${job.id}/cancel`, admin.cookie, {
      reason: 'Goodwill',
      refundAmount: '20',
    });
    expect(ok.json()).toMatchObject({ refundAmount: '20.00', status: 'cancelled' });
    // The card payment and its refund stay on record: the job cannot be deleted.
    const remove = await request('DELETE', `/api/dashboard/jobs/${job.id}`, admin.cookie);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toMatch(/card payment on record/);
    expect((await jobRow(job.id)).status).toBe('cancelled');
  });

  it('cancels an unpaid job without a refund, and refuses a completed one', async () => {
    const job = await newJob();
    const res = await request('POST', `/api/dashboard/jobs/${job.id}/cancel`, admin.cookie, {
      reason: 'Duplicate booking',
    });
    expect(res.json()).toMatchObject({ status: 'cancelled', refundAmount: null });
    const done = await newJob({ status: 'completed' });
    expect(
      (await request('POST', `/api/dashboard/jobs/${done.id}/cancel`, admin.cookie, { reason: 'x' })).statusCode,
    ).toBe(409);
  });
});
