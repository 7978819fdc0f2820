import { z } from 'zod';
import { PAYMENT_STATUSES } from '../domain/services';
import { TIME_SLOTS } from '../domain/slots';
import { ONLINE_METHODS } from '../domain/payment-methods';

/**
 * Checkout contracts (docs/product.md "Payments"). The card form of the
 * simulated provider and the server's confirm call share the card rules below.
 */

export const BOOKING_NOT_FOUND = 'The requested booking could not be found or has expired.';
export const CARD_DECLINED = 'Your card was declined.';
export const CARD_INVALID = 'Your card number is invalid.';
export const ALREADY_PAID = 'This booking has already been paid.';
export const PAYMENTS_UNAVAILABLE =
  'Online payment is not available right now. Please book again and choose to pay on site.';
/**
 * The card provider could not be reached (docs/product.md "Messages the UI shows", 'Payment Setup
 * Failed', and decision 402): the checkout's sentence, then the other ways to pay.
 */
export const PAYMENT_SETUP_FAILED_BOOKING =
  'Unable to initialize payment. Please try again in a few minutes, call us to pay by phone, or book again and choose to pay on site.';
export const PAYMENT_SETUP_FAILED_INVOICE =
  'Unable to initialize payment. Please try again in a few minutes, or pay by bank transfer, PayID or on site as your invoice shows.';

/** Any string: an unknown or malformed token is answered 404 'Booking Not Found', like an expired one. */
export const bookingToken = z
  .string({ message: BOOKING_NOT_FOUND })
  .trim()
  .min(1, BOOKING_NOT_FOUND)
  .max(200, BOOKING_NOT_FOUND);
export const bookingTokenParams = z.object({ token: bookingToken });

const money = z.string();

/**
 * Why staff must look at a job's payment (jobs.payment_flag): money arrived after the hold lapsed
 * and the slot went to someone else, or a payment's amount or currency was not the booking total
 * (decisions 150 and 192).
 */
export const PAYMENT_FLAGS = ['refund-required', 'amount-mismatch'] as const;
export type PaymentFlag = (typeof PAYMENT_FLAGS)[number];

/**
 * What the customer's booking came to, for the checkout and success pages (decision 192):
 * - awaiting-payment: held, not paid yet;
 * - confirmed: paid and booked;
 * - refund-due: paid after the hold lapsed and the slot went to someone else, so the booking could
 *   not be kept; the payment will be refunded;
 * - payment-review: a payment arrived that did not match the total; staff will be in touch;
 * - declined: Afterpay or Zip did not approve the payment, so the slot was freed (decision 410).
 */
export const BOOKING_OUTCOMES = ['awaiting-payment', 'confirmed', 'refund-due', 'payment-review', 'declined'] as const;
export type BookingOutcome = (typeof BOOKING_OUTCOMES)[number];

/** The booking behind a checkout token, plus what the checkout page shows (job number, items, payment state). */
export const bookingByTokenResponse = z.object({
  amount: money,
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  serviceType: z.string(),
  job: z.object({
    scheduledDate: z.string(),
    scheduledDay: z.string(),
    timeSlot: z.enum(TIME_SLOTS),
    address: z.string(),
    suburb: z.string(),
    postcode: z.string(),
  }),
  vehicle: z
    .object({ year: z.number().nullable(), make: z.string(), model: z.string(), registration: z.string() })
    .nullable(),
  /** New tyres: the size and number asked for, so "Book again and pay another way" fills them in (decision 412). */
  tyreSize: z.string().nullable().optional(),
  tyreQuantity: z.number().int().nullable().optional(),
  jobNumber: z.string(),
  items: z.array(z.object({ description: z.string(), price: money })),
  subtotal: money,
  discount: money,
  surchargeAmount: money,
  totalAmount: money,
  paymentStatus: z.enum(PAYMENT_STATUSES),
  outcome: z.enum(BOOKING_OUTCOMES),
  provider: z.enum(['stripe', 'simulated', 'none']),
  publishableKey: z.string().nullable(),
  /** When an unpaid hold lapses (ISO); null once paid. */
  holdExpiresAt: z.string().nullable(),
  /** Why Afterpay or Zip declined, in the customer's words, once the outcome is 'declined' (decision 410). */
  declineMessage: z.string().nullable().optional(),
  /** How a paid booking was paid and what it took (decision 410): Afterpay and Zip carry no card surcharge. */
  paidWith: z.enum(ONLINE_METHODS).nullable().optional(),
  paidAmount: money.nullable().optional(),
  /** The booking's own page once paid, the link its confirmation carries (decision 422). */
  manageUrl: z.string().nullable().optional(),
  /** The phone its confirmation text went to, or null when none left the machine. */
  textedTo: z.string().nullable().optional(),
});
export type BookingByToken = z.infer<typeof bookingByTokenResponse>;

/** The method defaults to card, as the checkout asked before Afterpay and Zip (decision 410). */
export const createPaymentIntentRequest = z.object({
  bookingToken,
  method: z.enum(ONLINE_METHODS, { message: 'Choose card, Afterpay or Zip' }).optional(),
});

/** The payment intent: amounts as decimal strings. */
export const paymentIntentResponse = z.object({
  clientSecret: z.string(),
  originalAmount: money,
  surchargeAmount: money,
  totalAmount: money,
  message: z.string(),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponse>;

const digits = (s: string) => s.replace(/[\s-]/g, '');

const EXPIRY = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/;
export const CARD_EXPIRED = 'Your card has expired';

/** A card is good to the end of its expiry month (MM/YY); a malformed expiry is the format rule's to refuse. */
export function cardExpired(expiry: string, now: Date): boolean {
  const found = EXPIRY.exec(expiry.trim());
  if (!found) return false;
  const month = Number(found[1]) - 1;
  const year = 2000 + Number(found[2]);
  return year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth();
}

/** The simulated provider's card form. Card numbers are checked by the provider, like a real one. */
export const simulatedCardFields = {
  cardNumber: z
    .string({ message: 'Card number is required' })
    .transform(digits)
    .pipe(
      z
        .string()
        .min(1, 'Card number is required')
        .regex(/^\d{12,19}$/, CARD_INVALID),
    ),
  expiry: z
    .string({ message: 'Expiry is required' })
    .trim()
    .min(1, 'Expiry is required')
    .regex(EXPIRY, 'Expiry must be MM/YY')
    .refine((v) => !cardExpired(v, new Date()), CARD_EXPIRED),
  cvc: z
    .string({ message: 'CVC is required' })
    .trim()
    .min(1, 'CVC is required')
    .regex(/^\d{3,4}$/, 'CVC must be 3 or 4 digits'),
  nameOnCard: z.string({ message: 'Name on card is required' }).trim().min(1, 'Name on card is required').max(100),
};

export const simulatedCardForm = z.object(simulatedCardFields);

export const simulatedConfirmRequest = z.object({ bookingToken, ...simulatedCardFields });

export const simulatedConfirmResponse = z.object({ status: z.literal('succeeded'), jobNumber: z.string() });

/** The message shown beside the surcharge (docs/product.md "Prices and fees"); the rate is the owner's setting ("1.7%"). */
export function surchargeMessage(surcharge: string, total: string, rate: string): string {
  return `A ${rate} card surcharge of $${surcharge} applies. Total to pay: $${total}.`;
}
