import { describe, expect, it } from 'vitest';
import {
  addDays,
  compareDays,
  dayOfWeek,
  formatDayLong,
  isIsoDay,
  nextPerthMidnight,
  parseIsoDay,
  perthClock24,
  perthClockTime,
  perthDateTime,
  perthDay,
  perthMidnight,
  perthMoment,
  perthTimestamp,
  perthToday,
  perthWallClock,
} from './perth-time';

// These run again with TZ=America/New_York (scripts/test.mjs): nothing here may read the process's zone.

describe('ISO days', () => {
  it.each([
    ['2026-11-23', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-1-5', false],
    ['2026-11-23T00:00:00Z', false],
    ['', false],
  ] as const)('%j is a day: %s', (s, ok) => {
    expect(isIsoDay(s)).toBe(ok);
  });

  it('parses a day into its parts, years before 100 included', () => {
    expect(parseIsoDay('2026-11-23')).toEqual({ y: 2026, m: 11, d: 23 });
    expect(parseIsoDay('0099-12-31')).toEqual({ y: 99, m: 12, d: 31 });
    expect(parseIsoDay('2026-04-31')).toBeNull();
  });
});

describe('day arithmetic, across month and year ends', () => {
  it.each([
    ['2026-11-23', 1, '2026-11-24'],
    ['2026-11-30', 1, '2026-12-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2028-02-29', 1, '2028-03-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-11-23', 30, '2026-12-23'],
    ['2026-11-23', 366, '2027-11-24'],
    ['2026-11-23', 0, '2026-11-23'],
  ] as const)('addDays(%s, %i) = %s', (day, n, out) => {
    expect(addDays(day, n)).toBe(out);
  });

  it.each([
    ['2026-11-22', 0],
    ['2026-11-23', 1],
    ['2026-11-28', 6],
    ['2025-01-01', 3],
    ['2027-01-01', 5],
  ] as const)('dayOfWeek(%s) = %i', (day, dow) => {
    expect(dayOfWeek(day)).toBe(dow);
  });

  it('compares days', () => {
    expect(compareDays('2026-11-23', '2026-11-24')).toBe(-1);
    expect(compareDays('2026-12-31', '2027-01-01')).toBe(-1);
    expect(compareDays('2026-11-24', '2026-11-23')).toBe(1);
    expect(compareDays('2026-11-23', '2026-11-23')).toBe(0);
  });

  it('refuses a day that is not one', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow('Invalid day');
    expect(() => dayOfWeek('23/11/2026')).toThrow('Invalid day');
  });
});

describe("the Perth day of an instant (UTC+8 all year, whatever the process's zone)", () => {
  it.each([
    ['2026-11-22T15:59:59.999Z', '2026-11-22', '23:59 Perth, still Sunday'],
    ['2026-11-22T16:00:00.000Z', '2026-11-23', '00:00 Perth, Monday begins'],
    ['2026-11-23T15:59:59.999Z', '2026-11-23', 'the last moment of Monday'],
    ['2026-12-31T16:00:00.000Z', '2027-01-01', 'New Year in Perth, still 2026 in UTC'],
    ['2026-02-28T16:00:00.000Z', '2026-03-01', 'the first of March'],
    ['2026-04-05T02:00:00.000Z', '2026-04-05', 'the day the eastern states leave daylight saving'],
  ] as const)('%s is %s in Perth (%s)', (iso, day, _when) => {
    expect(perthDay(new Date(iso))).toBe(day);
    expect(perthToday(new Date(iso))).toBe(day);
  });

  it('reads the wall clock at 23:59 and at 00:00 Perth', () => {
    expect(perthWallClock(new Date('2026-12-31T15:59:30Z'))).toEqual({
      y: 2026,
      m: 12,
      d: 31,
      weekday: 4,
      hour: 23,
      minute: 59,
      second: 30,
    });
    expect(perthWallClock(new Date('2026-12-31T16:00:00Z'))).toEqual({
      y: 2027,
      m: 1,
      d: 1,
      weekday: 5,
      hour: 0,
      minute: 0,
      second: 0,
    });
  });

  it('refuses an invalid date', () => {
    expect(() => perthDay(new Date('nope'))).toThrow('Invalid date');
  });
});

describe('instants from a Perth day and time', () => {
  it.each([
    ['2026-11-23', 8, 0, '2026-11-23T00:00:00.000Z'],
    ['2026-11-23', 10, 0, '2026-11-23T02:00:00.000Z'],
    ['2026-11-23', 16, 30, '2026-11-23T08:30:00.000Z'],
    ['2026-11-23', 23, 59, '2026-11-23T15:59:00.000Z'],
    ['2027-01-01', 0, 0, '2026-12-31T16:00:00.000Z'],
    ['2026-07-01', 8, 0, '2026-07-01T00:00:00.000Z'],
  ] as const)('%s %i:%i Perth is %s', (day, hour, minute, iso) => {
    expect(perthMoment(day, hour, minute).toISOString()).toBe(iso);
    expect(perthDay(perthMoment(day, hour, minute))).toBe(day);
  });

  it('puts Perth midnight eight hours before UTC midnight', () => {
    expect(perthMidnight('2026-11-23').toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(perthMidnight('2027-01-01').toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(perthMidnight('2028-03-01').toISOString()).toBe('2028-02-29T16:00:00.000Z');
  });

  it.each([
    ['2026-11-22T16:00:00.000Z', '2026-11-23T16:00:00.000Z', 'at 00:00 Perth, the next day'],
    ['2026-11-23T15:59:59.999Z', '2026-11-23T16:00:00.000Z', 'at 23:59 Perth, a moment later'],
    ['2026-11-23T02:00:00.000Z', '2026-11-23T16:00:00.000Z', 'at 10 am Perth'],
    ['2026-12-31T12:00:00.000Z', '2026-12-31T16:00:00.000Z', "at 8 pm Perth on New Year's Eve"],
  ] as const)('the next Perth midnight after %s is %s (%s)', (now, midnight, _when) => {
    expect(nextPerthMidnight(new Date(now)).toISOString()).toBe(midnight);
  });

  it('refuses a day that is not one', () => {
    expect(() => perthMoment('2026-02-30', 8)).toThrow('Invalid day');
  });
});

describe('Perth time, written', () => {
  it.each([
    ['2026-11-23', 'Monday 23 November 2026'],
    ['2027-01-01', 'Friday 1 January 2027'],
    ['2026-11-28', 'Saturday 28 November 2026'],
  ] as const)('formatDayLong(%s) = %s', (day, long) => {
    expect(formatDayLong(day)).toBe(long);
  });

  it('shows the Perth clock whatever the zone of the device', () => {
    // 01:40 UTC is 9:40 am in Perth (UTC+8, no daylight saving).
    expect(perthClockTime(new Date('2026-11-23T01:40:00Z'))).toBe('9:40 am');
    expect(perthClockTime(new Date('2026-11-23T04:05:00Z'))).toBe('12:05 pm');
    expect(perthClockTime(new Date('2026-11-22T16:05:00Z'))).toBe('12:05 am');
    expect(perthClockTime(new Date('2026-11-23T11:59:00Z'))).toBe('7:59 pm');
    expect(perthClockTime(new Date('2026-11-23T12:05:00Z'))).toBe('8:05 pm');
    expect(perthClock24(new Date('2026-11-23T02:42:00Z'))).toBe('10:42');
    expect(perthClock24(new Date('2026-11-22T16:05:00Z'))).toBe('00:05');
    expect(perthClock24(new Date('2026-11-22T15:59:00Z'))).toBe('23:59');
  });

  it('writes a date and time, from an ISO string as the API sends it or a Date', () => {
    expect(perthDateTime('2026-11-23T01:40:00Z')).toBe('Mon 23 Nov, 9:40 am');
    // 17:30 UTC on Sunday is already Monday morning in Perth.
    expect(perthDateTime('2026-11-22T17:30:00Z')).toBe('Mon 23 Nov, 1:30 am');
    expect(perthDateTime(new Date('2026-12-31T16:00:00Z'))).toBe('Fri 1 Jan, 12:00 am');
    expect(perthDateTime('2026-12-31T15:59:00Z')).toBe('Thu 31 Dec, 11:59 pm');
    expect(perthDateTime(null)).toBe('');
    expect(perthDateTime(undefined)).toBe('');
    expect(perthDateTime('nonsense')).toBe('');
  });

  it('writes a timestamp that sorts as it reads (the backup folders)', () => {
    expect(perthTimestamp(new Date('2026-11-22T19:00:12Z'))).toBe('2026-11-23 03:00:12');
    expect(perthTimestamp(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01 00:00:00');
    expect(perthTimestamp(new Date('2026-12-31T15:59:59Z'))).toBe('2026-12-31 23:59:59');
  });
});
