import { describe, expect, it } from 'vitest';
import { hasTwoLetters, isPlausibleAustralianPhone, isPlausiblePhone } from './contact-checks';

describe('plausible Australian phone numbers (digits, spaces, +61)', () => {
  it.each([
    '0412 345 678',
    '0412345678',
    '08 5550 1234',
    '02 9876 5432',
    '03 9000 0000',
    '07 3000 0000',
    '+61 412 345 678',
    '+61412345678',
    '+61 8 5550 1234',
    '  0400 000 000  ',
  ])('accepts %s', (phone) => {
    expect(isPlausibleAustralianPhone(phone)).toBe(true);
  });

  it.each([
    ['letters', 'abcdefghij'],
    ['too few digits', '0412 345 67'],
    ['too many digits', '0412 345 6789'],
    ['no leading 0', '4123456789'],
    ['unknown area code', '09 1234 5678'],
    ['+61 with the 0 kept', '+61 0412 345 678'],
    ['another country', '+64 21 123 4567'],
    ['a plus in the middle', '0412+345678'],
    ['hyphens', '0412-345-678'],
    ['brackets', '(08) 5550 1234'],
    ['letters mixed in', '0412 345 67a'],
    ['empty', ''],
  ])('refuses %s: %s', (_why, phone) => {
    expect(isPlausibleAustralianPhone(phone)).toBe(false);
  });
});

describe('the one phone rule: Australian, or another country with its + code', () => {
  it.each(['0412 345 678', '+61 8 5550 1234', '+64 21 123 4567', '+44 20 7946 0958', '+1 415 555 0100'])(
    'accepts %s',
    (phone) => {
      expect(isPlausiblePhone(phone)).toBe(true);
    },
  );

  it.each([
    ['a date', '0000-01-01T00:00:00Z'],
    ['+61 with the 0 kept', '+61 0412 345 678'],
    ['a country code of 0', '+0 412 345 678'],
    ['too few digits', '+64 1234'],
    ['too many digits', '+64 1234 5678 9012 3456'],
    ['letters', '+64 21 abc 4567'],
    ['hyphens', '+64-21-123-4567'],
    ['no plus', '64 21 123 4567'],
  ])('refuses %s: %s', (_why, phone) => {
    expect(isPlausiblePhone(phone)).toBe(false);
  });
});

describe('a name has at least two letters', () => {
  it.each(['Jo', 'Sam Taylor', 'Zoë', '李明', "O'Neil", 'J. Smith'])('accepts %s', (name) => {
    expect(hasTwoLetters(name)).toBe(true);
  });
  it.each(['J', 'J.', '12', '1.', '', '  ', '-- --'])('refuses %j', (name) => {
    expect(hasTwoLetters(name)).toBe(false);
  });
});
