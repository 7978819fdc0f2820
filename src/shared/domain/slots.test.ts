import { describe, it, expect } from 'vitest';
import {
  SLOT_START_HOUR,
  TIME_SLOTS,
  addDays,
  isWithinSchedulingHorizon,
  compareDays,
  dayOfWeek,
  formatDayLong,
  formatVisit,
  hasSlotPassed,
  isIsoDay,
  isTimeSlot,
  perthDay,
  perthToday,
  slotFromStartHour,
  slotStart,
  slotWindowLabel,
} from './slots';

describe('time slots: four 2-hour windows from 8 am, Perth time', () => {
  it.each([
    ['8-10 AM', 8, '8 am - 10 am'],
    ['10-12 AM', 10, '10 am - 12 pm'],
    ['12-2 PM', 12, '12 pm - 2 pm'],
    ['2-4 PM', 14, '2 pm - 4 pm'],
  ] as const)('%s starts at %i, shown as %s', (slot, hour, label) => {
    expect(isTimeSlot(slot)).toBe(true);
    expect(SLOT_START_HOUR[slot]).toBe(hour);
    expect(slotFromStartHour(hour)).toBe(slot);
    expect(slotWindowLabel(slot)).toBe(label);
  });

  it('rejects other ids', () => {
    expect(TIME_SLOTS).toHaveLength(4);
    expect(isTimeSlot('10-12 PM')).toBe(false);
    expect(isTimeSlot('')).toBe(false);
    expect(slotFromStartHour(9)).toBeNull();
  });
});

describe('isIsoDay', () => {
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
  ] as const)('%j -> %s', (s, ok) => {
    expect(isIsoDay(s)).toBe(ok);
  });
});

describe('Perth dates (UTC+8, independent of process TZ)', () => {
  it.each([
    ['2026-11-22T15:59:59.999Z', '2026-11-22'],
    ['2026-11-22T16:00:00.000Z', '2026-11-23'],
    ['2026-11-23T15:59:59.999Z', '2026-11-23'],
    ['2026-12-31T16:00:00.000Z', '2027-01-01'],
    ['2026-04-05T02:00:00.000Z', '2026-04-05'],
  ] as const)('%s is %s in Perth', (iso, day) => {
    expect(perthDay(new Date(iso))).toBe(day);
    expect(perthToday(new Date(iso))).toBe(day);
  });

  it.each([
    ['2026-11-23', '8-10 AM', '2026-11-23T00:00:00.000Z'],
    ['2026-11-23', '10-12 AM', '2026-11-23T02:00:00.000Z'],
    ['2026-11-23', '12-2 PM', '2026-11-23T04:00:00.000Z'],
    ['2026-11-23', '2-4 PM', '2026-11-23T06:00:00.000Z'],
    ['2027-01-01', '8-10 AM', '2027-01-01T00:00:00.000Z'],
  ] as const)('slotStart(%s, %s) = %s', (day, slot, iso) => {
    expect(slotStart(day, slot).toISOString()).toBe(iso);
  });

  it.each([
    ['2026-11-23T01:59:59.999Z', false],
    ['2026-11-23T02:00:00.000Z', true],
    ['2026-11-23T02:00:00.001Z', true],
    ['2026-11-22T23:00:00.000Z', false],
  ] as const)('10-12 AM on 2026-11-23 has passed at %s: %s', (now, passed) => {
    expect(hasSlotPassed('2026-11-23', '10-12 AM', new Date(now))).toBe(passed);
  });

  it('rejects bad input', () => {
    expect(() => perthDay(new Date('nope'))).toThrow();
    expect(() => slotStart('2026-02-30', '8-10 AM')).toThrow();
  });
});

describe('day arithmetic', () => {
  it.each([
    ['2026-11-23', 1, '2026-11-24'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-11-23', 30, '2026-12-23'],
    ['2026-11-23', 0, '2026-11-23'],
  ] as const)('addDays(%s, %i) = %s', (day, n, out) => {
    expect(addDays(day, n)).toBe(out);
  });

  it.each([
    ['2026-11-22', 0],
    ['2026-11-23', 1],
    ['2026-11-28', 6],
    ['2025-01-01', 3],
  ] as const)('dayOfWeek(%s) = %i', (day, dow) => {
    expect(dayOfWeek(day)).toBe(dow);
  });

  it('compares days', () => {
    expect(compareDays('2026-11-23', '2026-11-24')).toBe(-1);
    expect(compareDays('2026-11-24', '2026-11-23')).toBe(1);
    expect(compareDays('2026-11-23', '2026-11-23')).toBe(0);
  });
});

describe('formatting', () => {
  it.each([
    ['2026-11-23', '10-12 AM', 'Mon 23 Nov, 10 am - 12 pm', 'Monday 23 November 2026'],
    ['2027-01-01', '8-10 AM', 'Fri 1 Jan, 8 am - 10 am', 'Friday 1 January 2027'],
    ['2026-11-28', '2-4 PM', 'Sat 28 Nov, 2 pm - 4 pm', 'Saturday 28 November 2026'],
  ] as const)('%s %s', (day, slot, visit, long) => {
    expect(formatVisit(day, slot)).toBe(visit);
    expect(formatDayLong(day)).toBe(long);
  });
});

describe('the staff scheduling horizon (decision 256)', () => {
  it.each([
    ['2026-11-23', '2027-11-23', true],
    ['2026-11-23', '2027-11-24', false],
    ['2028-02-29', '2029-02-28', true],
    ['2028-02-29', '2029-03-01', false],
    ['2026-11-23', '2026-11-20', true],
    ['2026-11-23', '9999-12-31', false],
  ])('from %s, %s is within 12 months: %s', (today, day, ok) => expect(isWithinSchedulingHorizon(day, today)).toBe(ok));
});
