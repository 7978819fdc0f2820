import { describe, expect, it } from 'vitest';
import { perthToday } from '../../../shared/domain/perth-time';
import { BLOCK_REASON_MAX, type StaffSlotDay } from '../../../shared/schemas/slots';
import {
  calendarStart,
  closedLabel,
  dayBlockedSummary,
  dayCardRoom,
  groupByWeek,
  mondayOf,
  placesLabel,
  shortDay,
} from './calendar-days';

const free = (slot: StaffSlotDay['slots'][number]['slot']) => ({
  slot,
  state: 'free' as const,
  reason: null,
  places: 1,
  jobs: [],
});
const day = (date: string, over: Partial<StaffSlotDay> = {}): StaffSlotDay => ({
  date,
  closedReason: null,
  slots: [free('8-10 AM'), free('10-12 AM'), free('12-2 PM'), free('2-4 PM')],
  ...over,
});

describe('the Time-slots calendar days', () => {
  it('starts on the Monday of the week asked for, or of this Perth week', () => {
    expect(mondayOf('2026-11-26')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(calendarStart('2026-12-09', '2026-11-24')).toBe('2026-12-07');
    // Sunday 29 Nov 20:00 UTC is Monday 30 Nov 04:00 in Perth.
    expect(calendarStart(null, perthToday(new Date('2026-11-29T20:00:00Z')))).toBe('2026-11-30');
    expect(calendarStart('2026-02-30', '2026-11-24')).toBe('2026-11-23');
  });

  it('names days briefly and closed days by their reason', () => {
    expect(shortDay('2026-11-24')).toBe('Tue 24 Nov');
    expect(closedLabel(day('2026-12-25', { closedReason: 'Public holiday' }))).toBe('Public holiday: Christmas Day');
    expect(closedLabel(day('2026-11-28', { closedReason: 'Closed' }))).toBe('Closed');
    expect(closedLabel(day('2026-11-24'))).toBeNull();
  });

  it('groups days into Monday-to-Sunday weeks', () => {
    const days = ['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01'].map((d) => day(d));
    expect(groupByWeek(days).map((w) => w.map((d) => d.date))).toEqual([
      ['2026-11-27', '2026-11-28', '2026-11-29'],
      ['2026-11-30', '2026-12-01'],
    ]);
  });

  it('sums up a whole-day block: the slots it blocked and the jobs that keep theirs', () => {
    const job = { id: 'j1', jobNumber: 'JOB-10001', suburb: 'Joondalup', status: 'new' as const, technician: null };
    const blocked = day('2026-11-24', {
      slots: [
        { slot: '8-10 AM', state: 'booked', reason: null, places: 1, jobs: [job] },
        { slot: '10-12 AM', state: 'blocked', reason: 'Rain', places: 1, jobs: [] },
        { slot: '12-2 PM', state: 'blocked', reason: 'Rain', places: 1, jobs: [] },
        { slot: '2-4 PM', state: 'blocked', reason: 'Van service', places: 1, jobs: [] },
      ],
    });
    expect(dayBlockedSummary(blocked, 'Rain')).toBe('2 slots blocked on Tue 24 Nov. JOB-10001 keeps its booking.');
  });

  it('counts a slot\'s jobs against its places with more than one van, and reads "Booked" with one', () => {
    const job = (n: number) => ({
      id: `j${n}`,
      jobNumber: `JOB-1000${n}`,
      suburb: 'Joondalup',
      status: 'new' as const,
      technician: null,
    });
    expect(placesLabel({ state: 'booked', places: 1, jobs: [job(1)] })).toBe('Booked');
    expect(placesLabel({ state: 'partly', places: 2, jobs: [job(1)] })).toBe('1 of 2 booked');
    expect(placesLabel({ state: 'booked', places: 2, jobs: [job(1), job(2)] })).toBe('2 of 2 booked');
    expect(placesLabel({ state: 'booked', places: 1, jobs: [job(1), job(2)] })).toBe('2 booked: full');
    expect(placesLabel({ state: 'booked', places: 0, jobs: [] })).toBe('Full: no van free');
    expect(placesLabel({ state: 'free', places: 2, jobs: [] })).toBeNull();
  });
});

describe("a phone's day card before it is drawn", () => {
  const job = (n: number) => ({
    id: `j${n}`,
    jobNumber: `JOB-1000${n}`,
    suburb: 'Mandurah',
    status: 'new' as const,
    technician: 'Sam',
  });
  it('keeps a line or two for a closed or passed day, and more for each job and each line of a block reason', () => {
    expect(dayCardRoom(day('2026-12-25', { closedReason: 'Public holiday' }))).toBe(5);
    const passed = (slot: StaffSlotDay['slots'][number]['slot']) => ({ ...free(slot), state: 'passed' as const });
    expect(
      dayCardRoom(
        day('2026-11-23', { slots: [passed('8-10 AM'), passed('10-12 AM'), passed('12-2 PM'), passed('2-4 PM')] }),
      ),
    ).toBe(5);
    const open = dayCardRoom(day('2026-12-01'));
    const twoJobs = dayCardRoom(
      day('2026-12-01', {
        slots: [
          { ...free('8-10 AM'), state: 'booked', jobs: [job(1)] },
          { ...free('10-12 AM'), state: 'partly', places: 2, jobs: [job(2)] },
          free('12-2 PM'),
          free('2-4 PM'),
        ],
      }),
    );
    const blocked = dayCardRoom(
      day('2026-12-01', {
        slots: [
          { ...free('8-10 AM'), state: 'blocked', reason: 'x'.repeat(BLOCK_REASON_MAX) },
          free('10-12 AM'),
          free('12-2 PM'),
          free('2-4 PM'),
        ],
      }),
    );
    expect(open).toBeGreaterThan(5);
    expect(twoJobs).toBeGreaterThan(open);
    expect(blocked - open).toBeGreaterThanOrEqual(10 * 1.25);
  });
});
