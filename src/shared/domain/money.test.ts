import { describe, it, expect } from 'vitest';
import { formatCents, formatDollars, parseMoney, sumCents, toCents } from './money';

describe('toCents', () => {
  it.each([
    ['129.80', 12980],
    ['129.8', 12980],
    ['12', 1200],
    [' 89.80 ', 8980],
    ['-5', -500],
    ['0.01', 1],
    ['0', 0],
    [129.8, 12980],
    [89.8, 8980],
    [1.005, 101],
    [0.1 + 0.2, 30],
    [12, 1200],
    [-5.5, -550],
    [159, 15900],
  ] as const)('%j -> %i', (input, cents) => {
    expect(toCents(input)).toBe(cents);
  });

  it.each([NaN, Infinity, -Infinity, '', ' ', '1.234', 'abc', '1,000.00', '$5', '1.', '.5', '1e3', 1e300])(
    'rejects %j',
    (input) => {
      expect(() => toCents(input)).toThrow('Must be a valid decimal amount');
    },
  );
});

describe('parseMoney of text', () => {
  it.each([
    ['129.80', true],
    ['-5', true],
    ['12.3', true],
    ['1.234', false],
    ['', false],
    ['1.', false],
    ['abc', false],
  ] as const)('%j -> %s', (s, ok) => {
    expect(parseMoney(s) !== null).toBe(ok);
  });
});

describe('formatting', () => {
  it.each([
    [12980, '129.80', '$129.80'],
    [-500, '-5.00', '-$5.00'],
    [0, '0.00', '$0.00'],
    [123450, '1234.50', '$1,234.50'],
    [123456789, '1234567.89', '$1,234,567.89'],
    [5, '0.05', '$0.05'],
  ] as const)('%i -> %s / %s', (c, api, display) => {
    expect(formatCents(c)).toBe(api);
    expect(formatDollars(c)).toBe(display);
  });

  it('rejects fractional cents', () => {
    expect(() => formatCents(1.5)).toThrow();
  });
});

describe('sumCents', () => {
  it('adds integer cents exactly', () => {
    expect(sumCents([])).toBe(0);
    expect(sumCents([10, 20, 8980])).toBe(9010);
    expect(sumCents(Array.from({ length: 10 }, () => 10))).toBe(100);
  });
});
