/**
 * Perth time, the business's one clock (docs/product.md "Time slots and business days"): every
 * "today", past slot, report range and due date is a Perth date, whatever the zone of the server or
 * of the phone. Dates are ISO days, yyyy-MM-dd; instants are Dates.
 *
 * Perth is UTC+8 all year: Western Australia keeps no daylight saving. So Perth's wall clock is UTC
 * moved by a fixed eight hours, and the arithmetic here is exact whatever the process's TZ. It needs
 * no Intl time zone either: a phone's first Intl.DateTimeFormat in a zone blocks the page for tens of
 * milliseconds (docs/decisions/381-form-rules-on-demand.md). The one other way to Perth time is the
 * database's, for a timestamp column (src/server/db/perth-sql.ts), which takes the zone's name from here.
 */
export const PERTH_TIME_ZONE = 'Australia/Perth';
/** Perth's offset from UTC as ISO 8601 writes it, for an example date-time the user may type. */
export const PERTH_UTC_OFFSET = '+08:00';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const PERTH_OFFSET_MS = 8 * HOUR_MS;

const ISO_DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The parts of an ISO day (month 1-12), or null when it is not a real calendar day. */
export function parseIsoDay(day: string): { y: number; m: number; d: number } | null {
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

export function isIsoDay(s: string): boolean {
  return parseIsoDay(s) !== null;
}

/** The day's midnight as if it were UTC: the base of every calendar sum here. */
function dayToUtcMs(day: string): number {
  const p = parseIsoDay(day);
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

/** The Perth calendar date (yyyy-MM-dd) of an instant. */
export function perthDay(instant: Date): string {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new Error('Invalid date');
  return utcMsToDay(ms + PERTH_OFFSET_MS);
}

export function perthToday(now: Date): string {
  return perthDay(now);
}

/** Perth's wall clock at an instant: month 1-12, weekday 0 for Sunday, hour 0-23. */
export function perthWallClock(instant: Date): {
  y: number;
  m: number;
  d: number;
  weekday: number;
  hour: number;
  minute: number;
  second: number;
} {
  const t = new Date(instant.getTime() + PERTH_OFFSET_MS);
  return {
    y: t.getUTCFullYear(),
    m: t.getUTCMonth() + 1,
    d: t.getUTCDate(),
    weekday: t.getUTCDay(),
    hour: t.getUTCHours(),
    minute: t.getUTCMinutes(),
    second: t.getUTCSeconds(),
  };
}

/** The instant Perth's clock reads `hour`:`minute` on `day`: perthMoment('2026-11-23', 10) is 02:00 UTC. */
export function perthMoment(day: string, hour: number, minute = 0): Date {
  return new Date(dayToUtcMs(day) + hour * HOUR_MS + minute * MINUTE_MS - PERTH_OFFSET_MS);
}

/** The first instant of a Perth day (16:00 UTC the day before). */
export function perthMidnight(day: string): Date {
  return perthMoment(day, 0);
}

/** The first instant of the Perth day after the one `instant` falls on. */
export function nextPerthMidnight(instant: Date): Date {
  return perthMidnight(addDays(perthDay(instant), 1));
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

/** "Monday 23 November 2026" */
export function formatDayLong(day: string): string {
  const p = parseIsoDay(day);
  if (!p) throw new Error(`Invalid day: ${day}`);
  return `${WEEKDAYS[dayOfWeek(day)] ?? ''} ${p.d} ${MONTHS[p.m - 1] ?? ''} ${p.y}`;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "9:41 am" in Perth. */
export function perthClockTime(instant: Date): string {
  const { hour, minute } = perthWallClock(instant);
  return `${hour % 12 || 12}:${twoDigits(minute)} ${hour < 12 ? 'am' : 'pm'}`;
}

/** "09:41" in Perth, as a van's 24-hour clock reads. */
export function perthClock24(instant: Date): string {
  const { hour, minute } = perthWallClock(instant);
  return `${twoDigits(hour)}:${twoDigits(minute)}`;
}

/** "Mon 23 Nov, 9:41 am" in Perth; '' for a missing or bad instant (an ISO string as the API sends it, or a Date). */
export function perthDateTime(at: Date | string | null | undefined): string {
  if (!at) return '';
  const instant = new Date(at);
  if (Number.isNaN(instant.getTime())) return '';
  const { d, m, weekday } = perthWallClock(instant);
  return `${(WEEKDAYS[weekday] ?? '').slice(0, 3)} ${d} ${(MONTHS[m - 1] ?? '').slice(0, 3)}, ${perthClockTime(instant)}`;
}

/** "2026-11-23 03:00:12" in Perth: sorts as it reads. */
export function perthTimestamp(instant: Date): string {
  const { y, m, d, hour, minute, second } = perthWallClock(instant);
  return `${String(y).padStart(4, '0')}-${twoDigits(m)}-${twoDigits(d)} ${twoDigits(hour)}:${twoDigits(minute)}:${twoDigits(second)}`;
}
