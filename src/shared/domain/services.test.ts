import { describe, it, expect } from 'vitest';
import { SERVICE_LABELS, SERVICE_TYPES, isPaymentMethod, isServiceType } from './services';

describe('services', () => {
  it('labels every service type', () => {
    expect(SERVICE_TYPES.map((s) => SERVICE_LABELS[s])).toEqual([
      'New Tyres',
      'Puncture Repair',
      'Battery Service',
      'Emergency Callout',
    ]);
  });

  it.each([
    ['new-tyres', true],
    ['emergency-callout', true],
    ['New Tyres', false],
    ['', false],
  ] as const)('isServiceType(%j) = %s', (s, ok) => {
    expect(isServiceType(s)).toBe(ok);
  });

  it('knows the payment methods', () => {
    expect(isPaymentMethod('prepaid')).toBe(true);
    expect(isPaymentMethod('onsite')).toBe(true);
    expect(isPaymentMethod('card')).toBe(false);
  });
});
