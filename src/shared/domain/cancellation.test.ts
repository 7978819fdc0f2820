import { describe, expect, it } from 'vitest';
import { policyRefundCents, refundPolicy } from './cancellation';
import { slotStart } from './slots';

describe('the cancellation refund policy', () => {
  // Tuesday 24 November 2026, 10-12 AM in Perth starts at 02:00 UTC.
  const start = slotStart('2026-11-24', '10-12 AM');
  const hoursBefore = (h: number) => new Date(start.getTime() - h * 3_600_000);

  it.each([
    [25, 'full', 10150],
    [24, 'full', 10150],
    [23.99, 'half', 5075],
    [13, 'half', 5075],
    [12, 'half', 5075],
    [11.99, 'none', 0],
    [2, 'none', 0],
    [-1, 'none', 0],
  ] as const)('%s hours before the slot: %s, refunding %i cents of 10150', (hours, policy, cents) => {
    expect(refundPolicy(start, hoursBefore(hours))).toBe(policy);
    expect(policyRefundCents(10150, refundPolicy(start, hoursBefore(hours)))).toBe(cents);
  });

  it('halves an odd amount down to the cent', () => {
    expect(policyRefundCents(10151, 'half')).toBe(5075);
  });
});
