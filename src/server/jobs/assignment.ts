import { and, asc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { dayOfWeek, formatDayLong } from '../../shared/domain/perth-time';
import { slotWindowLabel, TIME_SLOTS, type TimeSlot } from '../../shared/domain/slots';
import { findSuburbByName } from '../../shared/reference/service-area';
import { businessDayToIso } from '../../shared/schemas/roster';
import type { JobDetail } from '../../shared/schemas/jobs';
import { isUuid } from '../../shared/schemas/fields';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { jobs, technicianLeave, users } from '../db/schema';
import { techniciansOn, type DayTechnician } from '../slots/capacity';
import type { SessionUser } from '../http/access';
import { conflict, invalid, notFound } from '../http/errors';
import { recordJobEvent, type JobEventInput } from './history';
import { assertMayView, getJobDetail, JOB_NOT_FOUND } from './service';

/**
 * Who may do a job, in one place (docs/decisions/311-assignment-rules-and-automatic-assignment.md):
 * a technician is never given two live jobs in one slot, nor a job on a weekday they do not work
 * or a day of their leave. The job dialog's assign and the automatic assignment of a new booking
 * both go through here.
 */

type Job = typeof jobs.$inferSelect;
type Technician = Pick<typeof users.$inferSelect, 'id' | 'username' | 'workingDays'>;
type Slot = { id: string; scheduledDay: string; timeSlot: TimeSlot };

/** "Tue 1 Dec" */
function shortDay(day: string): string {
  const [weekday = '', d = '', month = ''] = formatDayLong(day).split(' ');
  return `${weekday.slice(0, 3)} ${d} ${month.slice(0, 3)}`;
}

/** The ISO weekday (1 = Monday .. 7 = Sunday) of a day, as rosters number them. */
export const isoWeekday = (day: string): number => businessDayToIso(dayOfWeek(day));

/**
 * Assignments in one slot on one day happen one at a time (a transaction-scoped lock), so two
 * bookings made at the same moment never both pick the same free technician. As an SQL
 * expression for a caller that takes it in a statement it makes anyway (the booking,
 * docs/decisions/396-fast-quote.md).
 */
export function slotAssignmentLock(day: string, slot: TimeSlot): SQL {
  return sql`pg_advisory_xact_lock(7301003, hashtext(${`${day} ${slot}`}))`;
}

async function lockSlotAssignments(tx: Executor, day: string, slot: TimeSlot): Promise<void> {
  await tx.execute(sql`select ${slotAssignmentLock(day, slot)}`);
}

/** Why `tech` cannot take `job`, in words naming the clash, or null when they can. */
async function rosterClash(exec: Executor, tech: Technician, job: Slot): Promise<string | null> {
  const [leave] = await exec
    .select({ reason: technicianLeave.reason })
    .from(technicianLeave)
    .where(
      and(
        eq(technicianLeave.technicianId, tech.id),
        lte(technicianLeave.firstDay, job.scheduledDay),
        gte(technicianLeave.lastDay, job.scheduledDay),
      ),
    )
    .limit(1);
  if (leave) return `${tech.username} is on leave on ${shortDay(job.scheduledDay)} (${leave.reason})`;
  if (!tech.workingDays.includes(isoWeekday(job.scheduledDay)))
    return `${tech.username} does not work on ${shortDay(job.scheduledDay)}`;
  const [other] = await exec
    .select({ jobNumber: jobs.jobNumber })
    .from(jobs)
    .where(
      and(
        eq(jobs.assignedTechnicianId, tech.id),
        eq(jobs.scheduledDay, job.scheduledDay),
        eq(jobs.timeSlot, job.timeSlot),
        ne(jobs.status, 'cancelled'),
        ne(jobs.id, job.id),
      ),
    )
    .limit(1);
  if (other)
    return `${tech.username} already has ${other.jobNumber} in ${slotWindowLabel(job.timeSlot)} on ${shortDay(job.scheduledDay)}`;
  return null;
}

/**
 * Assigns an active technician, or null to unassign (docs/product.md "Roles and permissions"),
 * refusing with 409 an assignment that clashes with the technician's roster or another job.
 */
export async function assignJob(
  deps: Pick<AppDeps, 'db' | 'clock' | 'settings'>,
  user: SessionUser,
  jobId: string,
  technicianId: string | null,
): Promise<JobDetail> {
  await deps.db.transaction(async (tx) => {
    if (!isUuid(jobId)) throw notFound(JOB_NOT_FOUND);
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
    if (!job) throw notFound(JOB_NOT_FOUND);
    assertMayView(user, job);
    if (job.status === 'cancelled') throw conflict('A cancelled job cannot be assigned.');
    let to: string | null = null;
    if (technicianId !== null) {
      const [tech] = isUuid(technicianId) ? await tx.select().from(users).where(eq(users.id, technicianId)) : [];
      if (!tech || tech.role !== 'technician' || !tech.isActive)
        throw invalid('Choose an active technician.', { technicianId: 'Choose an active technician.' });
      to = tech.username;
      if (job.assignedTechnicianId === technicianId) return;
      await lockSlotAssignments(tx, job.scheduledDay, job.timeSlot);
      const clash = await rosterClash(tx, tech, job);
      if (clash) throw conflict(clash);
    }
    if (job.assignedTechnicianId === technicianId) return;
    const [previous] = job.assignedTechnicianId
      ? await tx.select({ username: users.username }).from(users).where(eq(users.id, job.assignedTechnicianId))
      : [];
    const now = deps.clock.now();
    await tx.update(jobs).set({ assignedTechnicianId: technicianId, updatedAt: now }).where(eq(jobs.id, job.id));
    await recordJobEvent(tx, {
      jobId: job.id,
      at: now,
      actorId: user.id,
      kind: 'assignment',
      from: previous?.username ?? null,
      to,
    });
  });
  return getJobDetail(deps, user, jobId);
}

type Candidate = Technician & { jobsThatDay: Omit<DayJob, 'technicianId'>[] };

/**
 * Gives a new booking to a technician at once, in the booking's transaction: an active technician
 * who works that weekday, is not on leave and is free in that slot; first one whose other jobs
 * that day are in the same region, then the one with the fewest jobs that day, then by username.
 * Nobody free leaves the job unassigned, as a business without technicians has always been.
 */
export async function assignOnBooking(tx: Executor, job: BookedJob, now: Date): Promise<void> {
  const line = await assignNewBooking(tx, job, now, {
    technicians: await techniciansOn(tx, job.scheduledDay),
    locked: false,
  });
  if (line) await recordJobEvent(tx, line);
}

type BookedJob = Pick<Job, 'id' | 'scheduledDay' | 'timeSlot' | 'suburb'>;

/** A job a technician has on the day of the booking: what the preference order reads. */
export type DayJob = { technicianId: string | null; jobNumber: string; timeSlot: string; suburb: string };

const dayJobsWhere = (job: BookedJob, technicianIds: string[]) =>
  and(
    inArray(jobs.assignedTechnicianId, technicianIds),
    eq(jobs.scheduledDay, job.scheduledDay),
    ne(jobs.status, 'cancelled'),
    ne(jobs.id, job.id),
  );

/**
 * The jobs the free technicians of `technicians` have that day, as an SQL expression (a JSON
 * array of DayJob, by job number), for a booking that reads them in a statement it makes anyway,
 * after the slot's assignment lock (docs/decisions/396-fast-quote.md).
 */
export function dayJobsOf(job: BookedJob, technicians: readonly DayTechnician[]): SQL<DayJob[]> {
  const ids = technicians.filter((t) => !t.away).map((t) => t.id);
  if (ids.length === 0) return sql<DayJob[]>`'[]'::json`;
  return sql<DayJob[]>`coalesce((select json_agg(json_build_object(
      'technicianId', ${jobs.assignedTechnicianId}, 'jobNumber', ${jobs.jobNumber},
      'timeSlot', ${jobs.timeSlot}, 'suburb', ${jobs.suburb}) order by ${jobs.jobNumber})
    from ${jobs} where ${dayJobsWhere(job, ids)}), '[]'::json)`;
}

/**
 * The same for a booking that has read the day's technicians already (slots/capacity.ts) and,
 * since its insert, taken the slot's assignment lock (slotAssignmentLock) and read their jobs that
 * day (dayJobsOf): the job is given to its technician, and the history line saying so is returned
 * for the booking to record with its own first line, in one statement
 * (docs/decisions/396-fast-quote.md); null when nobody is free.
 */
export async function assignNewBooking(
  tx: Executor,
  job: BookedJob,
  now: Date,
  known: { technicians: readonly DayTechnician[]; locked: boolean; dayJobs?: readonly DayJob[] },
): Promise<JobEventInput | null> {
  const free = known.technicians.filter((t) => !t.away);
  if (free.length === 0) return null;
  if (!known.locked) await lockSlotAssignments(tx, job.scheduledDay, job.timeSlot);
  const dayJobs =
    known.dayJobs ??
    (await tx
      .select({
        technicianId: jobs.assignedTechnicianId,
        jobNumber: jobs.jobNumber,
        timeSlot: jobs.timeSlot,
        suburb: jobs.suburb,
      })
      .from(jobs)
      .where(
        dayJobsWhere(
          job,
          free.map((t) => t.id),
        ),
      )
      .orderBy(asc(jobs.jobNumber)));
  const candidates: Candidate[] = free
    .map((t) => ({
      id: t.id,
      username: t.username,
      workingDays: t.workingDays,
      jobsThatDay: dayJobs.filter((j) => j.technicianId === t.id),
    }))
    .filter((t) => !t.jobsThatDay.some((j) => j.timeSlot === job.timeSlot));
  const chosen = chooseTechnician(candidates, job);
  if (!chosen) return null;
  await tx.update(jobs).set({ assignedTechnicianId: chosen.technician.id, updatedAt: now }).where(eq(jobs.id, job.id));
  return {
    jobId: job.id,
    at: now,
    actorId: null,
    kind: 'assignment',
    from: null,
    to: chosen.technician.username,
    note: `auto: ${chosen.why}`,
  };
}

const regionOf = (suburb: string) => findSuburbByName(suburb)?.region ?? null;

/** The preference order of automatic assignment, with the reason the history gives. */
function chooseTechnician(
  candidates: Candidate[],
  job: Pick<Job, 'suburb' | 'timeSlot'>,
): { technician: Candidate; why: string } | null {
  if (candidates.length === 0) return null;
  const region = regionOf(job.suburb);
  // The nearest job in the day: the same region's job closest in slot order is the one named.
  const slotIndex = (slot: string) => TIME_SLOTS.indexOf(slot as TimeSlot);
  const sameRegionJob = (t: Candidate) =>
    region === null
      ? undefined
      : t.jobsThatDay
          .filter((j) => regionOf(j.suburb) === region)
          .sort(
            (a, b) =>
              Math.abs(slotIndex(a.timeSlot) - slotIndex(job.timeSlot)) -
              Math.abs(slotIndex(b.timeSlot) - slotIndex(job.timeSlot)),
          )[0];
  const ranked = candidates
    .map((t) => ({ t, near: sameRegionJob(t) }))
    .sort(
      (a, b) =>
        Number(Boolean(b.near)) - Number(Boolean(a.near)) ||
        a.t.jobsThatDay.length - b.t.jobsThatDay.length ||
        (a.t.username < b.t.username ? -1 : a.t.username > b.t.username ? 1 : 0),
    );
  const best = ranked[0]!;
  if (best.near) return { technician: best.t, why: `same region as ${best.near.jobNumber}` };
  if (candidates.length === 1) return { technician: best.t, why: 'the only technician free in that slot' };
  return { technician: best.t, why: 'fewest jobs that day' };
}

/**
 * After a job moves to another slot: its technician keeps it when the rules allow; otherwise it is
 * unassigned, with the clash as the history's note, and given to whoever is free, as a new booking.
 */
export async function keepAssignmentAfterMove(
  tx: Executor,
  moved: Job,
  actorId: string | null,
  now: Date,
): Promise<void> {
  if (moved.assignedTechnicianId === null) return;
  const [tech] = await tx
    .select({ id: users.id, username: users.username, workingDays: users.workingDays })
    .from(users)
    .where(eq(users.id, moved.assignedTechnicianId));
  if (!tech) return;
  await lockSlotAssignments(tx, moved.scheduledDay, moved.timeSlot);
  const clash = await rosterClash(tx, tech, moved);
  if (!clash) return;
  await tx.update(jobs).set({ assignedTechnicianId: null, updatedAt: now }).where(eq(jobs.id, moved.id));
  await recordJobEvent(tx, {
    jobId: moved.id,
    at: now,
    actorId,
    kind: 'assignment',
    from: tech.username,
    to: null,
    note: clash,
  });
  await assignOnBooking(tx, moved, now);
}
