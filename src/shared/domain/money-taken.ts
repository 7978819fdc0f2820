import type { Cents } from './money';

/**
 * Money as taken (docs/decisions/406-money-as-taken.md, 407-one-alert-per-card-payment.md): what a
 * job's invoice was paid and still owes, and what became of each card payment.
 */

/** A card payment either paid what it was for, or is kept back for staff to refund. */
export const CARD_PAYMENT_OUTCOMES = ['applied', 'refund-due'] as const;

export type Owed = { paidCents: Cents; writtenOffCents: Cents; owedCents: Cents };

/**
 * What is owed on an invoice: its balance (total less credit notes) less the part payments taken and
 * what the owner wrote off, never below zero. A paid invoice owes nothing, and what it was paid is its
 * balance less what was written off (a card payment or Mark as Paid took the rest).
 */
export function owedOn(input: {
  balanceCents: Cents;
  isPaid: boolean;
  partPaymentsCents: Cents;
  writtenOffCents: Cents;
}): Owed {
  const { balanceCents, writtenOffCents } = input;
  if (input.isPaid) return { paidCents: Math.max(0, balanceCents - writtenOffCents), writtenOffCents, owedCents: 0 };
  const paidCents = input.partPaymentsCents;
  return { paidCents, writtenOffCents, owedCents: Math.max(0, balanceCents - paidCents - writtenOffCents) };
}
