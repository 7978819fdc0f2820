import { describe, expect, it } from 'vitest';
import { australianMobile, formatAustralianMobile } from './phone';

describe('Australian mobile numbers, as customers write them, in E.164', () => {
  it.each([
    ['0412 345 678', '+61412345678'],
    ['0412345678', '+61412345678'],
    ['+61 412 345 678', '+61412345678'],
    ['+61412345678', '+61412345678'],
    ['61412345678', '+61412345678'],
    ['614 1234 5678', '+61412345678'],
    ['+61 (0)412 345 678', '+61412345678'],
    ['(0412) 345-678', '+61412345678'],
    ['  0499.999.999 ', '+61499999999'],
  ])('%s is the mobile %s', (written, e164) => {
    expect(australianMobile(written)).toBe(e164);
  });

  it.each([
    ['08 5550 1234', 'a Perth landline'],
    ['+61 8 5550 1234', 'a landline written internationally'],
    ['02 9876 5432', 'a Sydney landline'],
    ['1300 123 456', 'a 1300 number'],
    ['0412 345 67', 'a digit short'],
    ['0412 345 6789', 'a digit too many'],
    ['+64 21 123 4567', 'a New Zealand mobile'],
    ['412 345 678', 'no trunk 0 and no country code'],
    ['0412 abc 678', 'letters'],
    ['', 'nothing'],
  ])('%s is not a mobile (%s): no text message', (written) => {
    expect(australianMobile(written)).toBeNull();
  });

  it('reads back as people write it', () => {
    expect(formatAustralianMobile('+61412345678')).toBe('0412 345 678');
  });
});
