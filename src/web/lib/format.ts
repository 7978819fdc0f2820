import { formatDollars, toCents } from '../../shared/domain/money';
import { BUSINESS_TIME_ZONE } from '../../shared/domain/slots';

/** "129.80" -> "$129.80"; null/empty -> fallback. */
export function dollars(value: string | number | null | undefined, fallback = 'N/A'): string {
  if (value === null || value === undefined || value === '') return fallback;
  try {
    return formatDollars(toCents(value));
  } catch {
    return fallback;
  }
}

/**
 * A formatter in the business's time zone, made on first use: the first one a page makes costs a
 * phone tens of milliseconds, which at load would fall in its busiest moment whether or not the
 * first screen shows a time (docs/decisions/379-staff-page-usable-before-its-scripts.md).
 */
export function perthFormatter(options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat('en-AU', { ...options, timeZone: BUSINESS_TIME_ZONE }));
}

const perthDateTimeFormat = perthFormatter({ weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', hour12: true });

/** "Mon 23 Nov, 9:41 am" in Perth, whatever the device's zone; '' for a missing or bad instant. */
export function perthDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const p = Object.fromEntries(perthDateTimeFormat().formatToParts(instant).map((part) => [part.type, part.value]));
  return `${p.weekday} ${p.day} ${p.month}, ${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toLowerCase()}`.trim();
}

/** The text under "Showing": "26-50 of 312", or "0 of 0" for an empty list. */
export function pageRangeText(page: number, pageSize: number, total: number): string {
  if (total <= 0) return '0 of 0';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return `${first}-${last} of ${total}`;
}
