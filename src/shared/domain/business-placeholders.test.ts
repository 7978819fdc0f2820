import { describe, expect, it } from 'vitest';
import { fillPlaceholders, withPlaceholders } from './business-placeholders';

const business = {
  name: 'Mobile Tyre & Battery Co.',
  phone: '08 5550 1234',
  businessDays: [1, 2, 3, 4, 5],
  prepaidDiscount: 3000,
};

describe('suburb page placeholders (docs/decisions/285-suburb-page-placeholders.md)', () => {
  it('fills the name, phone and opening days from the settings as they are now', () => {
    const text = '{business} works {days}, 8am to 4pm ({days-short} 8am-4pm). Call {phone} or {phone}.';
    expect(fillPlaceholders(text, business)).toBe(
      'Mobile Tyre & Battery Co. works Monday to Friday, 8am to 4pm (Mon-Fri 8am-4pm). Call 08 5550 1234 or 08 5550 1234.',
    );
    expect(fillPlaceholders(text, { ...business, phone: '0400 000 111', businessDays: [1, 2, 3, 4, 5, 6] })).toContain(
      'Monday to Saturday, 8am to 4pm (Mon-Sat 8am-4pm). Call 0400 000 111 or 0400 000 111.',
    );
  });

  it('turns every copy of a known name, phone and opening-days phrase into its placeholder, and changes nothing the second time', () => {
    const old = { ...business, phone: '08 9999 0000' };
    const text =
      'Mobile Tyre & Battery Co. works Monday to Friday, 8am to 4pm. Call 08 5550 1234, or the old 08 9999 0000. Mon-Fri 8am-4pm.';
    const stored = withPlaceholders(text, [business, old]);
    expect(stored).toBe('{business} works {days}, 8am to 4pm. Call {phone}, or the old {phone}. {days-short} 8am-4pm.');
    expect(withPlaceholders(stored, [business, old])).toBe(stored);
  });

  it('fills the prepayment discount from the fees as they are now, and stores an offered discount as its placeholder', () => {
    expect(fillPlaceholders('Prepay online to save {prepaid-discount}.', { ...business, prepaidDiscount: 2550 })).toBe(
      'Prepay online to save $25.50.',
    );
    const stored = withPlaceholders(
      'Prepaid online bookings save $30. Save $30 prepaid. A $30 gift card. Save $300 today.',
      [business],
    );
    expect(stored).toBe(
      'Prepaid online bookings save {prepaid-discount}. Save {prepaid-discount} prepaid. A $30 gift card. Save $300 today.',
    );
    expect(withPlaceholders(stored, [business])).toBe(stored);
  });

  it('leaves a day named in ordinary text alone, and never replaces a name too short to be safe', () => {
    expect(withPlaceholders('Closed on Monday to Friday public holidays.', [business])).toBe(
      'Closed on Monday to Friday public holidays.',
    );
    expect(withPlaceholders('Tyres for every car.', [{ ...business, name: 'Tyres' }])).toBe(
      '{business} for every car.',
    );
    expect(withPlaceholders('Our Co team.', [{ ...business, name: 'Co' }])).toBe('Our Co team.');
  });
});
