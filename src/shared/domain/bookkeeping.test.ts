import { describe, expect, it } from 'vitest';
import {
  ageBucket,
  billAmounts,
  daysBetween,
  dueTone,
  financialYearOf,
  gstBreakdown,
  jobProfit,
  lastDayOfMonth,
  monthsOf,
  percentOf,
  resolveReportRange,
  twelveMonthsEnding,
} from './bookkeeping';

describe('financial year (1 July to 30 June)', () => {
  it.each([
    ['2026-11-23', '2026-07-01', '2027-06-30'],
    ['2026-07-01', '2026-07-01', '2027-06-30'],
    ['2026-06-30', '2025-07-01', '2026-06-30'],
    ['2027-01-01', '2026-07-01', '2027-06-30'],
  ])('%s falls in %s..%s', (day, start, end) => {
    expect(financialYearOf(day)).toEqual({ startDate: start, endDate: end });
  });

  it('fills a missing end of a report range from the financial year of the given end', () => {
    expect(resolveReportRange({}, '2026-11-23')).toEqual({ startDate: '2026-07-01', endDate: '2027-06-30' });
    expect(resolveReportRange({ startDate: '2026-11-01' }, '2026-11-23')).toEqual({
      startDate: '2026-11-01',
      endDate: '2027-06-30',
    });
    expect(resolveReportRange({ endDate: '2026-03-31' }, '2026-11-23')).toEqual({
      startDate: '2025-07-01',
      endDate: '2026-03-31',
    });
    expect(resolveReportRange({ startDate: '2026-11-01', endDate: '2026-11-30' }, '2026-11-23')).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    });
  });
});

describe('calendar helpers', () => {
  it.each([
    ['2026-11-01', '2026-11-30', 29],
    ['2026-12-31', '2027-01-01', 1],
    ['2027-01-01', '2026-12-31', -1],
    ['2028-02-28', '2028-03-01', 2],
  ])('days from %s to %s: %i', (a, b, n) => expect(daysBetween(a, b)).toBe(n));

  it('lists the months a range touches', () => {
    expect(monthsOf({ startDate: '2026-11-15', endDate: '2027-02-01' })).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
    ]);
    expect(monthsOf({ startDate: '2026-07-01', endDate: '2027-06-30' })).toHaveLength(12);
  });

  it('takes the 12 months ending with a day', () => {
    expect(twelveMonthsEnding('2026-11-23')).toEqual({ startDate: '2025-12-01', endDate: '2026-11-23' });
    expect(twelveMonthsEnding('2026-12-05')).toEqual({ startDate: '2026-01-01', endDate: '2026-12-05' });
  });

  it.each([
    ['2026-02', '2026-02-28'],
    ['2028-02', '2028-02-29'],
    ['2026-12', '2026-12-31'],
  ])('last day of %s is %s', (m, d) => expect(lastDayOfMonth(m)).toBe(d));
});

describe('percentages to two decimals', () => {
  it.each([
    [1, 3, 33.33],
    [2, 3, 66.67],
    [-1, 3, -33.33],
    [1, 8, 12.5],
    [5, 0, 0],
    [0, 100, 0],
    [12_345, 12_345, 100],
    [1, 20_000, 0.01],
    [1, 40_000, 0],
  ])('%i of %i is %f %%', (part, whole, pct) => expect(percentOf(part, whole)).toBe(pct));
});

describe('GST breakdown of a GST-inclusive total', () => {
  it.each([
    [11_000, 10_000, 1_000],
    [12_980, 11_800, 1_180],
    [1, 1, 0],
    [6, 5, 1],
    [5, 5, 0],
  ])('%i cents: ex %i, GST %i', (total, ex, gst) =>
    expect(gstBreakdown(total)).toEqual({ exGst: ex, gst, incGst: total }),
  );

  it('keeps a GST amount that was given', () =>
    expect(gstBreakdown(11_000, 0)).toEqual({ exGst: 11_000, gst: 0, incGst: 11_000 }));
});

describe("a bill's or an expense's amounts", () => {
  it('works out GST as one eleventh unless given, and the ex-GST rest', () => {
    expect(billAmounts(12_345, null)).toEqual({ total: 12_345, gst: 1_122, exGst: 11_223 });
    expect(billAmounts(9_950, 0)).toEqual({ total: 9_950, gst: 0, exGst: 9_950 });
    expect(billAmounts(1_000, 1_000)).toEqual({ total: 1_000, gst: 1_000, exGst: 0 });
  });
  it('refuses a GST above the total', () => expect(billAmounts(1_000, 1_001)).toBeNull());
});

describe('upcoming payment badge', () => {
  it.each([
    [0, 'red'],
    [7, 'red'],
    [8, 'yellow'],
    [14, 'yellow'],
    [15, 'grey'],
    [30, 'grey'],
  ] as const)('%i days: %s', (days, tone) => expect(dueTone(days)).toBe(tone));
});

describe('receivable age', () => {
  it.each([
    [null, 'current', 0],
    ['2026-11-30', 'current', 0],
    ['2026-11-23', 'current', 0],
    ['2026-11-22', '1-30', 1],
    ['2026-10-24', '1-30', 30],
    ['2026-10-23', '31-60', 31],
    ['2026-09-24', '31-60', 60],
    ['2026-09-23', '61+', 61],
  ] as const)('due %s, as at 2026-11-23: %s', (due, bucket, days) =>
    expect(ageBucket(due, '2026-11-23')).toEqual({ bucket, daysOverdue: days }),
  );
});

describe("a job's profit", () => {
  it('is the invoice total minus the purchase invoices', () => {
    expect(jobProfit({ invoiceTotal: 50_000, quotedValue: 45_000, purchaseTotals: [22_000, 5_500] })).toEqual({
      revenue: 50_000,
      revenueSource: 'invoice',
      costs: 27_500,
      profit: 22_500,
      margin: 45,
    });
  });
  it('uses the quote as an estimate before the job is invoiced', () => {
    expect(jobProfit({ invoiceTotal: null, quotedValue: 12_980, purchaseTotals: [] })).toEqual({
      revenue: 12_980,
      revenueSource: 'quote',
      costs: 0,
      profit: 12_980,
      margin: 100,
    });
  });
  it('has no profit without an invoice or a price', () => {
    expect(jobProfit({ invoiceTotal: null, quotedValue: null, purchaseTotals: [1_000] })).toEqual({
      revenue: null,
      revenueSource: null,
      costs: 1_000,
      profit: null,
      margin: null,
    });
  });
  it('can be a loss', () => {
    expect(jobProfit({ invoiceTotal: 10_000, quotedValue: null, purchaseTotals: [15_000] })).toMatchObject({
      profit: -5_000,
      margin: -50,
    });
  });
});
