import { z } from 'zod';
import { toCents } from '../domain/money';
import { BNPL_METHODS, type PaymentMethodSwitches } from '../domain/payment-methods';
import { bookingToken } from './payments';
import { money } from './fields';

/**
 * Ways to pay online (docs/decisions/410-afterpay-zip-and-wallets.md): the owner's switches, the
 * methods a booking is offered, and the simulated provider's redirect.
 */

export const BNPL_SURCHARGE_MESSAGE =
  'Afterpay and Zip surcharge must be a percentage from 0 to 10, with at most 2 decimals';

const onOff = (name: string) => z.boolean({ message: `${name} must be on (true) or off (false)` });

/** PUT /api/dashboard/settings/payment-methods: the three switches; the BNPL surcharge is kept when left out. */
export const paymentMethodsForm = z.object({
  afterpay: onOff('Afterpay'),
  zip: onOff('Zip'),
  wallets: onOff('Apple Pay and Google Pay'),
  bnplSurchargePercent: money({
    max: 1000,
    message: BNPL_SURCHARGE_MESSAGE,
    maxMessage: BNPL_SURCHARGE_MESSAGE,
  }).optional(),
});
export type PaymentMethodsForm = z.input<typeof paymentMethodsForm>;

export const paymentMethodsView = z.object({
  afterpay: z.boolean(),
  zip: z.boolean(),
  wallets: z.boolean(),
  /** The surcharge on Afterpay and Zip payments, in per cent ("0.00": none). */
  bnplSurchargePercent: z.string(),
  /** Whether a card provider is set up at all: without one no online method is offered. */
  providerReady: z.boolean(),
});
export type PaymentMethodsView = z.infer<typeof paymentMethodsView>;

export function switchesOf(
  form: z.output<typeof paymentMethodsForm>,
  before: PaymentMethodSwitches,
): PaymentMethodSwitches {
  return {
    afterpay: form.afterpay,
    zip: form.zip,
    wallets: form.wallets,
    bnplSurchargeBasisPoints:
      form.bnplSurchargePercent === undefined ? before.bnplSurchargeBasisPoints : toCents(form.bnplSurchargePercent),
  };
}

/** GET /api/bookings/{bookingToken}/payment-methods. */
export const offeredMethod = z.object({
  method: z.enum(['card', 'afterpay', 'zip', 'apple-pay', 'google-pay']),
  min: z.string().optional(),
  max: z.string().optional(),
  surcharge: z.string(),
  total: z.string(),
});
export const offeredMethodsResponse = z.array(offeredMethod);

export const bookingTokenPathParams = z.object({ bookingToken });

/** Test mode only: the customer's answer on the simulated Afterpay or Zip page. */
export const simulatedRedirectRequest = z.object({
  bookingToken,
  method: z.enum(BNPL_METHODS, { message: 'Choose Afterpay or Zip' }),
  decision: z.enum(['approve', 'decline'], { message: 'Approve or decline' }),
});
export const simulatedRedirectResponse = z.object({
  outcome: z.enum(['confirmed', 'declined']),
  jobNumber: z.string(),
});
