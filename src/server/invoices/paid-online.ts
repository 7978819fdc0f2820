import { eq } from 'drizzle-orm';
import { formatCents, formatDollars, type Cents } from '../../shared/domain/money';
import { withCardSurcharge } from '../../shared/domain/pricing';
import type { BusinessProfile, Fees } from '../../shared/domain/settings';
import { isUuid } from '../../shared/schemas/fields';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { customerInvoices, jobs, paymentEvents } from '../db/schema';
import { recordHistory } from '../history/history';
import { clearMismatchFlag, flagJobPayment } from '../jobs/payment-details';
import { chargeText, claimCardPayment, keepBackForRefund, refundActionLines } from '../payments/card-payments';
import type { PaymentEvent } from '../payments/provider';
import { AMOUNT_MISMATCH_KIND } from '../payments/payment-alerts';
import { findInvoice, type Invoice } from './guards';
import { jobPaidByInvoice } from './job-sync';
import { owedOnInvoice } from './owed';

// The outcome of a card payment made from an invoice's pay link (decision 300), handled inside the
// one payment handler's transaction so the event is recorded exactly when the invoice changes.

export const INVOICE_RECEIPT_KIND = 'invoice_receipt';

export type HandledInvoiceEvent =
  | { outcome: 'duplicate' }
  | { outcome: 'ignored' }
  | { outcome: 'failed'; jobId: string | null; message: string }
  | { outcome: 'already-paid'; jobId: string }
  | { outcome: 'amount-mismatch'; jobId: string }
  | { outcome: 'invoice-paid'; jobId: string; invoiceId: string };

/** The invoice an event pays for, when its metadata (set by this server, delivered signed) names one. */
export function invoiceIdOf(event: PaymentEvent): string | null {
  const id = (event.data.object.metadata as Record<string, string | undefined> | undefined)?.invoiceId;
  return id && isUuid(id) ? id : null;
}

/**
 * What is still owed on an unpaid invoice: its total less its credit notes, the part payments taken
 * on site and what was written off, never below zero (docs/decisions/406-money-as-taken.md).
 */
export async function balanceDueCents(exec: Executor, invoice: Pick<Invoice, 'id' | 'totalAmount'>): Promise<Cents> {
  return (await owedOnInvoice(exec, { ...invoice, status: 'sent' })).owedCents;
}

function surchargeRateOf(event: PaymentEvent, fees: Fees): number {
  const recorded = Number(
    (event.data.object.metadata as Record<string, string | undefined> | undefined)?.cardSurchargeBasisPoints,
  );
  return Number.isInteger(recorded) && recorded >= 0 && recorded <= 1000 ? recorded : fees.cardSurchargeBasisPoints;
}

type Ctx = { deps: Pick<AppDeps, 'outbox' | 'config'>; now: Date; fees: Fees; business: BusinessProfile };

function receiptOf(b: BusinessProfile, r: { name: string; invoiceNumber: string; paidCents: number }) {
  return {
    subject: `Receipt: invoice ${r.invoiceNumber} from ${b.name} is paid`,
    text: [
      `Hello ${r.name},`,
      '',
      `Thank you: we received your card payment of ${formatDollars(r.paidCents)} for invoice ${r.invoiceNumber}, which is now paid in full.`,
      '',
      `Questions? Call ${b.phone} or reply to ${b.email}.`,
      '',
      b.name,
    ].join('\n'),
  };
}

function staffAlert(invoice: Invoice, why: string, event: PaymentEvent, refundAction: string[]) {
  const o = event.data.object;
  const charged =
    typeof o.amount === 'number'
      ? `${formatDollars(o.amount)} ${(o.currency ?? '').toUpperCase()}`
      : 'an unknown amount';
  return {
    subject: `Payment check needed: invoice ${invoice.invoiceNumber} was paid online`,
    text: [
      `A card payment of ${charged} for invoice ${invoice.invoiceNumber} arrived, but ${why}`,
      'The invoice was not marked paid by it.',
      '',
      ...refundAction,
      `(PaymentIntent ${o.id}), then call the customer.`,
    ].join('\n'),
  };
}

/**
 * Records the event and, for a succeeded payment of the invoice's balance (with the card surcharge
 * it was charged at) in AUD, marks the invoice paid, its job paid through the lifecycle, and queues
 * the customer's receipt. Any other amount, or money for a paid or void invoice, is kept back for
 * staff with an alert, as a booking's would be (decision 192).
 */
export async function handleInvoicePaymentIn(
  tx: Executor,
  event: PaymentEvent,
  invoiceId: string,
  ctx: Ctx,
): Promise<HandledInvoiceEvent> {
  const invoice = await findInvoice(tx, invoiceId, true).catch(() => null);
  const recorded = await tx
    .insert(paymentEvents)
    .values({
      id: event.id,
      type: event.type,
      jobId: invoice?.jobId ?? null,
      payload: event as unknown as Record<string, unknown>,
      receivedAt: ctx.now,
    })
    .onConflictDoNothing({ target: paymentEvents.id })
    .returning({ id: paymentEvents.id });
  if (recorded.length === 0) return { outcome: 'duplicate' };
  if (event.type === 'payment_intent.payment_failed') {
    return {
      outcome: 'failed',
      jobId: invoice?.jobId ?? null,
      message: event.data.object.last_payment_error?.message ?? 'Your card was declined.',
    };
  }
  if (event.type !== 'payment_intent.succeeded' || !invoice) return { outcome: 'ignored' };

  const intent = event.data.object;
  // One payment, one outcome and at most one alert, however many pay-page requests or webhook
  // deliveries report it (docs/decisions/407-one-alert-per-card-payment.md).
  const claimed = await claimCardPayment(tx, {
    intent,
    jobId: invoice.jobId,
    customerInvoiceId: invoice.id,
    at: ctx.now,
  });
  if (!claimed) return { outcome: 'duplicate' };
  const alertStaff = async (why: string) => {
    await keepBackForRefund(
      tx,
      intent.id,
      `Invoice ${invoice.invoiceNumber}: ${chargeText(intent)} arrived, but ${why}`,
    );
    const [job] = await tx.select({ jobNumber: jobs.jobNumber }).from(jobs).where(eq(jobs.id, invoice.jobId));
    await ctx.deps.outbox.queue(tx, {
      kind: AMOUNT_MISMATCH_KIND,
      jobId: invoice.jobId,
      to: ctx.business.email,
      ...staffAlert(
        invoice,
        why,
        event,
        refundActionLines({
          publicBaseUrl: ctx.deps.config.publicBaseUrl,
          jobId: invoice.jobId,
          jobNumber: job?.jobNumber ?? invoice.invoiceNumber,
        }),
      ),
    });
    await recordHistory(tx, 'invoice', invoice.id, {
      at: ctx.now,
      actorId: null,
      kind: 'payment',
      note: `Card payment kept back for staff (PaymentIntent ${intent.id}): ${why}`,
    });
  };
  if (invoice.status === 'paid' || invoice.status === 'cancelled') {
    await alertStaff(invoice.status === 'paid' ? 'the invoice was already paid.' : 'the invoice had been voided.');
    return { outcome: 'already-paid', jobId: invoice.jobId };
  }
  const expected = withCardSurcharge(await balanceDueCents(tx, invoice), {
    ...ctx.fees,
    cardSurchargeBasisPoints: surchargeRateOf(event, ctx.fees),
  });
  if (intent.amount !== expected || intent.currency?.toLowerCase() !== 'aud') {
    await flagJobPayment(tx, invoice.jobId, 'amount-mismatch', ctx.now);
    await alertStaff(`the balance due with the card surcharge is ${formatDollars(expected)} AUD.`);
    return { outcome: 'amount-mismatch', jobId: invoice.jobId };
  }

  await tx
    .update(customerInvoices)
    .set({ status: 'paid', paidAt: ctx.now, updatedAt: ctx.now })
    .where(eq(customerInvoices.id, invoice.id));
  await recordHistory(tx, 'invoice', invoice.id, {
    at: ctx.now,
    actorId: null,
    kind: 'status',
    from: invoice.status,
    to: 'paid',
    note: `Paid online by card $${formatCents(expected)} (PaymentIntent ${intent.id})`,
  });
  await jobPaidByInvoice(tx, invoice.jobId, null, ctx.now, invoice.invoiceNumber);
  // The right amount clears an earlier wrong payment's flag (decision 407).
  await clearMismatchFlag(tx, invoice.jobId, ctx.now);
  const [job] = await tx
    .select({ name: jobs.contactName, email: jobs.contactEmail })
    .from(jobs)
    .where(eq(jobs.id, invoice.jobId));
  if (job?.email) {
    await ctx.deps.outbox.queue(tx, {
      kind: INVOICE_RECEIPT_KIND,
      jobId: invoice.jobId,
      to: job.email,
      ...receiptOf(ctx.business, { name: job.name, invoiceNumber: invoice.invoiceNumber, paidCents: expected }),
    });
  }
  return { outcome: 'invoice-paid', jobId: invoice.jobId, invoiceId: invoice.id };
}
