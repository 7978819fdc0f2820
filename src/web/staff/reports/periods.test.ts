import { describe, expect, it } from 'vitest';
import { presetOf, reportPresets } from './periods';

const periods = (today: string) => Object.fromEntries(reportPresets(today).map((p) => [p.id, p.period]));

describe('report period presets, from Perth today', () => {
  it('in late November: the month, October, the Oct-Dec BAS quarter and the financial years around it', () => {
    expect(periods('2026-11-26')).toEqual({
      'this-month': { startDate: '2026-11-01', endDate: '2026-11-30' },
      'last-month': { startDate: '2026-10-01', endDate: '2026-10-31' },
      'this-quarter': { startDate: '2026-10-01', endDate: '2026-12-31' },
      'this-fy': { startDate: '2026-07-01', endDate: '2027-06-30' },
      'last-fy': { startDate: '2025-07-01', endDate: '2026-06-30' },
    });
  });

  it('in January: last month is December of the year before, the quarter Jan-Mar, the year began the July before', () => {
    expect(periods('2027-01-05')).toMatchObject({
      'last-month': { startDate: '2026-12-01', endDate: '2026-12-31' },
      'this-quarter': { startDate: '2027-01-01', endDate: '2027-03-31' },
      'this-fy': { startDate: '2026-07-01', endDate: '2027-06-30' },
      'last-fy': { startDate: '2025-07-01', endDate: '2026-06-30' },
    });
  });

  it('ends February on the 29th in a leap year and a quarter in June on the 30th', () => {
    expect(periods('2028-03-10')['last-month']).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
    expect(periods('2027-06-30')['this-quarter']).toEqual({ startDate: '2027-04-01', endDate: '2027-06-30' });
    expect(periods('2027-07-01')['last-fy']).toEqual({ startDate: '2026-07-01', endDate: '2027-06-30' });
  });

  it('names the preset a chosen period is, and none for dates typed by hand', () => {
    expect(presetOf({ startDate: '2026-10-01', endDate: '2026-12-31' }, '2026-11-26')).toBe('this-quarter');
    expect(presetOf({ startDate: '2026-10-02', endDate: '2026-12-31' }, '2026-11-26')).toBeUndefined();
  });
});
