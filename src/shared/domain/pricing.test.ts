import { describe, it, expect } from 'vitest';
import {
  CALLBACK_MESSAGE,
  adminEstimate,
  canPrepay,
  cardSurcharge,
  cardSurchargeLabel,
  priceService,
  withCardSurcharge,
} from './pricing';
import { formatCents } from './money';
import { DEFAULT_FEES, type Fees } from './settings';

const fees = DEFAULT_FEES;

const money = (c: number) => formatCents(c);

describe('priceService: callout 89.80, puncture 40, fitting 25 and balancing 15 per tyre, 30 off prepaid', () => {
  it.each([
    // service, prepaid, subtotal, discount, total, gst, original
    ['puncture-repair', false, '129.80', '0.00', '129.80', '11.80', '129.80'],
    ['puncture-repair', true, '129.80', '30.00', '99.80', '9.07', '129.80'],
    ['battery-service', false, '89.80', '0.00', '89.80', '8.16', '89.80'],
    ['emergency-callout', false, '89.80', '0.00', '89.80', '8.16', '89.80'],
    ['emergency-callout', true, '89.80', '30.00', '59.80', '5.44', '89.80'],
  ] as const)('%s prepaid=%s', (serviceType, isPrepaid, subtotal, discount, total, gst, original) => {
    const q = priceService({ serviceType, isPrepaid }, fees);
    expect(q.callbackRequired).toBe(false);
    expect(money(q.subtotalCents)).toBe(subtotal);
    expect(money(q.discountCents)).toBe(discount);
    expect(money(q.totalCents)).toBe(total);
    expect(money(q.gstCents)).toBe(gst);
    expect(money(q.originalCents)).toBe(original);
  });

  it('lists service items', () => {
    expect(priceService({ serviceType: 'puncture-repair', isPrepaid: false }, fees).items).toEqual([
      { description: 'Puncture Repair', priceCents: 4000 },
      { description: 'Mobile Service Callout', priceCents: 8980 },
    ]);
    expect(priceService({ serviceType: 'battery-service', isPrepaid: false }, fees).items).toEqual([
      { description: 'Battery Service (Quote on site)', priceCents: 0 },
      { description: 'Mobile Service Callout', priceCents: 8980 },
    ]);
    expect(priceService({ serviceType: 'emergency-callout', isPrepaid: false }, fees).items).toEqual([
      { description: 'Mobile Service Callout', priceCents: 8980 },
    ]);
  });

  // 4 x 159.00 + 4 x 25 + 4 x 15 + 89.80 = 885.80; prepaid 855.80; GST 855.80 / 11 = 77.80.
  it.each([
    [4, true, '885.80', '855.80', '77.80', '885.80'],
    [4, false, '885.80', '885.80', '80.53', '885.80'],
    [1, true, '288.80', '258.80', '23.53', '288.80'],
    [1, false, '288.80', '288.80', '26.25', '288.80'],
  ] as const)(
    'new tyres %i x 205/55R16 at 159.00, prepaid=%s',
    (quantity, isPrepaid, subtotal, total, gst, original) => {
      const q = priceService(
        {
          serviceType: 'new-tyres',
          isPrepaid,
          quantity,
          tyreSize: '205/55 r16',
          tyreUnitPriceCents: 15900,
        },
        fees,
      );
      expect(q.items).toEqual([
        { description: `${quantity} x 205/55R16 tyre`, priceCents: 15900 * quantity },
        { description: 'Fitting', priceCents: 2500 * quantity },
        { description: 'Balancing', priceCents: 1500 * quantity },
        { description: 'Mobile Service Callout', priceCents: 8980 },
      ]);
      expect(money(q.subtotalCents)).toBe(subtotal);
      expect(money(q.totalCents)).toBe(total);
      expect(money(q.gstCents)).toBe(gst);
      expect(money(q.originalCents)).toBe(original);
      // The quote's lines add up to the estimate formula (docs/product.md "Prices and fees").
      expect(q.subtotalCents).toBe(
        adminEstimate({ serviceType: 'new-tyres', quantity, tyreUnitPriceCents: 15900 }, fees),
      );
    },
  );

  it.each([null, undefined])('new tyres without a price (%s) need a callback', (tyreUnitPriceCents) => {
    const q = priceService(
      { serviceType: 'new-tyres', isPrepaid: true, quantity: 2, tyreSize: '999/99R99', tyreUnitPriceCents },
      fees,
    );
    expect(q).toEqual({
      items: [],
      subtotalCents: 0,
      discountCents: 0,
      totalCents: 0,
      gstCents: 0,
      originalCents: 0,
      callbackRequired: true,
      message: CALLBACK_MESSAGE,
    });
    expect(q.message).toBe('Please call for a quote on this tyre size');
    expect(canPrepay('new-tyres', q)).toBe(false);
  });

  it('no discount when the subtotal is 0 (a free tyre row is still priced, so only the callout counts)', () => {
    const q = priceService(
      { serviceType: 'new-tyres', isPrepaid: true, quantity: 1, tyreSize: '205/55R16', tyreUnitPriceCents: 0 },
      fees,
    );
    expect(q.totalCents).toBe(8980 + 4000 - 3000);
  });

  it.each([0, 5, 1.5, -1, NaN])('rejects tyre quantity %s', (quantity) => {
    expect(() =>
      priceService(
        { serviceType: 'new-tyres', isPrepaid: false, quantity, tyreSize: '205/55R16', tyreUnitPriceCents: 15900 },
        fees,
      ),
    ).toThrow();
  });

  it('defaults tyre quantity to 1', () => {
    const q = priceService(
      { serviceType: 'new-tyres', isPrepaid: false, tyreSize: '205/55R16', tyreUnitPriceCents: 15900 },
      fees,
    );
    expect(q.items[0]?.description).toBe('1 x 205/55R16 tyre');
  });
});

describe('canPrepay: battery service is paid on site', () => {
  it.each([
    ['puncture-repair', true],
    ['emergency-callout', true],
    ['battery-service', false],
  ] as const)('%s -> %s', (serviceType, ok) => {
    expect(canPrepay(serviceType, priceService({ serviceType, isPrepaid: false }, fees))).toBe(ok);
  });
});

describe('card surcharge 1.7%', () => {
  it.each([
    [9980, 170, 10150], // 169.66 -> 170
    [12980, 221, 13201], // 220.66 -> 221
    [8980, 153, 9133], // 152.66 -> 153
    [85580, 1455, 87035], // 1454.86 -> 1455
    [1500, 26, 1526], // exactly 25.5 rounds up
    [0, 0, 0],
  ] as const)('%i -> surcharge %i, total %i', (amount, surcharge, total) => {
    expect(cardSurcharge(amount, fees)).toBe(surcharge);
    expect(withCardSurcharge(amount, fees)).toBe(total);
  });
});

describe('adminEstimate: puncture 129.80, battery and callout 89.80, tyres by the formula, 0 for a callback', () => {
  it.each([
    ['puncture-repair', 4, null, 12980],
    ['battery-service', 4, null, 8980],
    ['emergency-callout', 1, null, 8980],
    ['new-tyres', 4, 15900, 88580],
    ['new-tyres', 1, 15900, 28880],
    ['new-tyres', 4, null, 0],
  ] as const)('%s x%i at %s -> %i', (serviceType, quantity, tyreUnitPriceCents, cents) => {
    expect(adminEstimate({ serviceType, quantity, tyreUnitPriceCents }, fees)).toBe(cents);
  });
});

describe("the owner's fees reach every price (docs/decisions/280-owner-settings-in-the-database.md)", () => {
  const changed: Fees = {
    callout: 9500,
    punctureRepair: 4550,
    fittingPerTyre: 3000,
    balancingPerTyre: 2000,
    prepaidDiscount: 2000,
    cardSurchargeBasisPoints: 175,
  };

  it('a puncture repair costs the new callout plus the new repair, less the new prepay discount', () => {
    const q = priceService({ serviceType: 'puncture-repair', isPrepaid: true }, changed);
    expect(money(q.subtotalCents)).toBe('140.50');
    expect(money(q.discountCents)).toBe('20.00');
    expect(money(q.totalCents)).toBe('120.50');
    expect(money(q.originalCents)).toBe('140.50');
  });

  it('tyres use the new fitting and balancing per tyre', () => {
    const q = priceService(
      { serviceType: 'new-tyres', isPrepaid: false, quantity: 2, tyreSize: '205/55R16', tyreUnitPriceCents: 15900 },
      changed,
    );
    expect(money(q.totalCents)).toBe('513.00');
    expect(adminEstimate({ serviceType: 'new-tyres', quantity: 2, tyreUnitPriceCents: 15900 }, changed)).toBe(51300);
  });

  it('the fixed estimates follow the callout and the repair', () => {
    expect(adminEstimate({ serviceType: 'puncture-repair', quantity: 1, tyreUnitPriceCents: null }, changed)).toBe(
      14050,
    );
    expect(adminEstimate({ serviceType: 'battery-service', quantity: 1, tyreUnitPriceCents: null }, changed)).toBe(
      9500,
    );
  });

  it('the card surcharge uses the new rate, to the cent', () => {
    // 120.50 x 1.75% = 2.10875 -> 2.11
    expect(cardSurcharge(12050, changed)).toBe(211);
    expect(withCardSurcharge(12050, changed)).toBe(12261);
    expect(cardSurchargeLabel(changed)).toBe('1.75%');
    expect(cardSurchargeLabel(DEFAULT_FEES)).toBe('1.7%');
  });
});
