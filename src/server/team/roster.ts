import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { perthToday } from '../../shared/domain/perth-time';
import { TIME_SLOTS } from '../../shared/domain/slots';
import {
  businessDayToIso,
  closedWorkingDayMessage,
  isoToBusinessDay,
  WEEKDAY_NAMES,
  type JobToReassign,
  type LeavePeriod,
  type Roster,
} from '../../shared/schemas/roster';
import { isUuid } from '../../shared/schemas/fields';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { jobs, technicianLeave, users } from '../db/schema';
import { announceCapacityChanged } from '../slots/capacity';
import type { SessionUser } from '../http/access';
import { invalid, notFound } from '../http/errors';
import { appendAudit, type AuditRow } from '../audit/log';
import { isoWeekday } from '../jobs/assignment';

const TECHNICIAN_NOT_FOUND = 'Technician not found';

type RosterDeps = Pick<AppDeps, 'db' | 'clock' | 'settings'>;
type LeaveRow = { id: string; from: string; to: string; reason: string };

/** The technician row, or 404: an admin or an unknown id has no roster. */
async function technicianOf(exec: Executor, id: string, lock = false) {
  if (!isUuid(id)) throw notFound(TECHNICIAN_NOT_FOUND);
  const query = exec
    .select({ id: users.id, username: users.username, role: users.role, workingDays: users.workingDays })
    .from(users)
    .where(eq(users.id, id));
  const [tech] = lock ? await query.for('update') : await query;
  if (!tech || tech.role !== 'technician') throw notFound(TECHNICIAN_NOT_FOUND);
  return tech;
}

async function leaveOf(exec: Executor, technicianId: string): Promise<LeaveRow[]> {
  return exec
    .select({
      id: technicianLeave.id,
      from: technicianLeave.firstDay,
      to: technicianLeave.lastDay,
      reason: technicianLeave.reason,
    })
    .from(technicianLeave)
    .where(eq(technicianLeave.technicianId, technicianId))
    .orderBy(asc(technicianLeave.firstDay), asc(technicianLeave.lastDay));
}

/**
 * The technician's jobs still to do (new or in progress, today or later) that fall on their leave
 * or a weekday they do not work: the owner moves each to someone else (decision 310).
 */
async function jobsToReassign(
  exec: Executor,
  technicianId: string,
  workingDays: number[],
  leave: LeaveRow[],
  today: string,
): Promise<JobToReassign[]> {
  const rows = await exec
    .select({ id: jobs.id, jobNumber: jobs.jobNumber, day: jobs.scheduledDay, slot: jobs.timeSlot })
    .from(jobs)
    .where(
      and(
        eq(jobs.assignedTechnicianId, technicianId),
        inArray(jobs.status, ['new', 'in-progress']),
        gte(jobs.scheduledDay, today),
      ),
    )
    .orderBy(asc(jobs.scheduledDay), asc(jobs.jobNumber));
  const out: JobToReassign[] = [];
  for (const r of rows) {
    if (leave.some((l) => l.from <= r.day && r.day <= l.to)) out.push({ ...r, why: 'leave' });
    else if (!workingDays.includes(isoWeekday(r.day))) out.push({ ...r, why: 'day-off' });
  }
  return out.sort((a, b) =>
    a.day === b.day ? TIME_SLOTS.indexOf(a.slot) - TIME_SLOTS.indexOf(b.slot) : a.day < b.day ? -1 : 1,
  );
}

async function rosterView(
  deps: RosterDeps,
  exec: Executor,
  tech: { id: string; username: string; workingDays: number[] },
): Promise<Roster> {
  const { business } = await deps.settings.current();
  const leave = await leaveOf(exec, tech.id);
  const workingDays = [...tech.workingDays].sort((a, b) => a - b);
  return {
    technicianId: tech.id,
    username: tech.username,
    workingDays,
    leave,
    openDays: [...new Set(business.businessDays.map(businessDayToIso))].sort((a, b) => a - b),
    jobsToReassign: await jobsToReassign(exec, tech.id, workingDays, leave, perthToday(deps.clock.now())),
  };
}

export async function getRoster(deps: RosterDeps, technicianId: string): Promise<Roster> {
  return rosterView(deps, deps.db, await technicianOf(deps.db, technicianId));
}

const daysText = (days: number[]) => days.map((d) => (WEEKDAY_NAMES[d] ?? '').slice(0, 3)).join(', ');
const leaveText = (l: { from: string; to: string; reason: string }) =>
  `${l.from === l.to ? l.from : `${l.from} to ${l.to}`} (${l.reason})`;
const leaveKey = (l: { from: string; to: string; reason: string }) => `${l.from}|${l.to}|${l.reason}`;

/**
 * Replaces a technician's working weekdays and leave in one transaction, each change written to
 * the audit log with its old and new value. Working days must be days the business opens.
 */
export async function setRoster(
  deps: RosterDeps,
  actor: SessionUser,
  technicianId: string,
  body: { workingDays: number[]; leave: LeavePeriod[] },
  address?: string | null,
): Promise<Roster> {
  const { business } = await deps.settings.current();
  const closed = body.workingDays.find((d) => !business.businessDays.includes(isoToBusinessDay(d)));
  if (closed !== undefined)
    throw invalid(closedWorkingDayMessage(closed), { workingDays: closedWorkingDayMessage(closed) });
  return deps.db.transaction(async (tx) => {
    // The row lock makes two saves of one roster queue up: each replaces the whole set.
    const tech = await technicianOf(tx, technicianId, true);
    const now = deps.clock.now();
    const before = await leaveOf(tx, tech.id);
    const base = {
      at: now,
      actorId: actor.id,
      address: address ?? null,
      kind: 'user',
      subject: `user:${tech.id}`,
      label: tech.username,
    };
    const audit: AuditRow[] = [];
    const oldDays = [...tech.workingDays].sort((a, b) => a - b);
    if (daysText(oldDays) !== daysText(body.workingDays)) {
      await tx.update(users).set({ workingDays: body.workingDays, updatedAt: now }).where(eq(users.id, tech.id));
      audit.push({
        ...base,
        action: 'roster-changed',
        field: 'Working days',
        from: daysText(oldDays),
        to: daysText(body.workingDays),
      });
    }
    // The same period sent twice is one period.
    const leave = [...new Map(body.leave.map((l) => [leaveKey(l), l])).values()];
    const kept = new Set(leave.map(leaveKey));
    const had = new Set(before.map(leaveKey));
    for (const l of before)
      if (!kept.has(leaveKey(l))) audit.push({ ...base, action: 'leave-removed', field: 'Leave', from: leaveText(l) });
    for (const l of leave)
      if (!had.has(leaveKey(l))) audit.push({ ...base, action: 'leave-added', field: 'Leave', to: leaveText(l) });
    if (audit.some((a) => a.field === 'Leave')) {
      await tx.delete(technicianLeave).where(eq(technicianLeave.technicianId, tech.id));
      if (leave.length > 0) {
        await tx.insert(technicianLeave).values(
          leave.map((l) => ({
            technicianId: tech.id,
            firstDay: l.from,
            lastDay: l.to,
            reason: l.reason,
            createdAt: now,
          })),
        );
      }
    }
    await appendAudit(tx, audit);
    // Leave and days off lower a slot's capacity (decision 340): every instance's availability must hear of it.
    if (audit.length > 0) await announceCapacityChanged(tx);
    return rosterView(deps, tx, { ...tech, workingDays: body.workingDays });
  });
}
