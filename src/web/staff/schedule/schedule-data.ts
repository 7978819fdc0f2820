import { scheduleStatus, SCHEDULE_STATUSES, type ScheduleStatus } from '../../../shared/domain/job-status';
import { SLOT_START_HOUR, type TimeSlot } from '../../../shared/domain/slots';
import type { JobListItem, Technician } from '../../../shared/schemas/jobs';

/** The filter offers every schedule status but cancelled, which is shown yet not filterable (docs/product.md "Job statuses and their moves"). */
export const SCHEDULE_FILTERS = SCHEDULE_STATUSES.filter((s): s is Exclude<ScheduleStatus, 'cancelled'> => s !== 'cancelled');

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
  return [...jobs].sort((a, b) => (a.scheduledDay === b.scheduledDay ? SLOT_START_HOUR[a.timeSlot] - SLOT_START_HOUR[b.timeSlot] : a.scheduledDay < b.scheduledDay ? -1 : 1));
}

/** Whether a job is still ahead of the technician today (not yet done, not cancelled). */
export const isStillToDo = (job: Pick<JobListItem, 'status'>) => job.status === 'new' || job.status === 'in-progress';

type Place = Pick<JobListItem, 'address' | 'suburb' | 'postcode'>;

/** "12 Example Street, Joondalup WA 6027": enough for a map to find, without repeating a suburb the address already names. */
export function stopAddress({ address, suburb, postcode }: Place): string {
  const street = address.trim();
  const place = [suburb.trim(), 'WA', postcode.trim()].filter(Boolean).join(' ');
  if (street.toLowerCase().includes(suburb.trim().toLowerCase()) && suburb.trim()) return `${street} ${postcode.trim()}`.trim();
  return street ? `${street}, ${place}` : place;
}

/**
 * One Google Maps link for the day's run: directions from wherever the phone is, through each stop in
 * slot order, to the last one (Maps URLs, `api=1`; waypoints separated by "|"). Null with no stops.
 */
export function dayRouteUrl(stops: readonly Place[]): string | null {
  if (stops.length === 0) return null;
  const addresses = stops.map(stopAddress);
  const params = new URLSearchParams({ api: '1', destination: addresses[addresses.length - 1]!, travelmode: 'driving' });
  if (addresses.length > 1) params.set('waypoints', addresses.slice(0, -1).join('|'));
  return `https://www.google.com/maps/dir/?${params.toString()}`;
}
