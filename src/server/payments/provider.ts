import type { BnplMethod, OnlineMethod } from '../../shared/domain/payment-methods';

/**
 * The card provider behind one interface (docs/product.md "Payments"): Stripe when its keys are set, a
 * labelled in-process simulation otherwise. Both deliver their outcome as the same event shape,
 * handled by one function (service.ts), so the simulated path exercises the webhook's code.
 */
export type BookingIntentMetadata = {
  bookingToken: string;
  jobNumber: string;
  jobId: string;
  /** The card surcharge rate the amount was made with (170 = 1.70%), so a later change of the fee does not make a paid amount look wrong. */
  cardSurchargeBasisPoints?: string;
  /** Afterpay or Zip (absent: card), and the surcharge rate that method's amount was made with (decision 410). */
  paymentMethod?: BnplMethod;
  surchargeBasisPoints?: string;
};

/**
 * An invoice paid from its link (decision 300): named by the invoice, never by its job, so the
 * handler cannot take it for a booking's prepayment.
 */
export type InvoiceIntentMetadata = {
  invoiceId: string;
  invoiceNumber: string;
  cardSurchargeBasisPoints: string;
};

export type IntentMetadata = BookingIntentMetadata | InvoiceIntentMetadata;

/** What the intent pays for, as a stable key: the same key and amount give the same intent. */
export const intentSubjectOf = (m: IntentMetadata): { key: string; description: string } =>
  'invoiceId' in m
    ? { key: `invoice-${m.invoiceId}`, description: `Invoice ${m.invoiceNumber}` }
    : { key: `booking-${m.bookingToken}`, description: `Booking ${m.jobNumber}` };

export type PaymentIntentRef = { id: string; clientSecret: string; amountCents: number; status: string };

export type CreateIntentInput = {
  amountCents: number;
  /**
   * A booking's way to pay (decision 410): the intent accepts that method alone, so the Payment
   * Element cannot offer a method the owner switched off or at another method's amount. Absent: the
   * provider's own choice of methods (an invoice's card payment).
   */
  method?: OnlineMethod;
  metadata: IntentMetadata;
  /** The intent already stored on the job, reused while it is open and for the same amount. */
  existingIntentId: string | null;
};

/** The part of a provider event the handler reads (Stripe's PaymentIntent event shape). */
export type PaymentEvent = {
  id: string;
  type: string;
  data: {
    object: {
      id: string;
      object?: string;
      amount?: number;
      currency?: string;
      status?: string;
      metadata?: Partial<BookingIntentMetadata> | Partial<InvoiceIntentMetadata> | Record<string, string>;
      last_payment_error?: { message?: string | null } | null;
    };
  };
};

export interface PaymentProvider {
  readonly name: 'stripe' | 'simulated';
  createIntent(input: CreateIntentInput): Promise<PaymentIntentRef>;
  /**
   * Refunds part or all of a succeeded payment. The idempotency key makes a retried call return the
   * refund already made instead of refunding twice.
   */
  refund(input: { paymentIntentId: string; amountCents: number; idempotencyKey: string }): Promise<{ id: string }>;
  /** Verifies a webhook's signature and returns its event; throws when it does not verify. */
  verifyWebhook?(rawBody: Buffer, signature: string | undefined, receivedAtMs: number): PaymentEvent;
}

/** Intent states in which the customer can still pay it (Stripe's names). */
/** Stripe's name of each way to pay (Apple Pay and Google Pay are card payments). */
export const STRIPE_METHOD_TYPES: Record<OnlineMethod, string> = {
  card: 'card',
  afterpay: 'afterpay_clearpay',
  zip: 'zip',
};

/** The method an intent was made for, from its metadata: card unless it names Afterpay or Zip. */
export const methodOfMetadata = (metadata: unknown): OnlineMethod => {
  const m = (metadata as Record<string, unknown> | null | undefined)?.paymentMethod;
  return m === 'afterpay' || m === 'zip' ? m : 'card';
};

export const OPEN_INTENT_STATES = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);
