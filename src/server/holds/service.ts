import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Db, Executor } from '../db/client';
import { bookingHolds, jobs } from '../db/schema';
import { moveJobsWhere } from '../jobs/lifecycle';
import { every, type Periodic } from '../scheduler/every';
import type { TimeSlot } from '../../shared/domain/slots';

/**
 * The jobs (in a query over `jobs`) that are unpaid prepaid holds past their time: they no longer
 * hold their slot, whether or not the sweep has cancelled them yet (decision 150). The sweep and
 * the availability rule (slots/service.ts) share this one condition.
 */
export function isLapsedHold(now: Date): SQL {
  return and(
    eq(jobs.paymentMethod, 'prepaid'),
    ne(jobs.paymentStatus, 'paid'),
    eq(jobs.status, 'new'),
    sql`exists (select 1 from ${bookingHolds} where ${bookingHolds.jobId} = ${jobs.id} and ${bookingHolds.expiresAt} <= ${now.toISOString()}::timestamptz)`,
  )!;
}

/**
 * Whether a job of the slot is a lapsed hold still holding its place (isLapsedHold), as an SQL
 * expression, for a booking that asks it in a statement it makes anyway: only then does it cancel
 * such holds (cancelExpiredHolds) before taking a place (docs/decisions/396-fast-quote.md).
 */
export function lapsedHoldIn(where: { scheduledDay: string; timeSlot: TimeSlot }, now: Date): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${jobs} where ${and(eq(jobs.scheduledDay, where.scheduledDay), eq(jobs.timeSlot, where.timeSlot), isLapsedHold(now))})`;
}

/**
 * An unpaid prepaid job whose hold has lapsed becomes cancelled (docs/product.md "Payments",
 * decision 150), which frees its place in the slot (the places index ignores cancelled jobs, decision 302). The hold
 * row stays, so a payment that still arrives can find its job (see payments/service.ts). The WHERE
 * is re-checked row by row under lock, so a payment committed a moment earlier wins.
 */
export async function cancelExpiredHolds(db: Executor, now: Date, only?: { scheduledDay: string; timeSlot: TimeSlot }) {
  const where = and(
    isLapsedHold(now),
    ...(only ? [eq(jobs.scheduledDay, only.scheduledDay), eq(jobs.timeSlot, only.timeSlot)] : []),
  )!;
  return moveJobsWhere(db, 'hold-lapsed', where, { at: now, actorId: null, note: HOLD_LAPSED_NOTE });
}

/** The history line of a job whose hold lapsed, so staff see why it was cancelled. */
const HOLD_LAPSED_NOTE = 'Not paid within the hold time; the slot was freed';

export const HOLD_REPLACED_NOTE = 'Replaced by a new booking from the same customer; the slot was freed';

/**
 * The customer's own unpaid hold that their new booking replaces, named by its checkout token, is
 * cancelled as a lapsed one is, in the new booking's transaction before it counts holds and places
 * (docs/decisions/441-a-new-quote-replaces-your-own-hold.md). Another customer's, a paid one or one
 * already ended is left as it is.
 */
export async function releaseReplacedHold(tx: Executor, token: string, customerId: string, now: Date) {
  const where = and(
    eq(jobs.customerId, customerId),
    eq(jobs.paymentMethod, 'prepaid'),
    ne(jobs.paymentStatus, 'paid'),
    eq(jobs.status, 'new'),
    sql`${jobs.id} = (select ${bookingHolds.jobId} from ${bookingHolds} where ${bookingHolds.token} = ${token})`,
  )!;
  return moveJobsWhere(tx, 'hold-lapsed', where, { at: now, actorId: null, note: HOLD_REPLACED_NOTE });
}

export type HoldSweepDeps = { db: Executor; clock: Clock; log?: FastifyBaseLogger };

/** The advisory lock that lets one instance at a time sweep (decision 222); other keys: 7301001, 7301002. */
const HOLD_SWEEP_LOCK = 7301003;

/**
 * One pass of the periodic sweep; tests call it directly with a pinned clock. The scheduler gives
 * each tick to one instance (decision 393); a pass also runs only where it gets the sweep's advisory
 * lock for its transaction, so passes started together some other way do the work once, and the
 * others return nothing at once (decision 222). The UPDATE's row-by-row re-check still means a hold
 * could never be cancelled twice; the lock means one instance does the work and logs it.
 */
export async function sweepExpiredHolds(deps: HoldSweepDeps) {
  return deps.db.transaction(async (tx) => {
    const lock = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${HOLD_SWEEP_LOCK}) as locked`,
    );
    if (!lock.rows[0]?.locked) {
      deps.log?.debug('Hold sweep skipped: another instance is sweeping');
      return [];
    }
    const released = await cancelExpiredHolds(tx, deps.clock.now());
    for (const job of released) {
      deps.log?.info(
        { jobId: job.id, jobNumber: job.jobNumber, day: job.scheduledDay, slot: job.timeSlot },
        'Unpaid booking hold expired; job cancelled and slot freed',
      );
    }
    return released;
  });
}

/**
 * Starts the periodic sweep, every HOLD_SWEEP_SECONDS (a minute by default, as the hold time is
 * counted in minutes: docs/product.md "Time slots and business days"), on the one scheduler: each
 * tick in one instance (docs/decisions/393-one-scheduler.md). Its stop waits for a pass in progress.
 */
export function startHoldSweep(deps: { db: Db; clock: Clock; log: FastifyBaseLogger }, intervalMs: number): Periodic {
  return every({
    name: 'hold-sweep',
    intervalMs,
    log: deps.log,
    claimIn: deps.db,
    run: () => sweepExpiredHolds(deps),
  });
}
