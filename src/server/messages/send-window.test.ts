import { describe, expect, it } from 'vitest';
import { isWithinSendWindow, nextSendTime } from './send-window';

// Perth is UTC+8 all year: 8 am Perth is 00:00 UTC, 8 pm Perth is 12:00 UTC.
describe('automated messages go between 8 am and 8 pm Perth only', () => {
  it.each([
    ['2026-11-24T00:00:00.000Z', '8:00 am Perth, the window opens'],
    ['2026-11-24T04:30:00.000Z', '12:30 pm Perth'],
    ['2026-11-24T11:59:59.999Z', 'the last moment before 8 pm Perth'],
  ])('%s (%s) goes at once', (iso) => {
    expect(isWithinSendWindow(new Date(iso))).toBe(true);
    expect(nextSendTime(new Date(iso)).toISOString()).toBe(iso);
  });

  it.each([
    ['2026-11-24T12:00:00.000Z', '8:00 pm Perth Tuesday', '2026-11-25T00:00:00.000Z'],
    ['2026-11-24T15:59:00.000Z', '11:59 pm Perth Tuesday', '2026-11-25T00:00:00.000Z'],
    ['2026-11-24T16:00:00.000Z', 'midnight Perth, Wednesday begins', '2026-11-25T00:00:00.000Z'],
    ['2026-11-24T19:30:00.000Z', '3:30 am Perth Wednesday (still Tuesday in UTC)', '2026-11-25T00:00:00.000Z'],
    ['2026-11-23T23:59:59.000Z', '7:59:59 am Perth Tuesday', '2026-11-24T00:00:00.000Z'],
    ['2026-12-31T13:00:00.000Z', '9 pm Perth on New Year’s Eve', '2027-01-01T00:00:00.000Z'],
  ])('%s (%s) waits until 8 am Perth, %s', (iso, _when, expected) => {
    expect(isWithinSendWindow(new Date(iso))).toBe(false);
    expect(nextSendTime(new Date(iso)).toISOString()).toBe(expected);
  });

  it('keeps 8 am all year: Perth has no daylight saving (April and October, when the eastern states change)', () => {
    expect(nextSendTime(new Date('2026-04-05T14:00:00.000Z')).toISOString()).toBe('2026-04-06T00:00:00.000Z');
    expect(nextSendTime(new Date('2026-10-04T14:00:00.000Z')).toISOString()).toBe('2026-10-05T00:00:00.000Z');
    expect(nextSendTime(new Date('2026-07-01T12:30:00.000Z')).toISOString()).toBe('2026-07-02T00:00:00.000Z');
  });
});
