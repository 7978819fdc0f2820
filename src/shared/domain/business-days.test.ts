import { describe, it, expect } from 'vitest';
import { WA_PUBLIC_HOLIDAYS, closedReason, isBusinessDay, nextBusinessDay } from './business-days';
import { addDays, dayOfWeek, perthDay } from './perth-time';

/** Anonymous Gregorian algorithm, used only to cross-check the hand-written table. */
function easterSunday(y: number): string {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function firstMonday(y: number, month: number): string {
  let day = `${y}-${String(month).padStart(2, '0')}-01`;
  while (dayOfWeek(day) !== 1) day = addDays(day, 1);
  return day;
}

const holidaysOf = (y: number) => Object.keys(WA_PUBLIC_HOLIDAYS).filter((d) => d.startsWith(`${y}-`));

describe('WA_PUBLIC_HOLIDAYS', () => {
  it.each([
    [2025, '2025-04-18'],
    [2026, '2026-04-03'],
    [2027, '2027-03-26'],
    [2028, '2028-04-14'],
    [2029, '2029-03-30'],
    [2030, '2030-04-19'],
  ] as const)('%i Easter: Good Friday %s, Sunday, Monday', (y, goodFriday) => {
    const sunday = easterSunday(y);
    expect(addDays(sunday, -2)).toBe(goodFriday);
    expect(WA_PUBLIC_HOLIDAYS[goodFriday]).toBe('Good Friday');
    expect(WA_PUBLIC_HOLIDAYS[sunday]).toBe('Easter Sunday');
    expect(WA_PUBLIC_HOLIDAYS[addDays(sunday, 1)]).toBe('Easter Monday');
  });

  it.each([2025, 2026, 2027, 2028, 2029, 2030])(
    '%i: Labour Day and WA Day are the first Mondays of March and June',
    (y) => {
      expect(WA_PUBLIC_HOLIDAYS[firstMonday(y, 3)]).toBe('Labour Day');
      expect(WA_PUBLIC_HOLIDAYS[firstMonday(y, 6)]).toBe('Western Australia Day');
    },
  );

  it.each(['2025-09-29', '2026-09-28', '2027-09-27', '2028-09-25', '2029-09-24', '2030-09-30'])(
    "King's Birthday %s (gazetted, a Monday)",
    (d) => {
      expect(WA_PUBLIC_HOLIDAYS[d]).toBe("King's Birthday");
      expect(dayOfWeek(d)).toBe(1);
    },
  );

  it.each([2029, 2030])("%i: King's Birthday is the last Monday in September until another day is proclaimed", (y) => {
    const kings = holidaysOf(y).filter((d) => WA_PUBLIC_HOLIDAYS[d] === "King's Birthday");
    expect(kings).toHaveLength(1);
    expect(kings[0]!.slice(5, 7)).toBe('09');
    expect(addDays(kings[0]!, 7).slice(5, 7)).toBe('10');
  });

  it.each([
    ['2025-01-27', 'Australia Day'],
    ['2026-04-27', 'Anzac Day (additional day)'],
    ['2027-04-26', 'Anzac Day (additional day)'],
    ['2026-12-28', 'Boxing Day (additional day)'],
    ['2027-12-27', 'Christmas Day (additional day)'],
    ['2027-12-28', 'Boxing Day (additional day)'],
    ['2028-01-03', "New Year's Day (additional day)"],
    ['2030-01-28', 'Australia Day'],
  ])('weekend substitute %s is %s', (d, name) => {
    expect(WA_PUBLIC_HOLIDAYS[d]).toBe(name);
    expect([1, 2]).toContain(dayOfWeek(d));
  });

  it('moves Australia Day on a weekend to the Monday instead of adding a day', () => {
    expect(WA_PUBLIC_HOLIDAYS['2030-01-26']).toBeUndefined();
    expect(WA_PUBLIC_HOLIDAYS['2025-01-26']).toBeUndefined();
  });

  it.each([2025, 2026, 2027, 2028, 2029, 2030])('%i has every fixed-date holiday', (y) => {
    const days = holidaysOf(y);
    expect(days).toContain(`${y}-01-01`);
    expect(days).toContain(`${y}-04-25`);
    expect(days).toContain(`${y}-12-25`);
    expect(days).toContain(`${y}-12-26`);
    // The extra weekday off whenever a holiday falls on a weekend.
    const weekdayHolidays = days.filter((d) => ![0, 6].includes(dayOfWeek(d)));
    expect(weekdayHolidays.length).toBe(10);
  });
});

describe('the table reaches far enough', () => {
  // Deliberately the real date: this fails when nobody has extended the table for a year.
  it('covers every day up to a year past today (extend it from wa.gov.au when this fails)', () => {
    const years = [...new Set(Object.keys(WA_PUBLIC_HOLIDAYS).map((d) => Number(d.slice(0, 4))))].sort();
    const lastYear = years[years.length - 1]!;
    // Whole years only, none skipped.
    expect(years).toEqual(Array.from({ length: years.length }, (_, i) => years[0]! + i));
    const aYearFromToday = addDays(perthDay(new Date()), 366);
    expect(
      `${lastYear}-12-31` >= aYearFromToday,
      `WA_PUBLIC_HOLIDAYS ends with ${lastYear}; add ${Number(aYearFromToday.slice(0, 4))} (and check proclaimed dates)`,
    ).toBe(true);
  });
});

describe('closedReason', () => {
  it.each([
    ['2026-11-23', null], // Monday
    ['2026-11-28', 'Closed'], // Saturday
    ['2026-11-29', 'Closed'], // Sunday
    ['2026-04-03', 'Public holiday'], // Good Friday
    ['2026-04-27', 'Public holiday'], // Anzac Day additional Monday
    ['2026-04-25', 'Closed'], // Anzac Day on a Saturday
    ['2026-12-25', 'Public holiday'],
    ['2026-09-28', 'Public holiday'],
  ] as const)('%s -> %j', (day, reason) => {
    expect(closedReason(day)).toBe(reason);
    expect(isBusinessDay(day)).toBe(reason === null);
  });

  it('honours custom business days', () => {
    const monToSat = [1, 2, 3, 4, 5, 6];
    expect(closedReason('2026-11-28', monToSat)).toBeNull();
    expect(closedReason('2026-04-25', monToSat)).toBe('Public holiday');
    expect(closedReason('2026-11-23', [2, 3])).toBe('Closed');
  });
});

describe('nextBusinessDay (strictly after)', () => {
  it.each([
    ['2026-11-23', '2026-11-24'],
    ['2026-11-27', '2026-11-30'], // Fri -> Mon
    ['2026-04-02', '2026-04-07'], // Thu before Easter -> Tue after
    ['2026-12-24', '2026-12-29'], // Christmas Fri, Boxing Day Mon off
    ['2027-12-24', '2027-12-29'],
    ['2027-12-31', '2028-01-04'],
    ['2029-03-29', '2029-04-03'], // Good Friday and Easter Monday
    ['2030-01-25', '2030-01-29'], // Australia Day observed on Monday 28th
  ] as const)('%s -> %s', (from, next) => {
    expect(nextBusinessDay(from)).toBe(next);
  });

  it('throws when no day is a business day', () => {
    expect(() => nextBusinessDay('2026-11-23', [])).toThrow();
  });
});
