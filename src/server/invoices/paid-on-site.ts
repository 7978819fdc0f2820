import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { customerInvoices, type jobs } from '../db/schema';
import { recordHistory } from '../history/history';
import type { SessionUser } from '../http/access';
import { conflict } from '../http/errors';
import type { AppDeps } from '../deps';
import { findInvoice, type Invoice } from './guards';
import { generateInvoiceIn } from './generate';

/**
 * The invoice side of a payment taken at the job (docs/decisions/349-payment-taken-on-site.md): the
 * job's live invoice is marked paid with the method on it, made from the job first when it has none,
 * so the payment is counted once, by its invoice, in the reports. The job moves in src/server/jobs.
 */

type Fees = Awaited<ReturnType<AppDeps['settings']['current']>>['fees'];

/** The job's invoice that is not cancelled, locked; generated from the job (completed -> invoiced) when there is none. */
export async function invoiceForOnsitePayment(tx: Executor, job: typeof jobs.$inferSelect, actor: SessionUser, now: Date, fees: Fees): Promise<Invoice> {
  const [live] = await tx
    .select()
    .from(customerInvoices)
    .where(and(eq(customerInvoices.jobId, job.id), ne(customerInvoices.status, 'cancelled')))
    .for('update');
  return live ?? generateInvoiceIn(tx, job, actor, now, fees);
}

/** Marks the invoice paid, with how it was paid printed on it and the payment's line in its history. */
export async function invoicePaidOnSite(tx: Executor, invoice: Invoice, actor: SessionUser, now: Date, how: { paymentNote: string; historyNote: string }): Promise<void> {
  await tx.update(customerInvoices).set({ status: 'paid', paidAt: now, paymentNote: how.paymentNote, updatedAt: now }).where(eq(customerInvoices.id, invoice.id));
  await recordHistory(tx, 'invoice', invoice.id, { at: now, actorId: actor.id, kind: 'status', from: invoice.status, to: 'paid', note: how.historyNote });
}

/**
 * An admin reversed the payment: the invoice is issued and unpaid again ('sent'; an issued invoice
 * never returns to draft, decision 294), its payment note gone, the reason in its history. A voided
 * invoice stays void, and the reversal is refused so the job and the invoice never disagree.
 */
export async function invoiceOnsitePaymentReversed(tx: Executor, invoiceId: string, actor: SessionUser, now: Date, historyNote: string): Promise<void> {
  const invoice = await findInvoice(tx, invoiceId, true);
  if (invoice.status === 'cancelled') {
    throw conflict(`Invoice ${invoice.invoiceNumber} of this payment was voided, so the payment cannot be reversed here. Issue a credit note instead.`);
  }
  if (invoice.status !== 'paid') return;
  await tx
    .update(customerInvoices)
    .set({ status: 'sent', paidAt: null, paymentNote: null, sentAt: invoice.sentAt ?? now, updatedAt: now })
    .where(eq(customerInvoices.id, invoice.id));
  await recordHistory(tx, 'invoice', invoice.id, { at: now, actorId: actor.id, kind: 'status', from: 'paid', to: 'sent', note: historyNote });
}
