import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOTE_REQUIRED_MESSAGE, type JobDetail } from '../../shared/schemas/jobs';
import { insertJob } from '../db/seed/factories';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { freshSlots } from '../../../tests/helpers/fresh-slots';

/**
 * A note on a job (docs/decisions/345-offline-day-queue.md): an admin or the job's technician adds
 * "Note: ..." to the job's history; anyone else, or a bad note, is refused and nothing is written.
 */
type Staff = { user: { id: string; username: string }; cookie: string };
let t: TestApp;
let admin: Staff;
let tech: Staff;
let otherTech: Staff;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  t.clock.set(MONDAY_7AM_PERTH);
  admin = await signedInStaff(t, { role: 'admin' });
  tech = await signedInStaff(t, { role: 'technician' });
  otherTech = await signedInStaff(t, { role: 'technician' });
});

const freshSlot = freshSlots('2026-11-23');
const newJob = (over: Parameters<typeof insertJob>[1] = {}) =>
  insertJob(t.db, { ...freshSlot(), status: 'in-progress', assignedTechnicianId: tech.user.id, ...over });
const addNote = (jobId: string, payload: object, who: Staff, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/dashboard/jobs/${jobId}/notes`,
    headers: { cookie: who.cookie, ...headers },
    payload,
  });

async function notesOf(jobId: string): Promise<{ note: string | null; actor: string | null }[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dashboard/jobs/${jobId}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as JobDetail).history
    .filter((e) => e.kind === 'note')
    .map((e) => ({ note: e.note, actor: e.actor }));
}

describe('POST /api/dashboard/jobs/{id}/notes', () => {
  it("the job's technician adds a note: trimmed, lines kept, in the history with who wrote it; the answer is the job", async () => {
    const job = await newJob();
    const res = await addNote(job.id, { note: '  Wheel nut seized.\nUsed the breaker bar.  ' }, tech);
    expect(res.statusCode, res.body).toBe(200);
    const answered = res.json() as JobDetail;
    expect(answered).toMatchObject({ id: job.id, status: 'in-progress' });
    expect(answered.history.filter((e) => e.kind === 'note').map((e) => e.note)).toEqual([
      'Note: Wheel nut seized.\nUsed the breaker bar.',
    ]);
    expect(await notesOf(job.id)).toEqual([
      { note: 'Note: Wheel nut seized.\nUsed the breaker bar.', actor: tech.user.username },
    ]);
  });

  it('an admin notes any job, a cancelled one included', async () => {
    const job = await newJob({ status: 'cancelled', assignedTechnicianId: null });
    const res = await addNote(job.id, { note: 'Customer rang to say sorry' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(await notesOf(job.id)).toEqual([{ note: 'Note: Customer rang to say sorry', actor: admin.user.username }]);
  });

  it('refuses a technician of another job (403) and an unknown job (404), writing nothing', async () => {
    const job = await newJob();
    const res = await addNote(job.id, { note: 'Not mine' }, otherTech);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This job is not assigned to you.');
    expect(await notesOf(job.id)).toEqual([]);
    expect((await addNote(randomUUID(), { note: 'Nobody' }, admin)).statusCode).toBe(404);
  });

  it.each([
    [{ note: '   ' }, NOTE_REQUIRED_MESSAGE],
    [{ note: '' }, NOTE_REQUIRED_MESSAGE],
    [{}, NOTE_REQUIRED_MESSAGE],
    [{ note: 'x'.repeat(1001) }, 'Note must be at most 1000 characters'],
  ])('refuses %j with 400 naming the note, writing nothing', async (payload, message) => {
    const job = await newJob();
    const res = await addNote(job.id, payload, tech);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.note).toBe(message);
    expect(await notesOf(job.id)).toEqual([]);
  });

  it('takes a note of exactly 1000 characters', async () => {
    const job = await newJob();
    expect((await addNote(job.id, { note: 'y'.repeat(1000) }, tech)).statusCode).toBe(200);
    expect(await notesOf(job.id)).toEqual([{ note: `Note: ${'y'.repeat(1000)}`, actor: tech.user.username }]);
  });

  it('sent twice with the same Idempotency-Key (a queued note replayed), adds one line and answers the same', async () => {
    const job = await newJob();
    const key = randomUUID();
    const first = await addNote(job.id, { note: 'Spare tyre is flat too' }, tech, { 'idempotency-key': key });
    const again = await addNote(job.id, { note: 'Spare tyre is flat too' }, tech, { 'idempotency-key': key });
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await notesOf(job.id)).toEqual([{ note: 'Note: Spare tyre is flat too', actor: tech.user.username }]);
  });
});
