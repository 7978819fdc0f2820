import { holidayName } from '../../../shared/domain/business-days';
import { addDays, dayOfWeek, formatDayLong, isIsoDay } from '../../../shared/domain/perth-time';
import { slotWindowLabel, type TimeSlot } from '../../../shared/domain/slots';
import type { StaffSlotDay } from '../../../shared/schemas/slots';

/** How many weeks the Time-slots tab shows at once ("the coming weeks"). */
export const WEEKS_SHOWN = 4;
export const DAYS_SHOWN = WEEKS_SHOWN * 7;

/** The Monday of the (Perth) week a day falls in. */
export function mondayOf(day: string): string {
  return addDays(day, -((dayOfWeek(day) + 6) % 7));
}

/** The first day the calendar shows: the Monday of `?from=` when it is a real day, else of this Perth week. */
export function calendarStart(fromParam: string | null, today: string): string {
  return mondayOf(fromParam && isIsoDay(fromParam) ? fromParam : today);
}

/** "Tue 24 Nov" */
export function shortDay(day: string): string {
  const [weekday = '', d = '', month = ''] = formatDayLong(day).split(' ');
  return `${weekday.slice(0, 3)} ${d} ${month.slice(0, 3)}`;
}

/** "8 am - 10 am on Tue 24 Nov": how a slot is named in buttons, dialogs and toasts. */
export function slotOnDay(day: string, slot: TimeSlot): string {
  return `${slotWindowLabel(slot)} on ${shortDay(day)}`;
}

/** Why a closed day is closed, in words: "Closed" or "Public holiday: Christmas Day". */
export function closedLabel(day: StaffSlotDay): string | null {
  if (!day.closedReason) return null;
  const holiday = holidayName(day.date);
  return day.closedReason === 'Public holiday' && holiday ? `Public holiday: ${holiday}` : day.closedReason;
}

export function groupByWeek(days: StaffSlotDay[]): StaffSlotDay[][] {
  const weeks: StaffSlotDay[][] = [];
  for (const day of days) {
    const last = weeks[weeks.length - 1];
    if (last && mondayOf(last[0]!.date) === mondayOf(day.date)) last.push(day);
    else weeks.push([day]);
  }
  return weeks;
}

export const canBlockDay = (day: StaffSlotDay) =>
  day.closedReason === null && day.slots.some((s) => s.state === 'free');
export const canUnblockDay = (day: StaffSlotDay) => day.slots.some((s) => s.state === 'blocked');
/** A day with nothing left to act on or look at: every slot has passed and none holds a job. */
export const isSpentDay = (day: StaffSlotDay) => day.slots.every((s) => s.state === 'passed' && s.jobs.length === 0);
/** A phone shows a closed or spent day as one line. */
export const isFoldedDay = (day: StaffSlotDay) => day.closedReason !== null || isSpentDay(day);

/**
 * The room (rem) a phone's day card keeps until it is first drawn (card-in-long-list). It errs
 * large, so all the card holds fits in it (docs/decisions/390-long-lists-drawn-near-the-screen.md):
 * - a folded day: a line or two;
 * - an open day: its four slots, plus each job's link and two lines, plus each block reason's lines
 *   at twenty characters a line (under the badge, beside the slot's time, on a 360 px phone).
 */
export function dayCardRoom(day: StaffSlotDay): number {
  if (isFoldedDay(day)) return 5;
  const jobs = day.slots.reduce((n, s) => n + s.jobs.length, 0);
  const reasonLines = day.slots.reduce(
    (n, s) => n + (s.state === 'blocked' && s.reason ? Math.ceil(s.reason.length / 20) : 0),
    0,
  );
  return 20 + 6 * jobs + 1.5 * reasonLines;
}

/** What blocking a whole day did, for its toast: "3 slots blocked on Tue 24 Nov. JOB-10001 keeps its booking." */
export function dayBlockedSummary(day: StaffSlotDay, reason: string): string {
  const blocked = day.slots.filter((s) => s.state === 'blocked' && s.reason === reason).length;
  const kept = day.slots.flatMap((s) =>
    s.state === 'booked' || s.state === 'partly' ? s.jobs.map((j) => j.jobNumber) : [],
  );
  const first = `${blocked} ${blocked === 1 ? 'slot' : 'slots'} blocked on ${shortDay(day.date)}.`;
  if (kept.length === 0) return first;
  return `${first} ${kept.join(' and ')} ${kept.length === 1 ? 'keeps its booking' : 'keep their bookings'}.`;
}

/**
 * A partly or fully booked slot's badge in words (decision 306): with more than one van it counts
 * the jobs against the slot's places ("1 of 2 booked"); with one van it reads "Booked" as before.
 * Null for the other states, which read their own name.
 */
export function placesLabel({
  state,
  jobs,
  places,
}: Pick<StaffSlotDay['slots'][number], 'state' | 'jobs' | 'places'>): string | null {
  if (state !== 'partly' && state !== 'booked') return null;
  // No van has a driver that day: the slot is full with nothing in it.
  if (jobs.length === 0) return 'Full: no van free';
  if (places <= 1 && jobs.length === 1) return 'Booked';
  // Fewer places than jobs after the vans were lowered or a technician went on leave: still full.
  if (jobs.length > places) return `${jobs.length} booked: full`;
  return `${jobs.length} of ${places} booked`;
}
