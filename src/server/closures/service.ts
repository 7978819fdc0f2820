import { and, asc, count, desc, eq, gte, lt, lte, ne, not, sql } from 'drizzle-orm';
import { CLOSURE_IN_PAST, closureLabel } from '../../shared/domain/closures';
import { compareDays, perthToday } from '../../shared/domain/perth-time';
import { formatVisit, type TimeSlot } from '../../shared/domain/slots';
import {
  CLOSURE_NOT_FOUND,
  type Closure,
  type ClosureCreated,
  type ClosureJobChoice,
  type JobOnClosedDay,
} from '../../shared/schemas/closures';
import { pgErrorCode, type Executor } from '../db/client';
import { businessClosures, jobs, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { recordSettingChanges } from '../history/history';
import { isLapsedHold } from '../holds/service';
import type { SessionUser } from '../http/access';
import { AppError, conflict, invalid, notFound } from '../http/errors';
import { cancelJobIn } from '../jobs/moves';
import { assertWithinSchedulingHorizon } from '../slots/horizon';
import { SCHEDULE_BUSY_MESSAGE } from '../slots/staff-service';

/**
 * The owner's closures (docs/decisions/287-closures-in-the-business-calendar.md and
 * 288-closing-days-that-hold-jobs.md): days shut beyond the opening days, each add and removal
 * recorded in the settings history (decision 280).
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'outbox' | 'payments' | 'log'>;
type Row = typeof businessClosures.$inferSelect;
const LOCK_NOT_AVAILABLE = '55P03';

const subjectOf = (id: string) => `closure:${id}` as const;

/** Live jobs between two days as the owner must see them: not cancelled, and not an unpaid hold past its time. */
async function liveJobsBetween(exec: Executor, from: string, to: string, now: Date): Promise<JobOnClosedDay[]> {
  const rows = await exec
    .select({
      id: jobs.id,
      jobNumber: jobs.jobNumber,
      day: jobs.scheduledDay,
      slot: jobs.timeSlot,
      customer: jobs.contactName,
      status: jobs.status,
    })
    .from(jobs)
    .where(
      and(
        gte(jobs.scheduledDay, from),
        lte(jobs.scheduledDay, to),
        ne(jobs.status, 'cancelled'),
        not(isLapsedHold(now)),
      ),
    )
    .orderBy(asc(jobs.scheduledDay), asc(jobs.scheduledDate));
  return rows.map((r) => ({ ...r, slot: r.slot as TimeSlot }));
}

async function toWire(exec: Executor, rows: (Row & { createdByName: string | null })[], now: Date): Promise<Closure[]> {
  return Promise.all(
    rows.map(async (r) => {
      const [live] = await exec
        .select({ n: count() })
        .from(jobs)
        .where(
          and(
            gte(jobs.scheduledDay, r.firstDay),
            lte(jobs.scheduledDay, r.lastDay),
            ne(jobs.status, 'cancelled'),
            not(isLapsedHold(now)),
          ),
        );
      return {
        id: r.id,
        firstDay: r.firstDay,
        lastDay: r.lastDay,
        reason: r.reason,
        label: closureLabel(r.firstDay, r.lastDay),
        liveJobs: live?.n ?? 0,
        createdAt: r.createdAt.toISOString(),
        createdBy: r.createdByName,
      };
    }),
  );
}

const withCreator = (exec: Executor) =>
  exec
    .select({
      id: businessClosures.id,
      firstDay: businessClosures.firstDay,
      lastDay: businessClosures.lastDay,
      reason: businessClosures.reason,
      createdAt: businessClosures.createdAt,
      createdBy: businessClosures.createdBy,
      createdByName: users.username,
    })
    .from(businessClosures)
    .leftJoin(users, eq(users.id, businessClosures.createdBy));

/** GET /api/dashboard/closures: the closures that have not ended, first day first; the ended ones after, latest first, when asked. */
export async function listClosures(deps: Pick<Deps, 'db' | 'clock'>, opts: { past: boolean }): Promise<Closure[]> {
  const now = deps.clock.now();
  const today = perthToday(now);
  const upcoming = await withCreator(deps.db)
    .where(gte(businessClosures.lastDay, today))
    .orderBy(asc(businessClosures.firstDay));
  const ended = opts.past
    ? await withCreator(deps.db).where(lt(businessClosures.lastDay, today)).orderBy(desc(businessClosures.firstDay))
    : [];
  return toWire(deps.db, [...upcoming, ...ended], now);
}

function jobLine(j: JobOnClosedDay): string {
  return `${j.jobNumber} (${formatVisit(j.day, j.slot)}, ${j.customer})`;
}

/**
 * POST /api/dashboard/closures. Refused when it starts before Perth's today, ends before it starts,
 * ends beyond the staff scheduling horizon (decision 256) or overlaps another closure (named).
 * Days holding live jobs are never closed silently: without `jobs` the answer is 409 listing them.
 */
export async function createClosure(
  deps: Deps,
  user: SessionUser,
  body: { firstDay: string; lastDay?: string | null; reason: string; jobs?: ClosureJobChoice },
): Promise<ClosureCreated> {
  const now = deps.clock.now();
  const firstDay = body.firstDay;
  const lastDay = body.lastDay ?? firstDay;
  // Today may still be closed (the owner falls ill in the morning); yesterday is history.
  if (compareDays(firstDay, perthToday(now)) < 0) throw invalid(CLOSURE_IN_PAST, { firstDay: CLOSURE_IN_PAST });
  assertWithinSchedulingHorizon(now, lastDay, 'lastDay');
  const label = closureLabel(firstDay, lastDay);
  let created: { row: Row; kept: string[]; cancelled: string[] };
  try {
    created = await deps.db.transaction(async (tx) => {
      // Held until commit, as a slot block holds it (decision 195): no booking lands on these days
      // between the check below and the commit, and two closures cannot overlap by racing.
      await tx.execute(sql`set local lock_timeout = '5s'`);
      await tx.execute(sql`lock table ${jobs} in exclusive mode`);
      await tx.execute(sql`lock table ${businessClosures} in share row exclusive mode`);
      const [overlap] = await tx
        .select()
        .from(businessClosures)
        .where(and(lte(businessClosures.firstDay, lastDay), gte(businessClosures.lastDay, firstDay)))
        .orderBy(asc(businessClosures.firstDay))
        .limit(1);
      if (overlap) {
        throw conflict(
          `These days overlap ${closureLabel(overlap.firstDay, overlap.lastDay)} (${overlap.reason}). Change that closure's days or reopen it first.`,
          {
            closureId: overlap.id,
          },
        );
      }
      const live = await liveJobsBetween(tx, firstDay, lastDay, now);
      if (live.length > 0 && !body.jobs) {
        const what = live.length === 1 ? '1 booked job' : `${live.length} booked jobs`;
        throw conflict(
          `These days hold ${what}: ${live.map(jobLine).join('; ')}. Keep them, or cancel them with the policy refund.`,
          { jobs: live },
        );
      }
      const [row] = await tx
        .insert(businessClosures)
        .values({ firstDay, lastDay, reason: body.reason, createdAt: now, createdBy: user.id })
        .returning();
      const cancelling = body.jobs === 'cancel' ? live : [];
      for (const job of cancelling) await cancelJobIn(tx, deps, user, job.id, { reason: body.reason }, now);
      const numbers = live.map((j) => j.jobNumber).join(', ');
      await recordSettingChanges(tx, [
        {
          subject: subjectOf(row!.id),
          label,
          at: now,
          actorId: user.id,
          kind: 'created',
          to: body.reason,
          note:
            live.length === 0
              ? null
              : body.jobs === 'cancel'
                ? `Cancelled ${numbers} with the policy refund`
                : `Kept ${numbers}`,
        },
      ]);
      const numbersOf = (list: JobOnClosedDay[]) => list.map((j) => j.jobNumber);
      return { row: row!, kept: body.jobs === 'cancel' ? [] : numbersOf(live), cancelled: numbersOf(cancelling) };
    });
  } catch (err) {
    if (pgErrorCode(err) === LOCK_NOT_AVAILABLE) throw new AppError('UNAVAILABLE', SCHEDULE_BUSY_MESSAGE);
    throw err;
  }
  if (created.cancelled.length > 0) deps.outbox.kick();
  const [closure] = await toWire(deps.db, [{ ...created.row, createdByName: user.username }], now);
  return { closure: closure!, keptJobs: created.kept, cancelledJobs: created.cancelled };
}

/** DELETE /api/dashboard/closures/{id}: the days open again (bookable where the opening days and holidays allow). */
export async function removeClosure(deps: Pick<Deps, 'db' | 'clock'>, user: SessionUser, id: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(businessClosures).where(eq(businessClosures.id, id)).returning();
    if (!row) throw notFound(CLOSURE_NOT_FOUND);
    await recordSettingChanges(tx, [
      {
        subject: subjectOf(row.id),
        label: closureLabel(row.firstDay, row.lastDay),
        at: now,
        actorId: user.id,
        kind: 'removed',
        from: row.reason,
      },
    ]);
  });
}
