import { asc, eq } from 'drizzle-orm';
import type { JobEvent } from '../../shared/schemas/jobs';
import type { Executor } from '../db/client';
import { jobEvents, users, type JOB_EVENT_KINDS } from '../db/schema';

export type JobEventInput = {
  jobId: string;
  at: Date;
  actorId: string | null;
  kind: (typeof JOB_EVENT_KINDS)[number];
  from?: string | null;
  to?: string | null;
  note?: string | null;
};

/** Records one change in the job's history, in the caller's transaction (decision 184). */
export async function recordJobEvent(exec: Executor, e: JobEventInput): Promise<void> {
  await exec.insert(jobEvents).values({ jobId: e.jobId, at: e.at, actorId: e.actorId, kind: e.kind, from: e.from ?? null, to: e.to ?? null, note: e.note ?? null });
}

/** A job's history, oldest first, with who made each change. */
export async function listJobHistory(exec: Executor, jobId: string): Promise<JobEvent[]> {
  const rows = await exec
    .select({ event: jobEvents, actor: users.username })
    .from(jobEvents)
    .leftJoin(users, eq(users.id, jobEvents.actorId))
    .where(eq(jobEvents.jobId, jobId))
    .orderBy(asc(jobEvents.seq));
  return rows.map(({ event, actor }) => ({
    id: event.id,
    at: event.at.toISOString(),
    actor: actor ?? null,
    kind: event.kind,
    from: event.from,
    to: event.to,
    note: event.note,
  }));
}
