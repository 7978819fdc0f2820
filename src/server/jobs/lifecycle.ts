import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { canMove, JOB_MOVES, type JobCause, type JobStatus, type PaymentStatus } from '../../shared/domain/job-status';
import type { Executor } from '../db/client';
import { jobs } from '../db/schema';
import { recordHistory } from '../history/history';
import { conflict } from '../http/errors';

/**
 * The one writer of a job's status, payment status, their timestamps and the history lines that
 * record them (decision 250). Every area that moves a job calls it with a cause declared in
 * JOB_MOVES (shared/domain/job-status.ts); a move the table does not declare is refused, so there
 * is no way to change a job's state without its history line.
 */

type Job = typeof jobs.$inferSelect;

/** What the caller knows of the job, read under its row lock (the caller holds the transaction). */
export type JobState = Pick<Job, 'id' | 'status' | 'paymentStatus'>;

/** Columns that change with a move and belong to it: why and how much for a cancel, the intent and flag for a payment, the slot place a reinstated job takes. */
type WithMove = Partial<
  Pick<Job, 'cancelReason' | 'refundAmount' | 'stripePaymentIntentId' | 'paymentFlag' | 'slotPlace'>
>;

export type MoveContext = {
  at: Date;
  /** Who pressed the button; null for the system (a payment, a lapsed hold). */
  actorId: string | null;
  /** Shown in the job's history beside the move. */
  note?: string | null;
  also?: WithMove;
};

/** The stamps each status carries (docs/product.md "Job statuses and their moves"). */
const STAMP: Partial<Record<JobStatus, 'inProgressAt' | 'completedAt' | 'invoicedAt' | 'paidAt' | 'cancelledAt'>> = {
  'in-progress': 'inProgressAt',
  completed: 'completedAt',
  invoiced: 'invoicedAt',
  paid: 'paidAt',
  cancelled: 'cancelledAt',
};

function changesOf(cause: JobCause, from: JobStatus, at: Date) {
  const move = JOB_MOVES[cause];
  const to = move.to;
  // Back from invoiced when its invoice is voided: the work was still completed when it was (decision 295);
  // back from paid when a payment taken on site is reversed: it was still invoiced when it was (decision 349).
  const backward = cause === 'invoice-voided' || cause === 'onsite-payment-reversed';
  // An undo takes the move back whole: the job no longer says when it was started or completed (decision 420).
  const undone = move.undoes ? JOB_MOVES[move.undoes].to : undefined;
  const stamp = to && !backward && !undone ? STAMP[to] : undefined;
  return {
    ...(to ? { status: to } : {}),
    ...(stamp ? { [stamp]: at } : {}),
    // Paid straight from completed: it was invoiced at the same moment.
    ...(to === 'paid' && from === 'completed' ? { invoicedAt: at } : {}),
    // Back from cancelled: the job is live again, so it no longer says when it was cancelled.
    ...(to && from === 'cancelled' ? { cancelledAt: null } : {}),
    ...(cause === 'invoice-voided' ? { invoicedAt: null } : {}),
    ...(cause === 'onsite-payment-reversed' ? { paidAt: null } : {}),
    ...(undone && STAMP[undone] ? { [STAMP[undone]]: null } : {}),
    ...(move.payment ? { paymentStatus: move.payment } : {}),
    updatedAt: at,
  };
}

/** The history line of a move: a status line when the status changes, else a payment line. */
async function recordMove(
  exec: Executor,
  jobId: string,
  cause: JobCause,
  before: { status: JobStatus; paymentStatus: PaymentStatus },
  how: MoveContext,
) {
  const move = JOB_MOVES[cause];
  const line = move.to
    ? { kind: 'status' as const, from: before.status, to: move.to }
    : { kind: 'payment' as const, from: before.paymentStatus, to: move.payment ?? before.paymentStatus };
  await recordHistory(exec, 'job', jobId, { at: how.at, actorId: how.actorId, note: how.note ?? null, ...line });
}

/**
 * Moves one job by a declared cause, in the caller's transaction, with its history line. The caller
 * has read the job under lock and checked its own rules first (who may, what the customer is told);
 * a move the table does not allow from this state is still refused here, with 409.
 */
export async function moveJob(exec: Executor, job: JobState, cause: JobCause, how: MoveContext): Promise<JobState> {
  if (!canMove(cause, job)) {
    const move = JOB_MOVES[cause];
    throw conflict(
      move.to
        ? `A job cannot move from ${job.status} to ${move.to}.`
        : `A job whose payment is ${job.paymentStatus} cannot be marked ${move.payment}.`,
    );
  }
  await exec
    .update(jobs)
    .set({ ...changesOf(cause, job.status, how.at), ...how.also })
    .where(eq(jobs.id, job.id));
  await recordMove(exec, job.id, cause, job, how);
  const move = JOB_MOVES[cause];
  return { id: job.id, status: move.to ?? job.status, paymentStatus: move.payment ?? job.paymentStatus };
}

/**
 * Moves every job the condition picks by one declared cause, each with its history line. The
 * condition is re-checked row by row under lock by the UPDATE itself, together with the states the
 * move may start from, so a job another transaction moved a moment earlier is left alone (the hold
 * sweep, decision 150).
 */
export async function moveJobsWhere(exec: Executor, cause: JobCause, where: SQL, how: MoveContext) {
  const move = JOB_MOVES[cause];
  if (!move.to || move.from.length !== 1)
    throw new Error(`moveJobsWhere takes a status move from one status, not ${cause}`);
  const from = move.from[0]!;
  const moved = await exec
    .update(jobs)
    .set({ ...changesOf(cause, from, how.at), ...how.also })
    .where(
      and(
        eq(jobs.status, from),
        ...(move.paymentFrom ? [inArray(jobs.paymentStatus, [...move.paymentFrom])] : []),
        where,
      ),
    )
    .returning({
      id: jobs.id,
      jobNumber: jobs.jobNumber,
      scheduledDay: jobs.scheduledDay,
      timeSlot: jobs.timeSlot,
      paymentStatus: jobs.paymentStatus,
    });
  for (const job of moved)
    await recordMove(exec, job.id, cause, { status: from, paymentStatus: job.paymentStatus }, how);
  return moved;
}
