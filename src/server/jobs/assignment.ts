import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { dayOfWeek, formatDayLong } from '../../shared/domain/perth-time';
import { slotWindowLabel, TIME_SLOTS, type TimeSlot } from '../../shared/domain/slots';
import { findSuburbByName } from '../../shared/reference/service-area';
import { businessDayToIso } from '../../shared/schemas/roster';
import type { JobDetail } from '../../shared/schemas/jobs';
import { isUuid } from '../../shared/schemas/fields';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { jobs, technicianLeave, users } from '../db/schema';
import type { SessionUser } from '../http/access';
import { conflict, invalid, notFound } from '../http/errors';
import { recordJobEvent } from './history';
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
 * bookings made at the same moment never both pick the same free technician.
 */
async function lockSlotAssignments(tx: Executor, day: string, slot: TimeSlot): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7301003, hashtext(${`${day} ${slot}`}))`);
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
  deps: Pick<AppDeps, 'db' | 'clock'>,
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

type Candidate = Technician & { jobsThatDay: { jobNumber: string; timeSlot: string; suburb: string }[] };

/**
 * Gives a new booking to a technician at once, in the booking's transaction: an active technician
 * who works that weekday, is not on leave and is free in that slot; first one whose other jobs
 * that day are in the same region, then the one with the fewest jobs that day, then by username.
 * Nobody free leaves the job unassigned, as a business without technicians has always been.
 */
export async function assignOnBooking(tx: Executor, job: Job, now: Date): Promise<void> {
  const active = await tx
    .select({ id: users.id, username: users.username, workingDays: users.workingDays })
    .from(users)
    .where(and(eq(users.role, 'technician'), eq(users.isActive, true)))
    .orderBy(asc(users.username));
  const working = active.filter((t) => t.workingDays.includes(isoWeekday(job.scheduledDay)));
  if (working.length === 0) return;
  const ids = working.map((t) => t.id);
  const onLeave = new Set(
    (
      await tx
        .select({ id: technicianLeave.technicianId })
        .from(technicianLeave)
        .where(
          and(
            inArray(technicianLeave.technicianId, ids),
            lte(technicianLeave.firstDay, job.scheduledDay),
            gte(technicianLeave.lastDay, job.scheduledDay),
          ),
        )
    ).map((r) => r.id),
  );
  await lockSlotAssignments(tx, job.scheduledDay, job.timeSlot);
  const dayJobs = await tx
    .select({
      technicianId: jobs.assignedTechnicianId,
      jobNumber: jobs.jobNumber,
      timeSlot: jobs.timeSlot,
      suburb: jobs.suburb,
    })
    .from(jobs)
    .where(
      and(
        inArray(jobs.assignedTechnicianId, ids),
        eq(jobs.scheduledDay, job.scheduledDay),
        ne(jobs.status, 'cancelled'),
        ne(jobs.id, job.id),
      ),
    )
    .orderBy(asc(jobs.jobNumber));
  const candidates: Candidate[] = working
    .filter((t) => !onLeave.has(t.id))
    .map((t) => ({ ...t, jobsThatDay: dayJobs.filter((j) => j.technicianId === t.id) }))
    .filter((t) => !t.jobsThatDay.some((j) => j.timeSlot === job.timeSlot));
  const chosen = chooseTechnician(candidates, job);
  if (!chosen) return;
  await tx.update(jobs).set({ assignedTechnicianId: chosen.technician.id, updatedAt: now }).where(eq(jobs.id, job.id));
  await recordJobEvent(tx, {
    jobId: job.id,
    at: now,
    actorId: null,
    kind: 'assignment',
    from: null,
    to: chosen.technician.username,
    note: `auto: ${chosen.why}`,
  });
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
  await assignOnBooking(tx, { ...moved, assignedTechnicianId: null }, now);
}
