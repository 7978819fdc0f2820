import type { Cents } from './money';

/**
 * The cancellation policy (docs/product.md "Job statuses and their moves"): 24 hours or more before
 * the slot starts, a full refund; 12 to 24 hours, half; under 12 hours (or a no-show), nothing.
 */
export type RefundPolicy = 'full' | 'half' | 'none';

const HOUR_MS = 3_600_000;

/** A booking can be changed online until 24 hours before its visit, after that only by a call (docs/product.md "Customers look after their own booking"). */
export const CHANGE_ONLINE_UNTIL_MS = 24 * HOUR_MS;

export function refundPolicy(slotStart: Date, now: Date): RefundPolicy {
  const hoursBefore = (slotStart.getTime() - now.getTime()) / HOUR_MS;
  if (hoursBefore >= 24) return 'full';
  if (hoursBefore >= 12) return 'half';
  return 'none';
}

/** What the policy refunds of what was paid; half rounds down to the cent (the business keeps the odd cent). */
export function policyRefundCents(paidCents: Cents, policy: RefundPolicy): Cents {
  if (policy === 'full') return paidCents;
  if (policy === 'half') return Math.floor(paidCents / 2);
  return 0;
}

export const REFUND_POLICY_LABEL: Readonly<Record<RefundPolicy, string>> = {
  full: 'Full refund (24 hours or more before the visit)',
  half: '50% refund (12 to 24 hours before the visit)',
  none: 'No refund (less than 12 hours before the visit)',
};
