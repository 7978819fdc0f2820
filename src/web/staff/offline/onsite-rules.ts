import { z } from 'zod';
import { ONSITE_PAYMENT_METHODS } from '../../../shared/domain/services';
import { money } from '../../../shared/schemas/fields';

/**
 * The payment and photo rules the phone checks before queueing, in the server's words
 * (docs/decisions/345-offline-day-queue.md); the server checks them again when the change arrives.
 */
export const onsitePaymentForm = z.object({
  method: z.enum(ONSITE_PAYMENT_METHODS, { message: 'Choose how the customer paid: cash, card, EFTPOS, PayID or buy now, pay later' }),
  amount: money({ min: 1, message: 'Amount must be a valid amount, e.g. 259.60', minMessage: 'Amount must be greater than $0' }),
});

export const STAFF_PHOTO_TYPES = ['before', 'after', 'damage', 'tyre-wall'] as const;
export type StaffPhotoType = (typeof STAFF_PHOTO_TYPES)[number];
export const STAFF_PHOTO_TYPE_LABELS: Readonly<Record<StaffPhotoType, string>> = { before: 'Before', after: 'After', damage: 'Damage', 'tyre-wall': 'Tyre wall' };
export const STAFF_PHOTO_MAX_PER_JOB = 20;
