import type { JobEvent } from '../../shared/schemas/jobs';
import type { Executor } from '../db/client';
import { historyOf, recordHistory, recordHistoryLines, type HistoryEntry } from '../history/history';

/**
 * A line in a job's history that is not a move of its status or payment: the booking itself, a
 * price, schedule or assignment change, a note. Status and payment lines are written only by the
 * lifecycle with the move they record (lifecycle.ts, decision 250).
 */
export type JobEventInput = Omit<HistoryEntry<'job'>, 'kind'> & {
  jobId: string;
  kind: 'created' | 'price' | 'schedule' | 'assignment' | 'note';
};

/** Records one change in the job's history, in the caller's transaction (decision 184). */
export async function recordJobEvent(exec: Executor, { jobId, ...e }: JobEventInput): Promise<void> {
  await recordHistory(exec, 'job', jobId, e);
}

/** Records several changes in order, in one statement, in the caller's transaction (a booking's first lines). */
export async function recordJobEvents(exec: Executor, events: JobEventInput[]): Promise<void> {
  await recordHistoryLines(
    exec,
    'job',
    events.map(({ jobId, ...e }) => ({ key: jobId, ...e })),
  );
}

/** A job's history, oldest first, with who made each change. */
export function listJobHistory(exec: Executor, jobId: string): Promise<JobEvent[]> {
  return historyOf(exec, 'job', jobId);
}
