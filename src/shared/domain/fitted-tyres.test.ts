import { describe, expect, it } from 'vitest';
import { isDotInFuture, isTyreOverAge, parseDotCode, warrantyEndDay } from './fitted-tyres';

// The DOT date code, the six-year age mark and the warranty's end (docs/decisions/414-tyre-records.md).
describe('DOT date codes', () => {
  it.each([
    ['2319', { week: 23, year: 2019 }],
    ['0125', { week: 1, year: 2025 }],
    ['5324', { week: 53, year: 2024 }],
    ['5519', null],
    ['0019', null],
    ['231', null],
    ['23190', null],
    ['23a9', null],
  ])('%s reads as %j', (code, expected) => {
    expect(parseDotCode(code)).toEqual(expected);
  });

  it('a week that has not begun on the day is in the future', () => {
    expect(isDotInFuture({ week: 48, year: 2026 }, '2026-11-23')).toBe(false);
    expect(isDotInFuture({ week: 49, year: 2026 }, '2026-11-23')).toBe(true);
    expect(isDotInFuture({ week: 1, year: 2027 }, '2026-11-23')).toBe(true);
  });

  it('a tyre is over age when made before the same week six years earlier', () => {
    expect(isTyreOverAge({ week: 23, year: 2019 }, '2026-11-23')).toBe(true);
    expect(isTyreOverAge({ week: 48, year: 2020 }, '2026-11-23')).toBe(false);
    expect(isTyreOverAge({ week: 46, year: 2020 }, '2026-11-23')).toBe(true);
  });
});

describe('the warranty end', () => {
  it.each([
    ['2026-11-23', 12, '2027-11-23'],
    ['2027-01-31', 1, '2027-02-28'],
    ['2028-02-29', 12, '2029-02-28'],
    ['2026-11-23', 0, '2026-11-23'],
  ])('%s plus %i months ends on %s', (fitted, months, end) => {
    expect(warrantyEndDay(fitted, months)).toBe(end);
  });
});
