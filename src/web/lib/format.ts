import { formatDollars, toCents } from '../../shared/domain/money';
import { MONTHS, perthWallClock, WEEKDAYS } from '../../shared/domain/slots';

/** "129.80" -> "$129.80"; null/empty -> fallback. */
export function dollars(value: string | number | null | undefined, fallback = 'N/A'): string {
  if (value === null || value === undefined || value === '') return fallback;
  try {
    return formatDollars(toCents(value));
  } catch {
    return fallback;
  }
}

// Perth times are written from Perth's fixed offset, not with Intl's time zones: a phone's first
// Intl.DateTimeFormat in a zone costs it tens of milliseconds of blocked page
// (docs/decisions/381-form-rules-on-demand.md).
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "9:41 am" in Perth, whatever the device's zone. */
export function perthClockTime(instant: Date): string {
  const { hour, minute } = perthWallClock(instant);
  return `${hour % 12 || 12}:${twoDigits(minute)} ${hour < 12 ? 'am' : 'pm'}`;
}

/** "09:41" in Perth, as a van's 24-hour clock reads. */
export function perthClock24(instant: Date): string {
  const { hour, minute } = perthWallClock(instant);
  return `${twoDigits(hour)}:${twoDigits(minute)}`;
}

/** "Mon 23 Nov, 9:41 am" in Perth, whatever the device's zone; '' for a missing or bad instant. */
export function perthDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const { d, m, weekday } = perthWallClock(instant);
  return `${(WEEKDAYS[weekday] ?? '').slice(0, 3)} ${d} ${(MONTHS[m - 1] ?? '').slice(0, 3)}, ${perthClockTime(instant)}`;
}

/** The text under "Showing": "26-50 of 312", or "0 of 0" for an empty list. */
export function pageRangeText(page: number, pageSize: number, total: number): string {
  if (total <= 0) return '0 of 0';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return `${first}-${last} of ${total}`;
}
