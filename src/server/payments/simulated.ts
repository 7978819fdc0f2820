import { createHash, randomUUID } from 'node:crypto';
import { CARD_DECLINED, CARD_INVALID } from '../../shared/schemas/payments';
import { invalid } from '../http/errors';
import { METHOD_LABELS, type BnplMethod } from '../../shared/domain/payment-methods';
import {
  intentSubjectOf,
  type CreateIntentInput,
  type PaymentEvent,
  type PaymentIntentRef,
  type PaymentProvider,
} from './provider';

/** The usual test card numbers (docs/product.md "Payments"): one succeeds, one is declined. */
export const SIMULATED_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;

export type SimulatedCardOutcome = 'succeeded' | 'declined' | 'invalid';

export function simulatedCardOutcome(cardNumber: string): SimulatedCardOutcome {
  const digits = cardNumber.replace(/\D/g, '');
  if (digits === SIMULATED_CARDS.success) return 'succeeded';
  if (digits === SIMULATED_CARDS.declined) return 'declined';
  return 'invalid';
}

/**
 * The event a real provider would send for a simulated card on `intent` (an unknown card is refused
 * with 400 before anything is recorded); the caller hands it to the one payment handler.
 */
export function simulatedCardEvent(
  intent: PaymentIntentRef,
  metadata: PaymentEvent['data']['object']['metadata'],
  cardNumber: string,
): PaymentEvent {
  const outcome = simulatedCardOutcome(cardNumber);
  if (outcome === 'invalid') throw invalid(CARD_INVALID, { cardNumber: CARD_INVALID });
  return {
    id: `evt_sim_${randomUUID().replaceAll('-', '')}`,
    type: outcome === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amountCents,
        currency: 'aud',
        status: outcome === 'succeeded' ? 'succeeded' : 'requires_payment_method',
        metadata,
        last_payment_error: outcome === 'declined' ? { message: CARD_DECLINED } : null,
      },
    },
  };
}

/**
 * In-process stand-in for the card provider, used without Stripe keys (development, tests, or
 * PAYMENTS_SIMULATED=true). Its intent id is derived from the booking (or invoice) and amount, so a reload
 * reuses it just as Stripe's idempotency key would; no money moves.
 */
export class SimulatedPaymentProvider implements PaymentProvider {
  readonly name = 'simulated' as const;

  async createIntent(input: CreateIntentInput): Promise<PaymentIntentRef> {
    const digest = createHash('sha256')
      .update(
        `${intentSubjectOf(input.metadata).key}:${input.method && input.method !== 'card' ? `${input.method}:` : ''}${input.amountCents}`,
      )
      .digest('hex')
      .slice(0, 24);
    const id = `sim_pi_${digest}`;
    return { id, clientSecret: `sim_${id}_secret`, amountCents: input.amountCents, status: 'requires_payment_method' };
  }

  /** Records nothing and moves no money: the refund's id is derived from its key, like a replayed Stripe call. */
  async refund(input: {
    paymentIntentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ id: string }> {
    return { id: `sim_re_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}` };
  }
}

/** What Afterpay or Zip tells the customer when it does not approve (the simulated provider's words). */
export const bnplDeclinedMessage = (method: BnplMethod) => `${METHOD_LABELS[method]} did not approve this payment.`;

/**
 * The event Stripe would send after the customer's answer on Afterpay's or Zip's page (decision
 * 410): a success for the intent's amount, or a failure with the provider's decline; the caller
 * hands it to the one payment handler, as the webhook would.
 */
export function simulatedRedirectEvent(
  intent: PaymentIntentRef,
  metadata: PaymentEvent['data']['object']['metadata'],
  method: BnplMethod,
  decision: 'approve' | 'decline',
): PaymentEvent {
  const approved = decision === 'approve';
  return {
    id: `evt_sim_${randomUUID().replaceAll('-', '')}`,
    type: approved ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amountCents,
        currency: 'aud',
        status: approved ? 'succeeded' : 'requires_payment_method',
        metadata,
        last_payment_error: approved ? null : { message: bnplDeclinedMessage(method) },
      },
    },
  };
}
