/** Where a fitted tyre sits on the car; each position once per job (docs/decisions/414-tyre-records.md). */
export const TYRE_POSITIONS = ['front-left', 'front-right', 'rear-left', 'rear-right', 'spare'] as const;
export type TyrePosition = (typeof TYRE_POSITIONS)[number];

export const TYRE_POSITION_LABELS: Record<TyrePosition, string> = {
  'front-left': 'Front left',
  'front-right': 'Front right',
  'rear-left': 'Rear left',
  'rear-right': 'Rear right',
  spare: 'Spare',
};

/** What happened to the tyre taken off: the customer kept it, or it was left with us for disposal. */
export const REMOVED_TYRE_FATES = ['kept', 'disposal'] as const;
export type RemovedTyreFate = (typeof REMOVED_TYRE_FATES)[number];

/** Stock changes: the morning load (depot to van), a return (van to depot), a stock take, a fitting. */
export const STOCK_MOVEMENT_KINDS = ['load', 'return', 'count', 'fit'] as const;

/** A tyre older than this at fitting asks for a confirmation and is marked (docs/decisions/414-tyre-records.md). */
export const OLD_TYRE_YEARS = 6;

export type DotDate = { week: number; year: number };

/**
 * The DOT date code's last four digits: week then two-digit year (`2319` = week 23 of 2019). Weeks
 * 01-53; the year is 2000 + yy (tyres made before 2000 carry a three-digit code and are not sold).
 * Null when it is not a date; `isDotInFuture` is checked separately so the message can say which.
 */
export function parseDotCode(code: string): DotDate | null {
  if (!/^\d{4}$/.test(code)) return null;
  const week = Number(code.slice(0, 2));
  const year = 2000 + Number(code.slice(2));
  if (week < 1 || week > 53) return null;
  return { week, year };
}

/** The Monday of ISO week `week` of `year`, as a UTC date (week 53 of a 52-week year rolls over). */
export function dotWeekStart({ week, year }: DotDate): Date {
  const jan4 = Date.UTC(year, 0, 4);
  const jan4Day = (new Date(jan4).getUTCDay() + 6) % 7; // Monday 0
  return new Date(jan4 - jan4Day * 86_400_000 + (week - 1) * 7 * 86_400_000);
}

/** Made after `today` (a Perth `yyyy-MM-dd`): the week had not started yet. */
export function isDotInFuture(dot: DotDate, today: string): boolean {
  return dotWeekStart(dot).toISOString().slice(0, 10) > today;
}

/** Older than six years on the fitting day: made before the same week six years earlier. */
export function isTyreOverAge(dot: DotDate, fittedOn: string): boolean {
  const made = dotWeekStart(dot);
  const limit = new Date(`${fittedOn}T00:00:00Z`);
  limit.setUTCFullYear(limit.getUTCFullYear() - OLD_TYRE_YEARS);
  return made < limit;
}

/** The warranty's last day: `months` after the fitting day (a 31st falls back to the month's end). */
export function warrantyEndDay(fittedOn: string, months: number): string {
  const [y, m, d] = fittedOn.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/** A stock place: the depot, or van N (the vans on the road, 1..N, as a job's slot place). */
export const DEPOT = 'depot';
export const vanLocation = (van: number) => `van-${van}`;
export const LOCATION_RE = /^(depot|van-([1-9]|1\d|20))$/;
