import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCents } from '../domain/money';
import { day, money, MONEY_MAX_CENTS, optionalDay, pageQuery, parseMoney, uuid, wholeNumber } from './fields';

describe('money: one rule for every amount', () => {
  it.each([
    ['12.5', 1250],
    [' 12.5 ', 1250],
    ['12', 1200],
    ['0.01', 1],
    ['-5.00', -500],
    [12.5, 1250],
    [1.005, 101],
    [2.675, 268],
    [0.1 + 0.2, 30],
    [1e-7, 0],
    [99_999_999.99, MONEY_MAX_CENTS],
  ])('%j is %i cents', (input, cents) => expect(parseMoney(input)).toBe(cents));

  it.each([
    ['1.005'],
    ['1e21'],
    [1e21],
    [Number.NaN],
    ['NaN'],
    [' '],
    [''],
    ['12.'],
    ['.5'],
    ['0x10'],
    ['1,000'],
    [Infinity],
    [null],
    [true],
    [{}],
  ])('%j is not money', (input) => expect(parseMoney(input)).toBeNull());

  const amount = money();
  it('answers a two-decimal string', () => {
    expect(amount.parse(' 12.5 ')).toBe('12.50');
    expect(amount.parse(12.5)).toBe('12.50');
    expect(amount.parse(1.005)).toBe('1.01');
  });
  it.each([['1.005'], [1e21], ['NaN'], [' '], ['-1']])('refuses %j with the money message', (input) => {
    const r = amount.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Must be a valid decimal amount');
  });
  it('refuses what the column cannot hold, naming the cap', () => {
    expect(amount.safeParse('100000000.00').error?.issues[0]?.message).toBe('Must be at most $99,999,999.99');
    expect(amount.parse('99999999.99')).toBe('99999999.99');
  });
  it('takes negatives only when signed, within the column', () => {
    expect(money({ signed: true }).parse('-12.5')).toBe('-12.50');
    expect(money({ signed: true }).safeParse('-100000000').success).toBe(false);
  });
  it('a lower cap and a minimum carry their own messages', () => {
    const total = money({ min: 1, minMessage: 'Total must be greater than $0', max: 100_00 });
    expect(total.safeParse('0').error?.issues[0]?.message).toBe('Total must be greater than $0');
    expect(total.safeParse('100.01').error?.issues[0]?.message).toBe('Must be at most $100.00');
  });
});

describe('days: real calendar days between 1900 and 2100', () => {
  it.each([
    ['2026-11-26', true],
    [' 2026-11-26 ', true],
    ['1900-01-01', true],
    ['2100-12-31', true],
    ['2026-02-29', false],
    ['2028-02-29', true],
    ['0000-01-01', false],
    ['9999-12-31', false],
    ['1899-12-31', false],
    ['2101-01-01', false],
    ['26-11-2026', false],
    ['2026-11-26T00:00:00Z', false],
  ])('%j is a day: %s', (input, ok) => expect(day().safeParse(input).success).toBe(ok));
  it('an optional day: absent stays absent, blank or null clears', () => {
    expect(optionalDay().parse(undefined)).toBeUndefined();
    expect(optionalDay().parse('')).toBeNull();
    expect(optionalDay().parse(null)).toBeNull();
    expect(optionalDay().safeParse('9999-12-31').error?.issues[0]?.message).toBe('Invalid date format');
  });
});

describe('whole numbers and ids', () => {
  const quantity = wholeNumber('Quantity', 1, 9999);
  it.each([
    [4, 4],
    ['4', 4],
    [' 12 ', 12],
  ])('%j is %i', (input, n) => expect(quantity.parse(input)).toBe(n));
  it.each([['0x10'], ['1e3'], ['1.5'], [1.5], [' '], ['0'], [10_000]])('%j is refused', (input) =>
    expect(quantity.safeParse(input).success).toBe(false),
  );
  it('a form that words its own refusal gives it for every case', () => {
    const formQuantity = wholeNumber('Quantity', 1, 4, 'Quantity must be between 1 and 4');
    for (const input of ['0x10', '5', 0, ' '])
      expect(formQuantity.safeParse(input).error?.issues[0]?.message).toBe('Quantity must be between 1 and 4');
  });
  it('a page is 1 when absent, digits otherwise', () => {
    expect(pageQuery().parse(undefined)).toBe(1);
    expect(pageQuery().parse('3')).toBe(3);
    expect(pageQuery().safeParse('0x10').success).toBe(false);
  });
  it('a malformed id is refused', () => {
    expect(uuid().safeParse('3f0e8c1a-8f5e-4e4b-9d2a-0c8b7a6e5d4c').success).toBe(true);
    expect(uuid().safeParse("1' or 1=1").success).toBe(false);
  });
});

describe('money: properties over any amount (fast-check)', () => {
  const cents = fc.integer({ min: -MONEY_MAX_CENTS, max: MONEY_MAX_CENTS });
  it('every two-decimal string reads back as the cents it was written from', () => {
    fc.assert(fc.property(cents, (c) => parseMoney(formatCents(c)) === c));
  });
  it('a number and its two-decimal text are the same money', () => {
    fc.assert(fc.property(cents, (c) => parseMoney(c / 100) === c));
  });
  it('text with more than two places is never money', () => {
    fc.assert(
      fc.property(
        cents,
        fc.integer({ min: 1, max: 9 }),
        (c, extra) => parseMoney(`${formatCents(c)}${extra}`) === null,
      ),
    );
  });
  it('the signed field answers within the column or refuses, never throws', () => {
    const amount = money({ signed: true });
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.string(), fc.integer()), (v) => {
        const r = amount.safeParse(v);
        return !r.success || Math.abs(parseMoney(r.data)!) <= MONEY_MAX_CENTS;
      }),
    );
  });
});
