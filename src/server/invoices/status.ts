import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CustomerInvoiceStatus } from '../../shared/domain/job-status';
import type { BulkStatusResult, InvoiceDetail, updateInvoiceRequest } from '../../shared/schemas/invoices';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { customerInvoicePdfs, customerInvoices } from '../db/schema';
import { recordHistory } from '../history/history';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { recordJobEvent } from '../jobs/history';
import { ANOTHER_LIVE, findInvoice, withLiveInvoiceGuard, type Invoice } from './guards';
import { jobPaidByInvoice } from './job-sync';
import { getInvoiceDetail } from './queries';

// An invoice's dates and status, one or many at a time, and deleting it (docs/product.md "Customer invoices").

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** Sets a status, recorded in the history; paid also marks the job paid (docs/product.md "Customer invoices"). */
async function applyStatus(tx: Executor, invoice: Invoice, to: CustomerInvoiceStatus, actor: SessionUser, now: Date): Promise<void> {
  if (invoice.status === to) return;
  await tx
    .update(customerInvoices)
    .set({
      status: to,
      updatedAt: now,
      paidAt: to === 'paid' ? now : invoice.status === 'paid' ? null : invoice.paidAt,
      ...(to === 'sent' && !invoice.sentAt ? { sentAt: now } : {}),
    })
    .where(eq(customerInvoices.id, invoice.id));
  await recordHistory(tx, 'invoice', invoice.id, { at: now, actorId: actor.id, kind: 'status', from: invoice.status, to });
  if (to === 'paid') await jobPaidByInvoice(tx, invoice.jobId, actor.id, now, invoice.invoiceNumber);
}

export async function updateInvoice(deps: Deps, actor: SessionUser, invoiceId: string, body: z.output<typeof updateInvoiceRequest>): Promise<InvoiceDetail> {
  const now = deps.clock.now();
  await withLiveInvoiceGuard(
    ANOTHER_LIVE,
    () =>
      deps.db.transaction(async (tx) => {
        const invoice = await findInvoice(tx, invoiceId, true);
        for (const [field, label] of [['invoiceDate', 'Invoice date'], ['dueDate', 'Due date']] as const) {
          const next = body[field];
          if (next === undefined || next === invoice[field]) continue;
          if (field === 'invoiceDate' && next === null) continue;
          await tx.update(customerInvoices).set({ [field]: next, updatedAt: now }).where(eq(customerInvoices.id, invoice.id));
          await recordHistory(tx, 'invoice', invoice.id, { at: now, actorId: actor.id, kind: 'edit', from: invoice[field], to: next, note: label });
        }
        if (body.status) await applyStatus(tx, invoice, body.status, actor, now);
      }),
  );
  return getInvoiceDetail(deps, invoiceId);
}

/** One status on many invoices, each in its own transaction: the answer says which succeeded and why the others did not. */
export async function bulkSetStatus(deps: Deps, actor: SessionUser, ids: string[], status: CustomerInvoiceStatus): Promise<BulkStatusResult> {
  const result: BulkStatusResult = { updated: [], failed: [] };
  for (const id of [...new Set(ids)]) {
    try {
      await withLiveInvoiceGuard(
        ANOTHER_LIVE,
        () =>
          deps.db.transaction(async (tx) => {
            const invoice = await findInvoice(tx, id, true);
            await applyStatus(tx, invoice, status, actor, deps.clock.now());
          }),
      );
      result.updated.push(id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      result.failed.push({ id, message: err.message });
    }
  }
  return result;
}

/**
 * Deletes an invoice with its lines, history and PDFs; the job's history keeps a line saying so, and
 * the job can be deleted afterwards (docs/product.md "Bookings").
 */
export async function deleteInvoice(deps: Deps & { pdfs: { remove(name: string): Promise<void> } } & Pick<AppDeps, 'log'>, actor: SessionUser, invoiceId: string): Promise<void> {
  const now = deps.clock.now();
  const files = await deps.db.transaction(async (tx) => {
    const invoice = await findInvoice(tx, invoiceId, true);
    const pdfs = await tx.select({ filename: customerInvoicePdfs.filename }).from(customerInvoicePdfs).where(eq(customerInvoicePdfs.customerInvoiceId, invoice.id));
    await tx.delete(customerInvoices).where(eq(customerInvoices.id, invoice.id));
    await recordJobEvent(tx, { jobId: invoice.jobId, at: now, actorId: actor.id, kind: 'note', note: `Invoice ${invoice.invoiceNumber} (${invoice.status}, ${invoice.totalAmount}) deleted` });
    return pdfs;
  });
  for (const { filename } of files) {
    await deps.pdfs.remove(filename).catch((err: unknown) => deps.log.warn({ err, filename }, 'Could not remove a deleted invoice PDF'));
  }
}
