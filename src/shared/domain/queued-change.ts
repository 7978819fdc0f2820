import { isIsoDay } from './perth-time';
import { isTimeSlot, type TimeSlot } from './slots';

/**
 * The headers a change queued on a technician's phone carries (docs/decisions/345-offline-day-queue.md):
 * its idempotency key, made when it was queued, and the job as the technician saw it then, so the
 * server refuses the change when the office has moved, reassigned or cancelled the job meanwhile.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const JOB_SEEN_HEADER = 'x-job-seen';

export type JobSeen = { scheduledDay: string; timeSlot: TimeSlot; technicianId: string | null };

/** "2026-12-01;10-12 AM;<technician id>", URI-encoded so any header parser keeps it whole. */
export function encodeJobSeen(seen: JobSeen): string {
  return encodeURIComponent([seen.scheduledDay, seen.timeSlot, seen.technicianId ?? ''].join(';'));
}

export function decodeJobSeen(value: string): JobSeen | null {
  let text: string;
  try {
    text = decodeURIComponent(value);
  } catch {
    return null;
  }
  const [scheduledDay, timeSlot, technicianId, ...rest] = text.split(';');
  if (rest.length || scheduledDay === undefined || timeSlot === undefined || technicianId === undefined) return null;
  if (!isIsoDay(scheduledDay) || !isTimeSlot(timeSlot) || technicianId.length > 64) return null;
  return { scheduledDay, timeSlot, technicianId: technicianId || null };
}

/** A UUID as crypto.randomUUID makes it. */
export const IDEMPOTENCY_KEY_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
