import { compareDays, dayOfWeek, MONTHS, parseIsoDay, perthMoment, WEEKDAYS } from './perth-time';

/** A day's four arrival windows, in Perth time (docs/product.md "Time slots and business days"). */
export const TIME_SLOTS = ['8-10 AM', '10-12 AM', '12-2 PM', '2-4 PM'] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number];

export function isTimeSlot(s: string): s is TimeSlot {
  return (TIME_SLOTS as readonly string[]).includes(s);
}

/** Slot start hours in Perth (docs/product.md "Time slots and business days"). */
export const SLOT_START_HOUR: Readonly<Record<TimeSlot, number>> = {
  '8-10 AM': 8,
  '10-12 AM': 10,
  '12-2 PM': 12,
  '2-4 PM': 14,
};

/** The slot whose start hour (Perth) is `hour`, e.g. from a stored job time. */
export function slotFromStartHour(hour: number): TimeSlot | null {
  return TIME_SLOTS.find((s) => SLOT_START_HOUR[s] === hour) ?? null;
}

function hourLabel(h: number): string {
  const suffix = h < 12 ? 'am' : 'pm';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12} ${suffix}`;
}

/** "10 am - 12 pm": the slot ids themselves are the legacy labels ("10-12 AM"), kept as stored and sent. */
export function slotWindowLabel(slot: TimeSlot): string {
  const start = SLOT_START_HOUR[slot];
  return `${hourLabel(start)} - ${hourLabel(start + 2)}`;
}

/** UTC instant of the slot's start in Perth: the job's scheduledDate (docs/product.md "Time slots and business days"). */
export function slotStart(day: string, slot: TimeSlot): Date {
  return perthMoment(day, SLOT_START_HOUR[slot]);
}

/** A slot is unavailable once its start has passed; at exactly the start it has (docs/product.md "Time slots and business days"). */
export function hasSlotPassed(day: string, slot: TimeSlot, now: Date): boolean {
  return now.getTime() >= slotStart(day, slot).getTime();
}

/** How far ahead staff may schedule a job, a booking or a block (decision 256). */
export const SCHEDULING_HORIZON_MONTHS = 12;
export const SCHEDULING_HORIZON_MESSAGE = 'Choose a date within the next 12 months';

/** The last day staff may schedule on: the same date 12 months after `today` (29 Feb becomes 28 Feb). */
export function schedulingHorizonEnd(today: string): string {
  const p = parseIsoDay(today);
  if (!p) throw new Error(`Invalid day: ${today}`);
  const y = p.y + SCHEDULING_HORIZON_MONTHS / 12;
  const last = new Date(Date.UTC(y, p.m, 0)).getUTCDate();
  return `${String(y).padStart(4, '0')}-${String(p.m).padStart(2, '0')}-${String(Math.min(p.d, last)).padStart(2, '0')}`;
}

/** Whether staff may schedule on `day`, `today` being Perth's today (decision 256): at most 12 months ahead. */
export function isWithinSchedulingHorizon(day: string, today: string): boolean {
  return compareDays(day, schedulingHorizonEnd(today)) <= 0;
}

/** "Mon 23 Nov, 10 am - 12 pm" */
export function formatVisit(day: string, slot: TimeSlot): string {
  const p = parseIsoDay(day);
  if (!p) throw new Error(`Invalid day: ${day}`);
  return `${(WEEKDAYS[dayOfWeek(day)] ?? '').slice(0, 3)} ${p.d} ${(MONTHS[p.m - 1] ?? '').slice(0, 3)}, ${slotWindowLabel(slot)}`;
}
