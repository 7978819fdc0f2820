import { formatDollars, type Cents } from './money';
import { isPaidToTheBank, ONSITE_PAYMENT_LABELS, ONSITE_PAYMENT_METHODS, type OnsitePaymentMethod } from './services';

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

/**
 * The way the money most likely came, which Mark as Paid starts at (docs/decisions/426-bank-transfer-and-the-expected-method.md):
 * an invoice sent to the customer asked for a bank transfer (or PayID when the business gives no
 * bank account); otherwise the job expected a card, online when prepaid or on the technician's
 * terminal. Only an admin records a transfer, so a technician's form never starts at one.
 */
export function expectedPaymentMethod(input: {
  invoiceSent: boolean;
  /** The ways the invoice asks for, when known (the business profile); null when not known. */
  invoiceAsks: { bank: boolean; payId: boolean } | null;
  mayRecordTransfer: boolean;
}): OnsitePaymentMethod {
  const asks = input.invoiceAsks ?? { bank: true, payId: false };
  if (input.invoiceSent && input.mayRecordTransfer && asks.bank) return 'bank-transfer';
  if (input.invoiceSent && asks.payId) return 'payid';
  return 'card';
}

/** The methods a staff member may record: a bank transfer is an admin's (decision 426). */
export const recordableMethods = (isAdmin: boolean): readonly OnsitePaymentMethod[] =>
  ONSITE_PAYMENT_METHODS.filter((m) => isAdmin || !isPaidToTheBank(m));

type Taken = { amountCents: Cents; method: OnsitePaymentMethod; reference?: string | null | undefined };

/** "$259.60 by EFTPOS", or "$259.60 by bank transfer, reference INV-0007": how a payment reads everywhere (decision 426). */
export function takenText(p: Taken): string {
  if (!isPaidToTheBank(p.method)) return `${formatDollars(p.amountCents)} by ${ONSITE_PAYMENT_LABELS[p.method]}`;
  return `${formatDollars(p.amountCents)} by bank transfer${p.reference ? `, reference ${p.reference}` : ''}`;
}

/**
 * The line of a payment in the job's and the invoice's histories: "Payment taken on site: $259.60 by
 * EFTPOS (sam)"; a transfer was received, never taken on site: "Payment received: $259.60 by bank
 * transfer, reference INV-0007 (owner)". A part payment says so and what is still owed.
 */
export function paymentLine(p: Taken, username: string | null, owedAfterCents = 0): string {
  const where = isPaidToTheBank(p.method) ? 'received' : 'taken on site';
  const head = owedAfterCents > 0 ? `Part payment ${where}` : `Payment ${where}`;
  const who = username ? ` (${username})` : '';
  return `${head}: ${takenText(p)}${who}${owedAfterCents > 0 ? `; ${formatDollars(owedAfterCents)} owed` : ''}`;
}

/**
 * What the paid invoice prints (day "26 Nov 2026"): "Paid by EFTPOS on site on 26 Nov 2026", "Paid
 * by bank transfer on 26 Nov 2026, reference INV-0007", or each part: "Paid on 7 Dec 2026: $0.01 by
 * Cash on site, $487.79 by bank transfer". An invoice paid by transfer never reads "on site".
 */
export function paidNote(
  taken: readonly Taken[],
  day: string,
  writtenOffCents: Cents,
  receivedCents: Cents = 0,
): string {
  const allOnSite = receivedCents === 0 && taken.every((p) => !isPaidToTheBank(p.method));
  const [first] = taken;
  let paid: string;
  if (receivedCents > 0) {
    // Marked paid without saying how: the rest that was owed was received (decision 427).
    const parts = taken.map((p) => (isPaidToTheBank(p.method) ? takenText(p) : `${takenText(p)} on site`));
    paid = `Paid on ${day}: ${[...parts, `${formatDollars(receivedCents)} received`].join(', ')}`;
  } else if (taken.length === 1 && first && writtenOffCents === 0) {
    paid = isPaidToTheBank(first.method)
      ? `Paid by bank transfer on ${day}${first.reference ? `, reference ${first.reference}` : ''}`
      : `Paid by ${ONSITE_PAYMENT_LABELS[first.method]} on site on ${day}`;
  } else if (taken.length === 0) {
    paid = `Paid on site on ${day}: nothing taken`;
  } else if (allOnSite) {
    paid = `Paid on site on ${day}: ${taken.map(takenText).join(', ')}`;
  } else {
    const parts = taken.map((p) => (isPaidToTheBank(p.method) ? takenText(p) : `${takenText(p)} on site`));
    paid = `Paid on ${day}: ${parts.join(', ')}`;
  }
  return writtenOffCents > 0 ? `${paid}; ${formatDollars(writtenOffCents)} written off` : paid;
}
