import { isIsoDay } from './perth-time';

/** Said when a closure's first day is before Perth's today: by the form, and again by the server. */
export const CLOSURE_IN_PAST = 'Closure cannot start in the past';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * How a closure is named in lists and the settings history, in the owner's words: "Away 23 Dec",
 * "Away 23-27 Dec", "Away 30 Dec - 2 Jan", the year added when the days are in different years.
 */
export function closureLabel(firstDay: string, lastDay: string): string {
  if (!isIsoDay(firstDay) || !isIsoDay(lastDay)) return `Away ${firstDay} - ${lastDay}`;
  const [a, b] = [firstDay, lastDay].map((day) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return { y, m, d };
  }) as [{ y: number; m: number; d: number }, { y: number; m: number; d: number }];
  const month = (m: number) => MONTHS[m - 1] ?? '';
  if (firstDay === lastDay) return `Away ${a.d} ${month(a.m)}`;
  if (a.y === b.y && a.m === b.m) return `Away ${a.d}-${b.d} ${month(b.m)}`;
  if (a.y === b.y) return `Away ${a.d} ${month(a.m)} - ${b.d} ${month(b.m)}`;
  return `Away ${a.d} ${month(a.m)} ${a.y} - ${b.d} ${month(b.m)} ${b.y}`;
}
