import { eq, sql } from 'drizzle-orm';
import type { InvoiceRemoved } from '../../shared/schemas/invoices';
import { lockedInvoiceMessage } from '../../shared/schemas/invoices';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { customerInvoicePdfs, customerInvoices, invoiceWriteOffs, onsitePayments } from '../db/schema';
import { recordHistory } from '../history/history';
import type { SessionUser } from '../http/access';
import { conflict } from '../http/errors';
import { recordJobEvent } from '../jobs/history';
import type { DocumentDeps } from './document-deps';
import { ensureCurrentPdf } from './documents';
import { findInvoice, type Invoice } from './guards';
import { jobInvoiceVoided } from './job-sync';
import { getInvoiceDetail } from './queries';

// Void instead of delete (decision 295): an issued invoice is kept as the customer got it, marked void.

/**
 * Voids an issued invoice in the caller's transaction: status cancelled with the moment it was
 * voided, its lines, history and PDFs kept, a history line, and its job set through the job's
 * lifecycle. The VOID copy of the PDF is made afterwards by `stampVoid`.
 */
export async function voidInTx(
  tx: Executor,
  invoice: Invoice,
  actor: SessionUser,
  now: Date,
  how: string,
): Promise<void> {
  if (invoice.voidedAt) throw conflict(lockedInvoiceMessage(invoice.invoiceNumber, invoice.status));
  await tx
    .update(customerInvoices)
    .set({ status: 'cancelled', voidedAt: now, updatedAt: now })
    .where(eq(customerInvoices.id, invoice.id));
  await recordHistory(tx, 'invoice', invoice.id, {
    at: now,
    actorId: actor.id,
    kind: 'void',
    from: invoice.status,
    to: 'cancelled',
    note: how,
  });
  await jobInvoiceVoided(tx, invoice.jobId, actor.id, now, invoice.invoiceNumber);
}

/**
 * A new PDF version stamped VOID beside the kept ones. The void itself is already committed: a PDF
 * that cannot be made now is made the next time anyone asks for the invoice's PDF.
 */
export async function stampVoid(
  deps: DocumentDeps & Pick<AppDeps, 'log'>,
  actor: SessionUser,
  invoiceId: string,
): Promise<void> {
  await ensureCurrentPdf(deps, actor, invoiceId).catch((err: unknown) =>
    deps.log.warn({ err, invoiceId }, 'Could not make the VOID copy of a voided invoice'),
  );
}

/** Whether a payment taken on site or a write-off, even one reversed since, names the invoice. */
async function hasMoneyTaken(tx: Executor, invoiceId: string): Promise<boolean> {
  const { rows } = await tx.execute<{ taken: boolean }>(sql`select
    exists (select 1 from ${onsitePayments} where ${onsitePayments.customerInvoiceId} = ${invoiceId})
    or exists (select 1 from ${invoiceWriteOffs} where ${invoiceWriteOffs.customerInvoiceId} = ${invoiceId}) as taken`);
  return rows[0]?.taken === true;
}

/**
 * "Delete" on an invoice (docs/product.md "Customer invoices", decision 295): a draft (or a draft
 * cancelled before it was ever issued) is deleted with its lines, history and PDFs, and its job can
 * then be deleted; a sent, paid or overdue invoice is voided and kept.
 */
export async function deleteOrVoidInvoice(
  deps: DocumentDeps & Pick<AppDeps, 'log'>,
  actor: SessionUser,
  invoiceId: string,
): Promise<InvoiceRemoved> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const invoice = await findInvoice(tx, invoiceId, true);
    if (invoice.status !== 'draft' && invoice.status !== 'cancelled') {
      await voidInTx(tx, invoice, actor, now, 'Voided instead of deleted: the customer holds a copy');
      return { kind: 'voided' as const, invoice };
    }
    // A draft that money was taken on before such money issued it (decision 440) keeps its payments.
    if (invoice.status === 'draft' && (await hasMoneyTaken(tx, invoice.id))) {
      await voidInTx(tx, invoice, actor, now, 'Voided instead of deleted: money was taken on it');
      return { kind: 'voided' as const, invoice };
    }
    if (invoice.voidedAt) throw conflict(lockedInvoiceMessage(invoice.invoiceNumber, invoice.status));
    const pdfs = await tx
      .select({ filename: customerInvoicePdfs.filename })
      .from(customerInvoicePdfs)
      .where(eq(customerInvoicePdfs.customerInvoiceId, invoice.id));
    await tx.delete(customerInvoices).where(eq(customerInvoices.id, invoice.id));
    await recordJobEvent(tx, {
      jobId: invoice.jobId,
      at: now,
      actorId: actor.id,
      kind: 'note',
      note: `Invoice ${invoice.invoiceNumber} (${invoice.status}, ${invoice.totalAmount}) deleted`,
    });
    return { kind: 'deleted' as const, invoice, files: pdfs };
  });
  if (outcome.kind === 'voided') {
    await stampVoid(deps, actor, invoiceId);
    return {
      outcome: 'voided',
      message: `Invoice ${outcome.invoice.invoiceNumber} is void and kept.`,
      customerInvoice: await getInvoiceDetail(deps, invoiceId),
    };
  }
  for (const { filename } of outcome.files) {
    await deps.pdfs
      .remove(filename)
      .catch((err: unknown) => deps.log.warn({ err, filename }, 'Could not remove a deleted invoice PDF'));
  }
  return { outcome: 'deleted', message: `Invoice ${outcome.invoice.invoiceNumber} deleted.`, customerInvoice: null };
}
