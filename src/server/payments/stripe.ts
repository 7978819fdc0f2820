import Stripe from 'stripe';
import { PAYMENT_SETUP_FAILED_BOOKING, PAYMENT_SETUP_FAILED_INVOICE } from '../../shared/schemas/payments';
import { AppError } from '../http/errors';
import {
  intentSubjectOf,
  methodOfMetadata,
  OPEN_INTENT_STATES,
  STRIPE_METHOD_TYPES,
  type CreateIntentInput,
  type PaymentEvent,
  type PaymentIntentRef,
  type PaymentProvider,
} from './provider';

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string | undefined;
  /** Overrides for tests: the real SDK pointed at a local stand-in of the Stripe API. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** How long one request may take, and how many times the SDK retries it (tests shorten both). */
  timeoutMs?: number;
  maxNetworkRetries?: number;
};

/**
 * Stripe could not be reached or could not answer (connection refused or reset, a timeout, its own
 * 5xx or 429): a 503 with the product's sentence and the other ways to pay, never a 500
 * (docs/decisions/402-providers-down-offline-retry-rtl.md). Nothing was written before the call.
 */
export class PaymentProviderUnavailable extends AppError {
  constructor(message: string, cause: unknown) {
    super('UNAVAILABLE', message);
    this.cause = cause;
  }
}

const isProviderDown = (err: unknown): boolean =>
  err instanceof Stripe.errors.StripeConnectionError ||
  err instanceof Stripe.errors.StripeAPIError ||
  err instanceof Stripe.errors.StripeRateLimitError ||
  (err instanceof Stripe.errors.StripeError && typeof err.statusCode === 'number' && err.statusCode >= 500);

/**
 * A signature older, or newer, than this many seconds is refused (docs/product.md "Payments",
 * decision 150): the SDK checks the past only, verifyWebhook the future.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export class WebhookVerificationError extends Error {
  constructor(
    message: string,
    readonly unconfigured = false,
  ) {
    super(message);
  }
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly opts: StripeProviderOptions) {
    this.stripe = new Stripe(opts.secretKey, {
      maxNetworkRetries: opts.maxNetworkRetries ?? 2,
      timeout: opts.timeoutMs ?? 20_000,
      telemetry: false,
      ...(opts.host ? { host: opts.host } : {}),
      ...(opts.port ? { port: opts.port } : {}),
      ...(opts.protocol ? { protocol: opts.protocol } : {}),
    });
  }

  async createIntent(input: CreateIntentInput): Promise<PaymentIntentRef> {
    try {
      return await this.createIntentOnce(input);
    } catch (err) {
      if (!isProviderDown(err)) throw err;
      const message = 'invoiceId' in input.metadata ? PAYMENT_SETUP_FAILED_INVOICE : PAYMENT_SETUP_FAILED_BOOKING;
      throw new PaymentProviderUnavailable(message, err);
    }
  }

  private async createIntentOnce(input: CreateIntentInput): Promise<PaymentIntentRef> {
    if (input.existingIntentId) {
      const existing = await this.stripe.paymentIntents.retrieve(input.existingIntentId);
      if (
        existing.amount === input.amountCents &&
        (input.method === undefined || methodOfMetadata(existing.metadata) === input.method) &&
        existing.client_secret &&
        (OPEN_INTENT_STATES.has(existing.status) || existing.status === 'succeeded' || existing.status === 'processing')
      ) {
        return {
          id: existing.id,
          clientSecret: existing.client_secret,
          amountCents: existing.amount,
          status: existing.status,
        };
      }
    }
    const subject = intentSubjectOf(input.metadata);
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: 'aud',
        ...(input.method
          ? { payment_method_types: [STRIPE_METHOD_TYPES[input.method]] }
          : { automatic_payment_methods: { enabled: true } }),
        description: subject.description,
        metadata: { ...input.metadata },
      },
      // The same booking (or invoice) and amount always give the same key, so a reload or a retried
      // request gets the intent already made instead of a second one.
      // Afterpay and Zip have keys of their own, so a card intent for the same amount is never reused for them.
      {
        idempotencyKey: `${subject.key}-${input.method && input.method !== 'card' ? `${input.method}-` : ''}${input.amountCents}`,
      },
    );
    if (!intent.client_secret) throw new Error(`Stripe returned PaymentIntent ${intent.id} without a client secret`);
    return { id: intent.id, clientSecret: intent.client_secret, amountCents: intent.amount, status: intent.status };
  }

  async refund(input: {
    paymentIntentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ id: string }> {
    const refund = await this.stripe.refunds.create(
      { payment_intent: input.paymentIntentId, amount: input.amountCents },
      { idempotencyKey: input.idempotencyKey },
    );
    return { id: refund.id };
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined, receivedAtMs: number): PaymentEvent {
    if (!this.opts.webhookSecret) throw new WebhookVerificationError('STRIPE_WEBHOOK_SECRET is not set', true);
    if (!signature) throw new WebhookVerificationError('Missing Stripe-Signature header');
    try {
      const event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.opts.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        receivedAtMs,
      );
      const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
      if (!(signedAt * 1000 - receivedAtMs <= WEBHOOK_TOLERANCE_SECONDS * 1000))
        throw new Error('Timestamp is in the future, outside the tolerance zone');
      return event as unknown as PaymentEvent;
    } catch (err) {
      throw new WebhookVerificationError(err instanceof Error ? err.message : 'Signature verification failed');
    }
  }
}
