import { describe, expect, it } from 'vitest';
import { expectedPaymentMethod, owedOn, paidNote, recordableMethods } from './money-taken';

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

describe('expectedPaymentMethod: where Mark as Paid starts (decision 426)', () => {
  it.each([
    // sent, what the invoice asks for, admin -> expected
    [true, { bank: true, payId: true }, true, 'bank-transfer'],
    [true, { bank: false, payId: true }, true, 'payid'],
    [true, { bank: false, payId: false }, true, 'card'],
    // The business profile not read yet: an invoice sent is taken to have asked for a transfer.
    [true, null, true, 'bank-transfer'],
    // A technician records no transfer, so never starts at one.
    [true, { bank: true, payId: false }, false, 'card'],
    [true, { bank: true, payId: true }, false, 'payid'],
    // Not sent: the job expected a card, online or on the technician's terminal.
    [false, { bank: true, payId: true }, true, 'card'],
    [false, null, false, 'card'],
  ] as const)('sent %s, asks %o, admin %s: %s', (invoiceSent, invoiceAsks, mayRecordTransfer, expected) => {
    expect(expectedPaymentMethod({ invoiceSent, invoiceAsks, mayRecordTransfer })).toBe(expected);
  });

  it('offers a bank transfer to an admin only', () => {
    expect(recordableMethods(true)).toContain('bank-transfer');
    expect(recordableMethods(false)).not.toContain('bank-transfer');
    expect(recordableMethods(false)).toContain('payid');
  });
});

describe('paidNote: what a paid invoice prints (decisions 406, 426, 427)', () => {
  const day = '7 Dec 2026';
  it.each([
    [[{ amountCents: 25960, method: 'eftpos' }], 0, 0, 'Paid by EFTPOS on site on 7 Dec 2026'],
    [[{ amountCents: 25960, method: 'bank-transfer' }], 0, 0, 'Paid by bank transfer on 7 Dec 2026'],
    [
      [{ amountCents: 25960, method: 'bank-transfer', reference: 'J SMITH' }],
      0,
      0,
      'Paid by bank transfer on 7 Dec 2026, reference J SMITH',
    ],
    [
      [
        { amountCents: 1, method: 'cash' },
        { amountCents: 48779, method: 'eftpos' },
      ],
      0,
      0,
      'Paid on site on 7 Dec 2026: $0.01 by Cash, $487.79 by EFTPOS',
    ],
    [
      [
        { amountCents: 1, method: 'cash' },
        { amountCents: 48779, method: 'bank-transfer' },
      ],
      0,
      0,
      'Paid on 7 Dec 2026: $0.01 by Cash on site, $487.79 by bank transfer',
    ],
    [
      [{ amountCents: 40000, method: 'cash' }],
      8780,
      0,
      'Paid on site on 7 Dec 2026: $400.00 by Cash; $87.80 written off',
    ],
    [
      [{ amountCents: 10000, method: 'cash' }],
      0,
      38780,
      'Paid on 7 Dec 2026: $100.00 by Cash on site, $387.80 received',
    ],
  ] as const)('%o, written off %i, received %i: %s', (taken, off, received, expected) => {
    expect(paidNote(taken, day, off, received)).toBe(expected);
  });
});
