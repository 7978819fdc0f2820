import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { customerInvoices, type jobs } from '../db/schema';
import { historyOf, recordHistory } from '../history/history';
import type { CustomerInvoiceStatus } from '../../shared/domain/job-status';
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
export async function invoiceForOnsitePayment(
  tx: Executor,
  job: typeof jobs.$inferSelect,
  actor: SessionUser,
  now: Date,
  fees: Fees,
): Promise<Invoice> {
  const [live] = await tx
    .select()
    .from(customerInvoices)
    .where(and(eq(customerInvoices.jobId, job.id), ne(customerInvoices.status, 'cancelled')))
    .for('update');
  return live ?? generateInvoiceIn(tx, job, actor, now, fees);
}

/** Moves the invoice to `to`, the columns in `also` with it, and says why in its history. */
async function moveInvoice(
  tx: Executor,
  invoice: Invoice,
  to: CustomerInvoiceStatus,
  by: { actor: SessionUser; now: Date; note: string },
  also: Partial<Pick<Invoice, 'paidAt' | 'paymentNote'>> = {},
): Promise<void> {
  await tx
    .update(customerInvoices)
    .set({ status: to, updatedAt: by.now, ...also })
    .where(eq(customerInvoices.id, invoice.id));
  await recordHistory(tx, 'invoice', invoice.id, {
    at: by.now,
    actorId: by.actor.id,
    kind: 'status',
    from: invoice.status,
    to,
    note: by.note,
  });
}

/** Marks the invoice paid, with how it was paid printed on it and the payment's line in its history. */
export async function invoicePaidOnSite(
  tx: Executor,
  invoice: Invoice,
  actor: SessionUser,
  now: Date,
  how: { paymentNote: string; historyNote: string },
): Promise<void> {
  await moveInvoice(
    tx,
    invoice,
    'paid',
    { actor, now, note: how.historyNote },
    { paidAt: now, paymentNote: how.paymentNote },
  );
}

/**
 * A part of the balance was paid or written off: the invoice stays as issued, its history says what
 * is owed now (decision 406). A draft is issued by it, sent but not emailed: money taken on an
 * invoice fixes its lines, keeps it from being deleted, and counts it in the reports
 * (docs/decisions/440-money-taken-issues-the-invoice.md).
 */
export async function invoicePartPaid(
  tx: Executor,
  invoice: Invoice,
  actor: SessionUser,
  now: Date,
  historyNote: string,
): Promise<void> {
  if (invoice.status === 'draft')
    await moveInvoice(tx, invoice, 'sent', {
      actor,
      now,
      note: 'Issued by the money taken on it: its lines stay as they are',
    });
  await recordHistory(tx, 'invoice', invoice.id, { at: now, actorId: actor.id, kind: 'payment', note: historyNote });
}

/**
 * The status the invoice had before this payment marked it paid, from its history: sent or overdue
 * only if it had been sent, else the draft it was made as (an invoice made and paid in one go at the
 * job was never sent, docs/decisions/349-payment-taken-on-site.md).
 */
async function statusBeforePaid(tx: Executor, invoice: Invoice): Promise<CustomerInvoiceStatus> {
  const paidLine = (await historyOf(tx, 'invoice', invoice.id)).findLast((h) => h.kind === 'status' && h.to === 'paid');
  const before = paidLine?.from;
  if (before === 'overdue') return before;
  // Once paid it was issued, and an issued invoice never goes back to draft: it stays issued and
  // unpaid, its sent time as it was (docs/decisions/369-reversed-payment-leaves-the-invoice-issued.md).
  return 'sent';
}

/**
 * An admin reversed the payment: the invoice is unpaid again, back at the status it had before the
 * payment (nothing is sent by a reversal, so its sent time stays as it was), its payment note gone,
 * the reason in its history. A voided invoice stays void, and the reversal is refused so the job and
 * the invoice never disagree.
 */
export async function invoiceOnsitePaymentReversed(
  tx: Executor,
  invoiceId: string,
  actor: SessionUser,
  now: Date,
  historyNote: string,
): Promise<void> {
  const invoice = await findInvoice(tx, invoiceId, true);
  if (invoice.status === 'cancelled') {
    throw conflict(
      `Invoice ${invoice.invoiceNumber} of this payment was voided, so the payment cannot be reversed here. Issue a credit note instead.`,
    );
  }
  if (invoice.status !== 'paid') return;
  const status = await statusBeforePaid(tx, invoice);
  await moveInvoice(tx, invoice, status, { actor, now, note: historyNote }, { paidAt: null, paymentNote: null });
}
