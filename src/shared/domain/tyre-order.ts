import { addDays, formatDayLong } from './perth-time';

/**
 * New tyres nobody holds are ordered (docs/decisions/423-stock-aware-booking.md): the owner's lead
 * time in days from today, Perth, is the first day a visit can fit them, every window of that day
 * included.
 */
export function firstDayForOrderedTyres(today: string, leadDays: number): string {
  return addDays(today, leadDays);
}

/** What the wizard and the server say of tyres to be ordered. */
export function tyresOrderedNote(size: string, leadDays: number, firstDay: string): string {
  const wait = leadDays === 1 ? '1 day' : `${leadDays} days`;
  return `We don't have ${size} tyres on hand, so we'll order yours (about ${wait}). The earliest visit is ${formatDayLong(firstDay)}.`;
}

/** The server's refusal of a window before then. */
export function tyresOrderedRefusal(size: string, leadDays: number, firstDay: string): string {
  return `${tyresOrderedNote(size, leadDays, firstDay)} Please choose a time from then.`;
}

/** The losing side of a race for the last tyres of a size in stock. */
export function lastTyresTakenMessage(size: string, firstDay: string): string {
  return `The last ${size} tyres we had were just booked, so we'll order yours. Please choose a time from ${formatDayLong(firstDay)}.`;
}
