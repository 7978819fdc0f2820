import { z } from 'zod';
import { toCents } from '../domain/money';
import { ONSITE_PAYMENT_METHODS } from '../domain/services';
import { money, oneLineText, tooLong } from './fields';

/**
 * A payment taken at the job and its reversal (docs/decisions/349-payment-taken-on-site.md): the
 * same schemas check the form on the phone and the request on the server, in the same words.
 */

export const ONSITE_METHOD_MESSAGE =
  'Choose how the customer paid: cash, card, EFTPOS, PayID, buy now, pay later or bank transfer';
/** A transfer's reference is the customer's words, kept as given; never required (decision 426). */
export const PAYMENT_REFERENCE_MAX = 100;
export const PAYMENT_REFERENCE_TOO_LONG = tooLong('Reference', PAYMENT_REFERENCE_MAX);
export const TRANSFER_ADMIN_ONLY_MESSAGE =
  'Only an administrator can record a bank transfer: it is checked against the bank account.';
export const ONSITE_AMOUNT_MESSAGE = 'Amount must be a valid amount, e.g. 259.60';
export const ONSITE_AMOUNT_ZERO_MESSAGE = 'Amount must be greater than $0';
export const REVERSAL_REASON_MESSAGE = 'Reason is required';
export const ALREADY_PAID_MESSAGE = 'This job is already paid';
export const NO_PAYMENT_TO_REVERSE_MESSAGE = 'This job has no payment taken on site to reverse';

export const onsitePaymentRequest = z.object({
  method: z.enum(ONSITE_PAYMENT_METHODS, { message: ONSITE_METHOD_MESSAGE }),
  amount: money({ min: 1, message: ONSITE_AMOUNT_MESSAGE, minMessage: ONSITE_AMOUNT_ZERO_MESSAGE }),
  /** The reference a bank transfer came with (or a receipt number); blank is none (decision 426). */
  reference: oneLineText('Reference', PAYMENT_REFERENCE_MAX)
    .optional()
    .transform((v) => v || undefined),
});

export const onsitePaymentReversalRequest = z.object({
  reason: oneLineText('Reason', 500, REVERSAL_REASON_MESSAGE),
});

/** Over what is owed: the form says it before sending, the server refuses it the same way (decision 406). */
export const amountOverOwedMessage = (owed: string) => `Amount must be at most the $${owed} owed`;
export const WRITE_OFF_REASON_MESSAGE = 'Reason is required';
export const NOTHING_OWED_MESSAGE = 'Nothing is owed on this job';
export const NO_INVOICE_TO_WRITE_OFF_MESSAGE = 'This job has no invoice, so nothing can be written off';

/**
 * The owner writes off what is still owed (or part of it), with a reason: admins only, audited
 * (docs/decisions/406-money-as-taken.md).
 */
export const writeOffRequest = z.object({
  amount: money({ min: 1, message: ONSITE_AMOUNT_MESSAGE, minMessage: ONSITE_AMOUNT_ZERO_MESSAGE }),
  reason: oneLineText('Reason', 500, WRITE_OFF_REASON_MESSAGE),
});

function atMostOwed(owed: string) {
  return (v: { amount: string }, ctx: z.RefinementCtx) => {
    if (toCents(v.amount) > toCents(owed))
      ctx.addIssue({ code: 'custom', path: ['amount'], message: amountOverOwedMessage(owed) });
  };
}
/** The payment form's check with what the dialog knows: more than is owed is refused before it is sent, in the server's words. */
export const onsitePaymentFormFor = (owed: string) => onsitePaymentRequest.superRefine(atMostOwed(owed));
export const writeOffFormFor = (owed: string) => writeOffRequest.superRefine(atMostOwed(owed));

/** What the job's invoice came to, was paid, had written off and still owes (decision 406). */
export const jobMoney = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  /** The invoice's total less its credit notes. */
  balanceAmount: z.string(),
  paidAmount: z.string(),
  writtenOffAmount: z.string(),
  owedAmount: z.string(),
  /** The invoice went to the customer (with its pay link and how to pay): Mark as Paid expects a transfer (decision 426). */
  sentToCustomer: z.boolean(),
});
export type JobMoney = z.infer<typeof jobMoney>;

/** A card payment that could not be kept (a second payment, a wrong amount, a lost slot): staff refund it (decision 407). */
export const cardPaymentToRefund = z.object({
  intentId: z.string(),
  /** In dollars when the payment was in AUD, else null (the reason says what was charged). */
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  reason: z.string(),
  receivedAt: z.string(),
  refundedAt: z.string().nullable(),
});
export type CardPaymentToRefund = z.infer<typeof cardPaymentToRefund>;
export const cardPaymentParams = z.object({ id: z.string().max(64), intentId: z.string().max(255) });
export const NO_CARD_PAYMENT_TO_REFUND_MESSAGE = 'This job has no such card payment to refund';

/** The standing payment taken on site of a job, as the job dialog shows it. */
export const onsitePayment = z.object({
  id: z.string(),
  method: z.enum(ONSITE_PAYMENT_METHODS),
  amount: z.string(),
  /** A bank transfer's reference when one was given (decision 426); absent on a day saved by an older release. */
  reference: z.string().nullable().optional(),
  takenAt: z.string(),
  /** The staff member's username; null when that account was removed. */
  takenBy: z.string().nullable(),
});

// ---- Photos taken by staff (docs/decisions/350-photos-taken-by-staff.md) ----

export const STAFF_PHOTO_TYPES = ['before', 'after', 'damage', 'tyre-wall'] as const;
export type StaffPhotoType = (typeof STAFF_PHOTO_TYPES)[number];
export const STAFF_PHOTO_TYPE_LABELS: Readonly<Record<StaffPhotoType, string>> = {
  before: 'Before',
  after: 'After',
  damage: 'Damage',
  'tyre-wall': 'Tyre wall',
};
/** Customer photos (five) and staff photos together: at most this many per job. */
export const STAFF_PHOTO_MAX_PER_JOB = 20;
export const STAFF_PHOTO_TYPE_MESSAGE = 'Choose the photo type: before, after, damage or tyre wall';
export const STAFF_PHOTO_TOO_MANY_MESSAGE = `A job can have at most ${STAFF_PHOTO_MAX_PER_JOB} photos`;
