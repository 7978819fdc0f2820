import { and, eq } from 'drizzle-orm';
import { formatCents, formatDollars } from '../../shared/domain/money';
import type { BusinessProfile } from '../../shared/domain/settings';
import { isUuid } from '../../shared/schemas/fields';
import { NO_CARD_PAYMENT_TO_REFUND_MESSAGE } from '../../shared/schemas/onsite-payments';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { cardPayments, jobs } from '../db/schema';
import { appendAudit } from '../audit/log';
import type { SessionUser } from '../http/access';
import { AppError, conflict, forbidden, notFound } from '../http/errors';
import { recordJobEvent } from '../jobs/history';
import { moveJob } from '../jobs/lifecycle';
import { JOB_NOT_FOUND } from '../jobs/service';
import { flagJobPayment } from '../jobs/payment-details';
import type { PaymentEvent } from './provider';

/**
 * One card payment, one outcome, at most one alert (docs/decisions/407-one-alert-per-card-payment.md):
 * a PaymentIntent succeeds once, however many webhook deliveries, simulated confirms or pay-page
 * requests report it. The first to claim its row decides what the money did; the others change
 * nothing and alert nobody. Money that could not be kept is `refund-due` until an admin refunds it
 * from the job's dialog.
 */

type Intent = PaymentEvent['data']['object'];

/** Claims the payment for this event; false when another event or request already handled it. */
export async function claimCardPayment(
  tx: Executor,
  claim: { intent: Intent; jobId: string | null; customerInvoiceId: string | null; at: Date },
): Promise<boolean> {
  const { intent } = claim;
  const rows = await tx
    .insert(cardPayments)
    .values({
      intentId: intent.id,
      jobId: claim.jobId,
      customerInvoiceId: claim.customerInvoiceId,
      amountCents: typeof intent.amount === 'number' ? intent.amount : null,
      currency: intent.currency?.toLowerCase() ?? null,
      outcome: 'applied',
      receivedAt: claim.at,
    })
    .onConflictDoNothing({ target: cardPayments.intentId })
    .returning({ intentId: cardPayments.intentId });
  return rows.length > 0;
}

/** The claimed payment did not pay what it was for: staff are to refund it. */
export async function keepBackForRefund(tx: Executor, intentId: string, reason: string): Promise<void> {
  await tx.update(cardPayments).set({ outcome: 'refund-due', reason }).where(eq(cardPayments.intentId, intentId));
}

/** The job's dialog, where the Refund button is. */
export function jobDialogUrl(publicBaseUrl: string, jobId: string): string {
  return `${publicBaseUrl}/dashboard?tab=jobs&job=${jobId}`;
}

/** The alert's refund action: one button in the job's dialog (decision 407). */
export function refundActionLines(input: { publicBaseUrl: string; jobId: string; jobNumber: string }): string[] {
  return [
    `Refund it from job ${input.jobNumber} in the dashboard (Refund, under "Card payments to refund"):`,
    jobDialogUrl(input.publicBaseUrl, input.jobId),
  ];
}

export const SECOND_PAYMENT_KIND = 'payment_second_payment';

/** A charge as the provider reported it: AUD in dollars, another currency by its code and minor units. */
export function chargeText(intent: Intent): string {
  if (typeof intent.amount !== 'number') return 'an unknown amount';
  const code = (intent.currency ?? '').toUpperCase() || 'unknown currency';
  return code === 'AUD' ? formatDollars(intent.amount) : `${intent.amount} minor units of ${code}`;
}

/**
 * A card payment for a booking or an invoice that was already paid: kept back, the job's history
 * says so, and the business is emailed once with the refund action.
 */
export async function keepBackSecondPayment(
  deps: Pick<AppDeps, 'outbox' | 'config'>,
  tx: Executor,
  input: {
    job: { id: string; jobNumber: string };
    intent: Intent;
    what: string;
    business: Pick<BusinessProfile, 'email'>;
    now: Date;
  },
): Promise<void> {
  const { job, intent, what } = input;
  const charged = chargeText(intent);
  const reason = `Paid twice: ${what} was already paid when this card payment of ${charged} arrived`;
  await keepBackForRefund(tx, intent.id, reason);
  await recordJobEvent(tx, {
    jobId: job.id,
    at: input.now,
    actorId: null,
    kind: 'note',
    note: `Second card payment of ${charged} kept back for a refund (PaymentIntent ${intent.id})`,
  });
  await deps.outbox.queue(tx, {
    kind: SECOND_PAYMENT_KIND,
    jobId: job.id,
    to: input.business.email,
    subject: `Refund needed: ${what} was paid twice`,
    text: [
      `A card payment of ${charged} for ${what} arrived after it had already been paid.`,
      'It was not applied to anything: the customer has paid twice.',
      '',
      ...refundActionLines({ publicBaseUrl: deps.config.publicBaseUrl, jobId: job.id, jobNumber: job.jobNumber }),
      `(PaymentIntent ${intent.id})`,
    ].join('\n'),
  });
}

/**
 * An admin refunds a card payment that was kept back (decision 407): the whole payment, through the
 * card provider under a key made from the payment, so a retry never refunds twice; the job's history
 * and the audit log say so, and the job's payment flag clears once nothing is left to refund.
 */
export async function refundKeptBackPayment(
  deps: Pick<AppDeps, 'db' | 'clock' | 'payments' | 'log'>,
  user: SessionUser,
  jobId: string,
  intentId: string,
): Promise<void> {
  if (user.role !== 'admin') throw forbidden('Only an administrator can refund a payment.');
  // A job id is a UUID: anything else names no job, and PostgreSQL would refuse it as a uuid.
  if (!isUuid(jobId)) throw notFound(JOB_NOT_FOUND);
  await deps.db.transaction(async (tx) => {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
    const [payment] = await tx
      .select()
      .from(cardPayments)
      .where(and(eq(cardPayments.intentId, intentId), eq(cardPayments.jobId, jobId)))
      .for('update');
    if (!job || !payment || payment.outcome !== 'refund-due' || payment.refundedAt)
      throw conflict(NO_CARD_PAYMENT_TO_REFUND_MESSAGE);
    const amountCents = payment.amountCents ?? 0;
    if (!deps.payments)
      throw new AppError(
        'UNAVAILABLE',
        'The card provider is not available, so the refund cannot be made. Nothing was changed.',
      );
    let refundId: string;
    try {
      ({ id: refundId } = await deps.payments.refund({
        paymentIntentId: intentId,
        amountCents,
        idempotencyKey: `card-payment-refund-${intentId}`,
      }));
    } catch (err) {
      deps.log.error({ err, jobId }, 'Refund failed');
      throw new AppError(
        'UNAVAILABLE',
        `The refund could not be made (${err instanceof Error ? err.message : 'card provider error'}). Nothing was changed.`,
      );
    }
    const now = deps.clock.now();
    await tx
      .update(cardPayments)
      .set({ refundedAt: now, refundedById: user.id, refundId })
      .where(eq(cardPayments.intentId, intentId));
    const charged =
      payment.currency === 'aud'
        ? formatDollars(amountCents)
        : `${amountCents} minor units of ${(payment.currency ?? '').toUpperCase()}`;
    const note = `Refunded the card payment of ${charged} kept back (PaymentIntent ${intentId}): ${payment.reason ?? ''}`;
    const open = await tx
      .select({ intentId: cardPayments.intentId, refundedAt: cardPayments.refundedAt })
      .from(cardPayments)
      .where(and(eq(cardPayments.jobId, jobId), eq(cardPayments.outcome, 'refund-due')));
    const nothingLeft = open.every((p) => p.intentId === intentId || p.refundedAt !== null);
    // A lost slot's payment was the booking's own: refunding it refunds the job (decision 192).
    if (
      job.paymentFlag === 'refund-required' &&
      job.status === 'cancelled' &&
      job.paymentStatus === 'paid' &&
      nothingLeft
    )
      await moveJob(tx, job, 'refund', { at: now, actorId: user.id, note, also: { paymentFlag: null } });
    else {
      await recordJobEvent(tx, { jobId, at: now, actorId: user.id, kind: 'note', note });
      if (nothingLeft && job.paymentFlag !== null) await flagJobPayment(tx, jobId, null, now);
    }
    await appendAudit(tx, [
      {
        at: now,
        actorId: user.id,
        kind: 'refund',
        subject: `refund:${jobId}`,
        label: job.jobNumber,
        action: 'refunded',
        field: 'Card payment',
        from: payment.currency === 'aud' ? formatCents(amountCents) : String(amountCents),
        to: '0.00',
        note,
      },
    ]);
  });
}
