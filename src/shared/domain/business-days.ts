import { addDays, dayOfWeek } from './perth-time';

/**
 * WA public holidays (Public and Bank Holidays Act 1972 (WA)), including Easter Sunday and the
 * additional Monday/Tuesday when a holiday falls on a weekend: New Year's Day, Christmas, Boxing
 * Day and Anzac Day on a weekend add the next free weekday; Australia Day on a weekend moves to
 * the Monday. Labour Day is the first Monday in March, WA Day the first Monday in June, King's
 * Birthday the last Monday in September unless the Governor proclaims another day (2024 was
 * 23 September); 2029 and 2030 follow that rule until proclaimed.
 *
 * Check each year against wa.gov.au's published list, and before bookings reach 2028: the Public
 * and Bank Holidays Amendment Bill 2025 would, from 2028, move Labour Day, WA Day and King's
 * Birthday and add Easter Saturday and Show Day (docs/decisions/182-wa-public-holidays-to-2030.md).
 * business-days.test.ts fails when the table no longer reaches a year past today.
 */
export const WA_PUBLIC_HOLIDAYS: Readonly<Record<string, string>> = {
  '2025-01-01': "New Year's Day",
  '2025-01-27': 'Australia Day', // 26 Jan is a Sunday: WA observes the Monday instead
  '2025-03-03': 'Labour Day',
  '2025-04-18': 'Good Friday',
  '2025-04-20': 'Easter Sunday',
  '2025-04-21': 'Easter Monday',
  '2025-04-25': 'Anzac Day',
  '2025-06-02': 'Western Australia Day',
  '2025-09-29': "King's Birthday",
  '2025-12-25': 'Christmas Day',
  '2025-12-26': 'Boxing Day',

  '2026-01-01': "New Year's Day",
  '2026-01-26': 'Australia Day',
  '2026-03-02': 'Labour Day',
  '2026-04-03': 'Good Friday',
  '2026-04-05': 'Easter Sunday',
  '2026-04-06': 'Easter Monday',
  '2026-04-25': 'Anzac Day',
  '2026-04-27': 'Anzac Day (additional day)',
  '2026-06-01': 'Western Australia Day',
  '2026-09-28': "King's Birthday",
  '2026-12-25': 'Christmas Day',
  '2026-12-26': 'Boxing Day',
  '2026-12-28': 'Boxing Day (additional day)',

  '2027-01-01': "New Year's Day",
  '2027-01-26': 'Australia Day',
  '2027-03-01': 'Labour Day',
  '2027-03-26': 'Good Friday',
  '2027-03-28': 'Easter Sunday',
  '2027-03-29': 'Easter Monday',
  '2027-04-25': 'Anzac Day',
  '2027-04-26': 'Anzac Day (additional day)',
  '2027-06-07': 'Western Australia Day',
  '2027-09-27': "King's Birthday",
  '2027-12-25': 'Christmas Day',
  '2027-12-26': 'Boxing Day',
  '2027-12-27': 'Christmas Day (additional day)',
  '2027-12-28': 'Boxing Day (additional day)',

  '2028-01-01': "New Year's Day",
  '2028-01-03': "New Year's Day (additional day)",
  '2028-01-26': 'Australia Day',
  '2028-03-06': 'Labour Day',
  '2028-04-14': 'Good Friday',
  '2028-04-16': 'Easter Sunday',
  '2028-04-17': 'Easter Monday',
  '2028-04-25': 'Anzac Day',
  '2028-06-05': 'Western Australia Day',
  '2028-09-25': "King's Birthday",
  '2028-12-25': 'Christmas Day',
  '2028-12-26': 'Boxing Day',

  '2029-01-01': "New Year's Day",
  '2029-01-26': 'Australia Day',
  '2029-03-05': 'Labour Day',
  '2029-03-30': 'Good Friday',
  '2029-04-01': 'Easter Sunday',
  '2029-04-02': 'Easter Monday',
  '2029-04-25': 'Anzac Day',
  '2029-06-04': 'Western Australia Day',
  '2029-09-24': "King's Birthday", // last Monday in September; not yet proclaimed
  '2029-12-25': 'Christmas Day',
  '2029-12-26': 'Boxing Day',

  '2030-01-01': "New Year's Day",
  '2030-01-28': 'Australia Day', // 26 Jan is a Saturday: WA observes the Monday instead
  '2030-03-04': 'Labour Day',
  '2030-04-19': 'Good Friday',
  '2030-04-21': 'Easter Sunday',
  '2030-04-22': 'Easter Monday',
  '2030-04-25': 'Anzac Day',
  '2030-06-03': 'Western Australia Day',
  '2030-09-30': "King's Birthday", // last Monday in September; not yet proclaimed
  '2030-12-25': 'Christmas Day',
  '2030-12-26': 'Boxing Day',
};

/** Mon-Fri; 0 = Sunday as in `dayOfWeek`. */
export const DEFAULT_BUSINESS_DAYS: readonly number[] = [1, 2, 3, 4, 5];

export type ClosedReason = 'Closed' | 'Public holiday';

export function holidayName(day: string): string | null {
  return WA_PUBLIC_HOLIDAYS[day] ?? null;
}

/** Why a day takes no bookings, or null when open. A non-business day is 'Closed' even on a holiday. */
export function closedReason(
  day: string,
  businessDays: readonly number[] = DEFAULT_BUSINESS_DAYS,
): ClosedReason | null {
  if (!businessDays.includes(dayOfWeek(day))) return 'Closed';
  if (holidayName(day) !== null) return 'Public holiday';
  return null;
}

export function isBusinessDay(day: string, businessDays: readonly number[] = DEFAULT_BUSINESS_DAYS): boolean {
  return closedReason(day, businessDays) === null;
}

/** The first business day strictly after `fromDay`. */
export function nextBusinessDay(fromDay: string, businessDays: readonly number[] = DEFAULT_BUSINESS_DAYS): string {
  let day = fromDay;
  for (let i = 0; i < 366; i++) {
    day = addDays(day, 1);
    if (isBusinessDay(day, businessDays)) return day;
  }
  throw new Error('No business day within a year');
}
