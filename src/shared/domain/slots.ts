/** Everything date-like is Perth time, whatever the server's zone (docs/product.md "Time slots and business days"). */
export const BUSINESS_TIME_ZONE = 'Australia/Perth';
// Perth is UTC+8 all year (no daylight saving), so plain UTC arithmetic is exact and TZ-independent.
const PERTH_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

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

const ISO_DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(day: string): { y: number; m: number; d: number } | null {
  const match = ISO_DAY_RE.exec(day);
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  const t = new Date(Date.UTC(y, m - 1, d));
  t.setUTCFullYear(y); // Date.UTC maps years 0-99 to 1900-1999
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  return { y, m, d };
}

function dayToUtcMs(day: string): number {
  const p = parseDay(day);
  if (!p) throw new Error(`Invalid day: ${day}`);
  const t = new Date(Date.UTC(p.y, p.m - 1, p.d));
  t.setUTCFullYear(p.y);
  return t.getTime();
}

function utcMsToDay(ms: number): string {
  const t = new Date(ms);
  const y = String(t.getUTCFullYear()).padStart(4, '0');
  const m = String(t.getUTCMonth() + 1).padStart(2, '0');
  const d = String(t.getUTCDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export function isIsoDay(s: string): boolean {
  return parseDay(s) !== null;
}

/** The Perth calendar date (yyyy-MM-dd) of an instant. */
export function perthDay(instant: Date): string {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new Error('Invalid date');
  return utcMsToDay(ms + PERTH_OFFSET_MS);
}

export function perthToday(now: Date): string {
  return perthDay(now);
}

/** Perth's wall clock at an instant, by the fixed offset: month 1-12, weekday 0 for Sunday, hour 0-23. */
export function perthWallClock(instant: Date): {
  y: number;
  m: number;
  d: number;
  weekday: number;
  hour: number;
  minute: number;
} {
  const t = new Date(instant.getTime() + PERTH_OFFSET_MS);
  return {
    y: t.getUTCFullYear(),
    m: t.getUTCMonth() + 1,
    d: t.getUTCDate(),
    weekday: t.getUTCDay(),
    hour: t.getUTCHours(),
    minute: t.getUTCMinutes(),
  };
}

/** UTC instant of the slot's start in Perth: the job's scheduledDate (docs/product.md "Time slots and business days"). */
export function slotStart(day: string, slot: TimeSlot): Date {
  return new Date(dayToUtcMs(day) + SLOT_START_HOUR[slot] * 3600_000 - PERTH_OFFSET_MS);
}

/** A slot is unavailable once its start has passed; at exactly the start it has (docs/product.md "Time slots and business days"). */
export function hasSlotPassed(day: string, slot: TimeSlot, now: Date): boolean {
  return now.getTime() >= slotStart(day, slot).getTime();
}

export function addDays(day: string, n: number): string {
  return utcMsToDay(dayToUtcMs(day) + n * DAY_MS);
}

/** 0 = Sunday ... 6 = Saturday. */
export function dayOfWeek(day: string): number {
  return new Date(dayToUtcMs(day)).getUTCDay();
}

export function compareDays(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** How far ahead staff may schedule a job, a booking or a block (decision 256). */
export const SCHEDULING_HORIZON_MONTHS = 12;
export const SCHEDULING_HORIZON_MESSAGE = 'Choose a date within the next 12 months';

/** The last day staff may schedule on: the same date 12 months after `today` (29 Feb becomes 28 Feb). */
export function schedulingHorizonEnd(today: string): string {
  const p = parseDay(today);
  if (!p) throw new Error(`Invalid day: ${today}`);
  const y = p.y + SCHEDULING_HORIZON_MONTHS / 12;
  const last = new Date(Date.UTC(y, p.m, 0)).getUTCDate();
  return `${String(y).padStart(4, '0')}-${String(p.m).padStart(2, '0')}-${String(Math.min(p.d, last)).padStart(2, '0')}`;
}

/** Whether staff may schedule on `day`, `today` being Perth's today (decision 256): at most 12 months ahead. */
export function isWithinSchedulingHorizon(day: string, today: string): boolean {
  return compareDays(day, schedulingHorizonEnd(today)) <= 0;
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function parts(day: string): { weekday: string; d: number; month: string; y: number } {
  const p = parseDay(day);
  if (!p) throw new Error(`Invalid day: ${day}`);
  return { weekday: WEEKDAYS[dayOfWeek(day)] ?? '', d: p.d, month: MONTHS[p.m - 1] ?? '', y: p.y };
}

/** "Mon 23 Nov, 10 am - 12 pm" */
export function formatVisit(day: string, slot: TimeSlot): string {
  const { weekday, d, month } = parts(day);
  return `${weekday.slice(0, 3)} ${d} ${month.slice(0, 3)}, ${slotWindowLabel(slot)}`;
}

/** "Monday 23 November 2026" */
export function formatDayLong(day: string): string {
  const { weekday, d, month, y } = parts(day);
  return `${weekday} ${d} ${month} ${y}`;
}
