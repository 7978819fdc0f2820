import { describe, it, expect } from 'vitest';
import {
  SLOT_START_HOUR,
  TIME_SLOTS,
  isWithinSchedulingHorizon,
  formatVisit,
  hasSlotPassed,
  isTimeSlot,
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

describe('slot starts in Perth (UTC+8, independent of process TZ)', () => {
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
    expect(() => slotStart('2026-02-30', '8-10 AM')).toThrow();
  });
});

describe('formatting', () => {
  it.each([
    ['2026-11-23', '10-12 AM', 'Mon 23 Nov, 10 am - 12 pm'],
    ['2027-01-01', '8-10 AM', 'Fri 1 Jan, 8 am - 10 am'],
    ['2026-11-28', '2-4 PM', 'Sat 28 Nov, 2 pm - 4 pm'],
  ] as const)('%s %s', (day, slot, visit) => {
    expect(formatVisit(day, slot)).toBe(visit);
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
