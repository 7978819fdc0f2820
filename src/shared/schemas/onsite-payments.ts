import { z } from 'zod';
import { ONSITE_PAYMENT_LABELS, ONSITE_PAYMENT_METHODS, type OnsitePaymentMethod } from '../domain/services';
import { money, oneLineText } from './fields';

/**
 * A payment taken at the job and its reversal (docs/decisions/349-payment-taken-on-site.md): the
 * same schemas check the form on the phone and the request on the server, in the same words.
 */

export const ONSITE_METHOD_MESSAGE = 'Choose how the customer paid: cash, card, EFTPOS, PayID or buy now, pay later';
export const ONSITE_AMOUNT_MESSAGE = 'Amount must be a valid amount, e.g. 259.60';
export const ONSITE_AMOUNT_ZERO_MESSAGE = 'Amount must be greater than $0';
export const REVERSAL_REASON_MESSAGE = 'Reason is required';
export const ALREADY_PAID_MESSAGE = 'This job is already paid';
export const NO_PAYMENT_TO_REVERSE_MESSAGE = 'This job has no payment taken on site to reverse';

export const onsitePaymentRequest = z.object({
  method: z.enum(ONSITE_PAYMENT_METHODS, { message: ONSITE_METHOD_MESSAGE }),
  amount: money({ min: 1, message: ONSITE_AMOUNT_MESSAGE, minMessage: ONSITE_AMOUNT_ZERO_MESSAGE }),
});
export type OnsitePaymentRequest = z.input<typeof onsitePaymentRequest>;

export const onsitePaymentReversalRequest = z.object({
  reason: oneLineText('Reason', 500, REVERSAL_REASON_MESSAGE),
});
export type OnsitePaymentReversalRequest = z.input<typeof onsitePaymentReversalRequest>;

/** The standing payment taken on site of a job, as the job dialog shows it. */
export const onsitePayment = z.object({
  id: z.string(),
  method: z.enum(ONSITE_PAYMENT_METHODS),
  amount: z.string(),
  takenAt: z.string(),
  /** The staff member's username; null when that account was removed. */
  takenBy: z.string().nullable(),
});
export type OnsitePayment = z.infer<typeof onsitePayment>;

export const onsiteMethodLabel = (method: OnsitePaymentMethod) => ONSITE_PAYMENT_LABELS[method];

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
