import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeJobSeen, type JobSeen } from '../../shared/domain/queued-change';
import type { JobDetail } from '../../shared/schemas/jobs';
import { startSession } from '../auth/sessions';
import { jobs, requestKeys } from '../db/schema';
import { insertJob } from '../db/seed/factories';
import { freshSlots } from '../../../tests/helpers/fresh-slots';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { REQUEST_KEY_TTL_MS, startRequestKeyPrune } from './request-keys';

/**
 * A change queued on a technician's phone is sent with an Idempotency-Key and the job as they saw it
 * (docs/decisions/345-offline-day-queue.md, 346-office-wins-over-queued-changes.md). Sent twice, or
 * twice at once, it changes the job once; when the office moved the job meanwhile it is refused with
 * what the office did. Run on a PostgreSQL server too (`npm run test:pg -- <file>`), where the two
 * requests at once truly overlap.
 */
type Staff = { user: { id: string; username: string }; cookie: string };
let t: TestApp;
let admin: Staff;
let tech: Staff;
let otherTech: Staff;

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

const freshSlot = freshSlots('2027-02-07');

async function techJob() {
  const slot = freshSlot();
  const job = await insertJob(t.db, { ...slot, assignedTechnicianId: tech.user.id });
  const seen: JobSeen = { ...slot, technicianId: tech.user.id };
  return { job, seen };
}

const move = (jobId: string, status: string, headers: Record<string, string>, who: Staff = tech) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/dashboard/jobs/${jobId}/status`,
    headers: { cookie: who.cookie, ...headers },
    payload: { status },
  });

async function statusMoves(jobId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dashboard/jobs/${jobId}`,
    headers: { cookie: admin.cookie },
  });
  return (res.json() as JobDetail).history.filter((e) => e.kind === 'status').map((e) => `${e.from} -> ${e.to}`);
}

describe('a change sent with an Idempotency-Key', () => {
  it('runs once: the same change sent again gets the first answer and changes nothing more', async () => {
    const { job } = await techJob();
    const key = randomUUID();
    const first = await move(job.id, 'in-progress', { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(200);
    const again = await move(job.id, 'in-progress', { 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await statusMoves(job.id)).toEqual(['new -> in-progress']);
    // Without the key the same move is a second, refused move: the key is what made the repeat harmless.
    expect((await move(job.id, 'in-progress', {})).statusCode).toBe(409);
  });

  it('answers a refusal the same way again', async () => {
    const { job } = await techJob();
    const key = randomUUID();
    const first = await move(job.id, 'paid', { 'idempotency-key': key });
    expect(first.statusCode).toBe(409);
    const again = await move(job.id, 'paid', { 'idempotency-key': key });
    expect([again.statusCode, again.json()]).toEqual([409, first.json()]);
  });

  it('refuses the same key on another request with 422, changing nothing', async () => {
    const { job } = await techJob();
    const key = randomUUID();
    expect((await move(job.id, 'in-progress', { 'idempotency-key': key })).statusCode).toBe(200);
    const { job: other } = await techJob();
    const misuse = await move(other.id, 'in-progress', { 'idempotency-key': key });
    expect(misuse.statusCode).toBe(422);
    expect(misuse.json()).toMatchObject({ message: 'This Idempotency-Key was already used for another request.' });
    expect((await t.db.select().from(jobs).where(eq(jobs.id, other.id)))[0]!.status).toBe('new');
  });

  it('refuses a key that is not a UUID with 400, naming the header', async () => {
    const { job } = await techJob();
    const res = await move(job.id, 'in-progress', { 'idempotency-key': 'not a key' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Idempotency-Key must be a UUID.',
      fields: { 'Idempotency-Key': 'Idempotency-Key must be a UUID.' },
    });
    expect(await statusMoves(job.id)).toEqual([]);
  });

  it('keeps keys per user: another user with the same key runs their own change', async () => {
    const key = randomUUID();
    const { job } = await techJob();
    const theirs = await insertJob(t.db, { ...freshSlot(), assignedTechnicianId: otherTech.user.id });
    expect((await move(job.id, 'in-progress', { 'idempotency-key': key })).statusCode).toBe(200);
    expect((await move(theirs.id, 'in-progress', { 'idempotency-key': key }, otherTech)).statusCode).toBe(200);
    expect(await statusMoves(theirs.id)).toEqual(['new -> in-progress']);
  });

  it('two sends at once change the job once and both get its answer', async () => {
    const { job } = await techJob();
    const key = randomUUID();
    const [a, b] = await Promise.all([
      move(job.id, 'in-progress', { 'idempotency-key': key }),
      move(job.id, 'in-progress', { 'idempotency-key': key }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(await statusMoves(job.id)).toEqual(['new -> in-progress']);
    const [row] = await t.db
      .select()
      .from(requestKeys)
      .where(and(eq(requestKeys.userId, tech.user.id), eq(requestKeys.key, key)));
    expect(row).toMatchObject({ request: `PATCH /api/dashboard/jobs/${job.id}/status`, statusCode: 200 });
  });
});

describe('the office wins over a change queued on the phone', () => {
  it('refuses a change to a job the office rescheduled, saying where it went', async () => {
    const { job, seen } = await techJob();
    const to = freshSlot();
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/dashboard/jobs/${job.id}/reschedule`,
      headers: { cookie: admin.cookie },
      payload: { scheduledDate: to.scheduledDay, timeSlot: to.timeSlot },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const res = await move(job.id, 'in-progress', {
      'idempotency-key': randomUUID(),
      'x-job-seen': encodeJobSeen(seen),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /^The office moved this job to \w{3} \d{1,2} \w{3}, \d{1,2} [ap]m - \d{1,2} [ap]m: your change was not sent\.$/,
    );
    expect(await statusMoves(job.id)).toEqual([]);
  });

  it('refuses a change to a job the office cancelled or gave to someone else', async () => {
    const cancelled = await techJob();
    const res1 = await t.app.inject({
      method: 'POST',
      url: `/api/dashboard/jobs/${cancelled.job.id}/cancel`,
      headers: { cookie: admin.cookie },
      payload: { reason: 'Customer called' },
    });
    expect(res1.statusCode, res1.body).toBe(200);
    const refusedCancelled = await move(cancelled.job.id, 'in-progress', {
      'x-job-seen': encodeJobSeen(cancelled.seen),
    });
    expect([refusedCancelled.statusCode, refusedCancelled.json().message]).toEqual([
      409,
      'The office cancelled this job: your change was not sent.',
    ]);

    const reassigned = await techJob();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/dashboard/jobs/${reassigned.job.id}/assign`,
      headers: { cookie: admin.cookie },
      payload: { technicianId: otherTech.user.id },
    });
    const refusedReassigned = await move(reassigned.job.id, 'in-progress', {
      'x-job-seen': encodeJobSeen(reassigned.seen),
    });
    expect([refusedReassigned.statusCode, refusedReassigned.json().message]).toEqual([
      409,
      'The office gave this job to another technician: your change was not sent.',
    ]);
    expect((await t.db.select().from(jobs).where(eq(jobs.id, reassigned.job.id)))[0]!.status).toBe('new');
  });

  it('lets the change through while the job is as the technician saw it, and refuses a malformed view with 400', async () => {
    const { job, seen } = await techJob();
    expect((await move(job.id, 'in-progress', { 'x-job-seen': encodeJobSeen(seen) })).statusCode).toBe(200);
    const bad = await move(job.id, 'completed', { 'x-job-seen': 'yesterday' });
    expect([bad.statusCode, bad.json().fields]).toEqual([
      400,
      { 'X-Job-Seen': "X-Job-Seen must be the job's day, time slot and technician." },
    ]);
  });
});

/**
 * Keys expire a day after their first use, by the app's clock, and the scheduler deletes them
 * (docs/decisions/409-request-keys-expire-in-a-day.md). A day is longer than a session lasts idle,
 * so the technician signs in again (a new session) before each later send.
 */
describe('an Idempotency-Key a day old', () => {
  const signInAgain = async () => {
    tech = { user: tech.user, cookie: `sid=${await startSession(t, tech.user.id)}` };
    admin = { user: admin.user, cookie: `sid=${await startSession(t, admin.user.id)}` };
  };

  it("expires 24 hours after its first use by the app's clock: a day less a minute it replays, after it the request runs as new", async () => {
    const { job } = await techJob();
    const key = randomUUID();
    expect((await move(job.id, 'in-progress', { 'idempotency-key': key })).statusCode).toBe(200);
    t.clock.advance(REQUEST_KEY_TTL_MS - 60_000);
    await signInAgain();
    const replayed = await move(job.id, 'in-progress', { 'idempotency-key': key });
    expect([replayed.statusCode, replayed.headers['idempotency-replayed']]).toEqual([200, 'true']);
    t.clock.advance(60_000);
    await signInAgain();
    // Run as new: the job is already in progress, so the same move is refused, and not replayed.
    const anew = await move(job.id, 'in-progress', { 'idempotency-key': key });
    expect([anew.statusCode, anew.headers['idempotency-replayed']]).toEqual([409, undefined]);
    expect(await statusMoves(job.id)).toEqual(['new -> in-progress']);
    // The key now holds the new answer, and replays it.
    const again = await move(job.id, 'in-progress', { 'idempotency-key': key });
    expect([again.statusCode, again.headers['idempotency-replayed']]).toEqual([409, 'true']);
  });

  it("an expired key is deleted by the scheduler's prune; a newer one stays and still replays", async () => {
    const { job } = await techJob();
    const kept = randomUUID();
    const old = randomUUID();
    expect((await move(job.id, 'in-progress', { 'idempotency-key': old })).statusCode).toBe(200);
    t.clock.advance(REQUEST_KEY_TTL_MS - 3_600_000);
    await signInAgain();
    expect((await move(job.id, 'completed', { 'idempotency-key': kept })).statusCode).toBe(200);
    t.clock.advance(3_600_000);
    await signInAgain();
    const prune = startRequestKeyPrune({ db: t.db, clock: t.clock, log: t.app.log }, 3_600_000);
    try {
      expect(await prune.runNow()).toBe(true);
    } finally {
      await prune.stop();
    }
    const left = await t.db
      .select({ key: requestKeys.key })
      .from(requestKeys)
      .where(eq(requestKeys.userId, tech.user.id));
    expect(left.map((r) => r.key)).toContain(kept);
    expect(left.map((r) => r.key)).not.toContain(old);
    expect((await move(job.id, 'completed', { 'idempotency-key': kept })).headers['idempotency-replayed']).toBe('true');
  });
});
