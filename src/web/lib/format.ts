import { formatDollars, toCents } from '../../shared/domain/money';

/** "129.80" -> "$129.80"; null/empty -> fallback. */
export function dollars(value: string | number | null | undefined, fallback = 'N/A'): string {
  if (value === null || value === undefined || value === '') return fallback;
  try {
    return formatDollars(toCents(value));
  } catch {
    return fallback;
  }
}

/** The text under "Showing": "26-50 of 312", or "0 of 0" for an empty list. */
export function pageRangeText(page: number, pageSize: number, total: number): string {
  if (total <= 0) return '0 of 0';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return `${first}-${last} of ${total}`;
}
