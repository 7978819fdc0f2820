import { describe, it, expect } from 'vitest';
import { formatTyreSize, normaliseTyreSize } from './tyre-size';

describe('normaliseTyreSize', () => {
  it.each([
    ['205/55R16', '205/55R16'],
    ['205/55 r16', '205/55R16'],
    [' 205/55R16 ', '205/55R16'],
    ['205 55 16', '205/55R16'],
    ['205/55ZR16', '205/55R16'],
    ['205/55zr16', '205/55R16'],
    ['205 / 55 R 16', '205/55R16'],
    ['20555R16', '205/55R16'],
    ['', null],
    ['205/55', null],
    ['205/55R16.5', null],
    ['2055/55R16', null],
    ['abc', null],
    ['LT205/55R16', null],
  ] as const)('%j -> %j', (input, out) => {
    expect(normaliseTyreSize(input)).toBe(out);
  });
});

describe('formatTyreSize: up to 3/2/2 digits', () => {
  it.each([
    ['205', '55', '16', '205/55R16'],
    [' 195 ', '65', '15', '195/65R15'],
    ['', '55', '16', null],
    ['205', '', '16', null],
    ['205', '55', '', null],
    ['2055', '55', '16', null],
    ['205', '555', '16', null],
    ['205', '55', '166', null],
    ['20a', '55', '16', null],
  ] as const)('(%j, %j, %j) -> %j', (w, p, r, out) => {
    expect(formatTyreSize(w, p, r)).toBe(out);
  });
});
