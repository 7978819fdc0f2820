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

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
