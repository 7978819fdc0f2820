import { describe, expect, it } from 'vitest';
import { fieldChanges, toTyrePrice, type PriceRow } from './price-list';

/** How a price list row compares with new values, and what staff see of it (decision 281). */

const row = (over: Partial<PriceRow> = {}): PriceRow => ({
  id: '11111111-1111-4111-8111-111111111111',
  size: '205/55R16',
  brand: 'Michelin',
  model: 'Primacy 4',
  purchasePrice: '120.00',
  retailPrice: '159.00',
  isActive: true,
  stock: null,
  updatedAt: new Date('2026-11-23T00:00:00Z'),
  ...over,
});

describe('comparing a row with new values', () => {
  it('lists each changed field old -> new as the history shows it, in a fixed order', () => {
    expect(fieldChanges(row(), { retailPrice: '1234.50', stock: 0, purchasePrice: '120.00', isActive: false })).toEqual(
      [
        { field: 'retailPrice', from: '$159.00', to: '$1,234.50' },
        { field: 'stock', from: 'not tracked', to: '0' },
        { field: 'isActive', from: 'yes', to: 'no' },
      ],
    );
  });

  it('finds nothing to change when every value is the same (a second import of one file)', () => {
    expect(
      fieldChanges(row({ stock: 4 }), { purchasePrice: '120.00', retailPrice: '159.00', stock: 4, isActive: true }),
    ).toEqual([]);
  });

  it('leaves out what the values do not mention (a file without a stock column)', () => {
    expect(fieldChanges(row({ stock: 4 }), { retailPrice: '160.00' })).toEqual([
      { field: 'retailPrice', from: '$159.00', to: '$160.00' },
    ]);
  });
});

describe('the margin staff see', () => {
  it.each([
    ['120.00', '159.00', '39.00', 24.5],
    ['90.00', '139.00', '49.00', 35.3],
    ['200.00', '180.00', '-20.00', -11.1],
    ['0.00', '100.00', '100.00', 100],
  ])('purchase %s, retail %s: margin %s (%s%)', (purchasePrice, retailPrice, margin, marginPercent) => {
    expect(toTyrePrice(row({ purchasePrice, retailPrice }))).toMatchObject({ margin, marginPercent });
  });
});
