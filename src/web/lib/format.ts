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
