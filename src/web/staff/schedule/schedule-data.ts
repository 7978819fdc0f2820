import { scheduleStatus, SCHEDULE_STATUSES, type ScheduleStatus } from '../../../shared/domain/job-status';
import { SLOT_START_HOUR, type TimeSlot } from '../../../shared/domain/slots';
import type { JobListItem, Technician } from '../../../shared/schemas/jobs';

/** The filter offers every schedule status but cancelled, which is shown yet not filterable (docs/product.md "Job statuses and their moves"). */
export const SCHEDULE_FILTERS = SCHEDULE_STATUSES.filter(
  (s): s is Exclude<ScheduleStatus, 'cancelled'> => s !== 'cancelled',
);

export const SCHEDULE_LABELS: Readonly<Record<ScheduleStatus, string>> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

type ScheduledJob = Pick<JobListItem, 'status' | 'assignedTechnicianId'>;

/** The admin's four cards: jobs in the period (cancelled ones aside), those nobody is assigned to yet, active technicians, jobs done. */
export function scheduleCounts(jobs: readonly ScheduledJob[], technicians: readonly Pick<Technician, 'isActive'>[]) {
  const live = jobs.filter((j) => j.status !== 'cancelled');
  return {
    total: live.length,
    unassigned: live.filter((j) => !j.assignedTechnicianId && scheduleStatus(j) !== 'completed').length,
    activeTechnicians: technicians.filter((t) => t.isActive).length,
    completed: live.filter((j) => scheduleStatus(j) === 'completed').length,
  };
}

/** Jobs by visit: day, then slot. */
export function inVisitOrder<J extends { scheduledDay: string; timeSlot: TimeSlot }>(jobs: readonly J[]): J[] {
  return [...jobs].sort((a, b) =>
    a.scheduledDay === b.scheduledDay
      ? SLOT_START_HOUR[a.timeSlot] - SLOT_START_HOUR[b.timeSlot]
      : a.scheduledDay < b.scheduledDay
        ? -1
        : 1,
  );
}

/** Whether a job is still ahead of the technician today (not yet done, not cancelled). */
export const isStillToDo = (job: Pick<JobListItem, 'status'>) => job.status === 'new' || job.status === 'in-progress';

/** The board's "Unassigned" column: jobs nobody works yet. */
export const UNASSIGNED_COLUMN = { id: null, name: 'Unassigned' } as const;
export type BoardColumn = { id: string | null; name: string };

/**
 * The board's columns for a day: every active technician, any inactive one who still holds a job
 * that day (so no job drops off the board), then "Unassigned".
 */
export function boardColumns(
  jobs: readonly Pick<JobListItem, 'technician'>[],
  technicians: readonly Pick<Technician, 'id' | 'username' | 'isActive'>[],
): BoardColumn[] {
  const columns: BoardColumn[] = technicians.filter((t) => t.isActive).map((t) => ({ id: t.id, name: t.username }));
  for (const { technician } of jobs) {
    if (technician && !columns.some((c) => c.id === technician.id))
      columns.push({ id: technician.id, name: `${technician.username} (inactive)` });
  }
  return [...columns, UNASSIGNED_COLUMN];
}

/** The jobs of one cell of the board: one slot, one column. */
export const jobsIn = <J extends Pick<JobListItem, 'timeSlot' | 'assignedTechnicianId'>>(
  jobs: readonly J[],
  slot: TimeSlot,
  column: BoardColumn,
): J[] => jobs.filter((j) => j.timeSlot === slot && (j.assignedTechnicianId ?? null) === column.id);
