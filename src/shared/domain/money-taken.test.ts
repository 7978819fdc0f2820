import { describe, expect, it } from 'vitest';
import { owedOn } from './money-taken';

describe('owedOn: what an invoice was paid and still owes, in cents (decision 406)', () => {
  it.each([
    // balance, paid?, part payments, written off -> paid, written off, owed
    [48780, false, 1, 0, { paidCents: 1, writtenOffCents: 0, owedCents: 48779 }],
    [48780, false, 48780, 0, { paidCents: 48780, writtenOffCents: 0, owedCents: 0 }],
    [48780, false, 40000, 8780, { paidCents: 40000, writtenOffCents: 8780, owedCents: 0 }],
    [48780, false, 0, 0, { paidCents: 0, writtenOffCents: 0, owedCents: 48780 }],
    // Never below zero, even if a credit note later took the balance under what was paid.
    [10000, false, 12000, 0, { paidCents: 12000, writtenOffCents: 0, owedCents: 0 }],
    // A paid invoice owes nothing; it was paid its balance less what was written off.
    [48780, true, 0, 0, { paidCents: 48780, writtenOffCents: 0, owedCents: 0 }],
    [48780, true, 40000, 8780, { paidCents: 40000, writtenOffCents: 8780, owedCents: 0 }],
  ] as const)('balance %i, paid %s, part payments %i, written off %i', (balanceCents, isPaid, part, off, expected) => {
    expect(owedOn({ balanceCents, isPaid, partPaymentsCents: part, writtenOffCents: off })).toEqual(expected);
  });
});
