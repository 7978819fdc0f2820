import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JobDetail } from '../../shared/schemas/jobs';
import { insertJob } from '../db/seed/factories';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { freshSlots } from '../../../tests/helpers/fresh-slots';

/**
 * Undo of Start Work and Complete Work (docs/decisions/420-undo-instead-of-confirm.md): the same
 * user, within the window by the app's clock, while nothing else happened to the job; anything
 * else is a 409 that changed nothing.
 */
let t: TestApp;
type Staff = Awaited<ReturnType<typeof signedInStaff>>;
let admin: Staff;
let tech: Staff;
let otherAdmin: Staff;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  t.clock.set(MONDAY_7AM_PERTH);
  admin = await signedInStaff(t, { role: 'admin' });
  otherAdmin = await signedInStaff(t, { role: 'admin' });
  tech = await signedInStaff(t, { role: 'technician' });
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Staff, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
const move = (jobId: string, status: string, who: Staff) =>
  call('PATCH', `/api/dashboard/jobs/${jobId}/status`, who, { status });
const undo = (jobId: string, cause: string, who: Staff) =>
  call('POST', `/api/dashboard/jobs/${jobId}/status/undo`, who, { cause });
async function detail(jobId: string): Promise<JobDetail> {
  const res = await call('GET', `/api/dashboard/jobs/${jobId}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as JobDetail;
}
const statusLines = async (jobId: string) =>
  (await detail(jobId)).history.filter((e) => e.kind === 'status').map((e) => [e.from, e.to, e.actor, e.note]);
// The server's undo rule does not read the job's day: that is the dashboard's choice to confirm or not.
const freshSlot = freshSlots('2026-11-23');
const todaysJob = (over: Parameters<typeof insertJob>[1] = {}) =>
  insertJob(t.db, { ...freshSlot(), assignedTechnicianId: tech.user.id, ...over });

describe('POST /api/dashboard/jobs/{id}/status/undo', () => {
  it('the technician who started the job undoes it within the window: back to new, both lines in the history and the audit log', async () => {
    const job = await todaysJob();
    expect((await move(job.id, 'in-progress', tech)).statusCode).toBe(200);
    t.clock.advance(9_000);
    const res = await undo(job.id, 'start', tech);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'new', inProgressAt: null });
    expect(await statusLines(job.id)).toEqual([
      ['new', 'in-progress', tech.user.username, null],
      ['in-progress', 'new', tech.user.username, 'Undone: Start Work (En Route)'],
    ]);
    const log = await call('GET', '/api/admin/audit?kind=job&pageSize=50', admin);
    expect(log.statusCode, log.body).toBe(200);
    const ours = (log.json() as { subject: string; from: string; to: string; note: string | null }[])
      .filter((e) => e.subject === `job:${job.id}`)
      .map((e) => [e.from, e.to, e.note]);
    expect(ours).toEqual([
      ['in-progress', 'new', 'Undone: Start Work (En Route)'],
      ['new', 'in-progress', null],
    ]);
    // Started again after the undo, the job is in progress as any other.
    expect((await move(job.id, 'in-progress', tech)).json()).toMatchObject({ status: 'in-progress' });
  });

  it('an admin undoes Complete Work: back to in progress, still started, no longer completed', async () => {
    const job = await todaysJob({ status: 'in-progress', inProgressAt: new Date('2026-11-22T23:30:00Z') });
    expect((await move(job.id, 'completed', admin)).statusCode).toBe(200);
    const res = await undo(job.id, 'complete', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'in-progress',
      completedAt: null,
      inProgressAt: '2026-11-22T23:30:00.000Z',
    });
  });

  it('another user may not undo it: 409, the job stays started', async () => {
    const job = await todaysJob();
    await move(job.id, 'in-progress', admin);
    const res = await undo(job.id, 'start', otherAdmin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Start Work (En Route) can be undone only by the person who pressed it. Nothing was changed.',
    );
    expect(await detail(job.id)).toMatchObject({ status: 'in-progress' });
    expect(await statusLines(job.id)).toHaveLength(1);
  });

  it('too late by the app clock: 409 after 15 seconds, nothing written', async () => {
    const job = await todaysJob();
    await move(job.id, 'in-progress', tech);
    t.clock.advance(15_001);
    const res = await undo(job.id, 'start', tech);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Start Work (En Route) can be undone only within 15 seconds; it is too late now. Nothing was changed.',
    );
    expect(await detail(job.id)).toMatchObject({ status: 'in-progress' });
    expect(await statusLines(job.id)).toHaveLength(1);
  });

  it('after a payment taken on site: 409 naming the payment, the job stays completed', async () => {
    const job = await todaysJob({ status: 'in-progress' });
    await move(job.id, 'completed', tech);
    const paid = await call('POST', `/api/dashboard/jobs/${job.id}/onsite-payment`, tech, {
      method: 'cash',
      amount: '50.00',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const res = await undo(job.id, 'complete', tech);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /^Complete Work cannot be undone: the job changed since \(.+\)\. Nothing was changed\.$/,
    );
    expect(await detail(job.id)).toMatchObject({ status: expect.not.stringMatching(/^in-progress$/) });
    expect((await statusLines(job.id)).filter(([from, to]) => from === 'completed' && to === 'in-progress')).toEqual(
      [],
    );
  });

  it('after an invoice: 409, the job stays invoiced', async () => {
    const job = await todaysJob({ status: 'in-progress' });
    await move(job.id, 'completed', admin);
    const inv = await call('POST', `/api/dashboard/customer-invoices/generate/${job.id}`, admin, {});
    expect(inv.statusCode, inv.body).toBeLessThan(300);
    const res = await undo(job.id, 'complete', admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Complete Work cannot be undone: the job changed since');
    expect(await detail(job.id)).toMatchObject({ status: 'invoiced' });
  });

  it('a move that has no undo, or a job that is not in the status the move reached: 409', async () => {
    const job = await todaysJob();
    const res = await undo(job.id, 'start', tech);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Start Work (En Route) cannot be undone: the job changed since');
    expect(await detail(job.id)).toMatchObject({ status: 'new' });
    const bad = await undo(job.id, 'mark-paid', admin);
    expect(bad.statusCode).toBe(400);
  });

  it("a technician cannot undo on someone else's job", async () => {
    const other = await signedInStaff(t, { role: 'technician' });
    const job = await todaysJob({ assignedTechnicianId: other.user.id });
    await move(job.id, 'in-progress', other);
    const res = await undo(job.id, 'start', tech);
    expect([403, 404]).toContain(res.statusCode);
    expect(await detail(job.id)).toMatchObject({ status: 'in-progress' });
  });
});
