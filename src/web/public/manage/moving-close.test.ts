import { describe, expect, it } from 'vitest';
import { movingCloseNote } from './moving-close';

// Monday 23 November 2026, 7 am in Perth.
const NOW = new Date('2026-11-22T23:00:00Z');

describe('moving a visit close to its time', () => {
  it('warns for a time less than 24 hours away, with the refund the policy then gives', () => {
    expect(movingCloseNote('2026-11-23', '12-2 PM', NOW, '08 5550 1234')).toBe(
      'This time is less than 24 hours away. Once moved, the booking can only be changed or cancelled by calling us on 08 5550 1234, and an online payment is then refunded by the policy: No refund (less than 12 hours before the visit).',
    );
    expect(movingCloseNote('2026-11-23', '8-10 AM', new Date('2026-11-22T08:00:00Z'), '08 5550 1234')).toContain(
      '50% refund (12 to 24 hours before the visit)',
    );
  });

  it('says nothing for a time 24 hours away or more', () => {
    expect(movingCloseNote('2026-11-24', '8-10 AM', NOW, '08 5550 1234')).toBeNull();
  });
});
