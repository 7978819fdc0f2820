import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CustomerInvoiceStatus } from '../../shared/domain/job-status';
import { toCents } from '../../shared/domain/money';
import { parseMoney } from '../../shared/schemas/fields';
import {
  DUE_BEFORE_INVOICE_MESSAGE,
  ISSUED_INVOICE_STATUSES,
  lockedInvoiceMessage,
  UNPAID_REASON_MESSAGE,
  type BulkStatusResult,
  type InvoiceDetail,
  type updateInvoiceRequest,
} from '../../shared/schemas/invoices';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { customerInvoices } from '../db/schema';
import { recordHistory } from '../history/history';
import type { SessionUser } from '../http/access';
import { AppError, conflict, invalid } from '../http/errors';
import { ANOTHER_LIVE, findInvoice, withLiveInvoiceGuard, type Invoice } from './guards';
import { jobPaidByInvoice } from './job-sync';
import { restMarkedReceived } from './paid-note';
import type { DocumentDeps } from './document-deps';
import { getInvoiceDetail } from './queries';
import { stampVoid, voidInTx } from './void';

// An invoice's dates and status, one or many at a time, and deleting it (docs/product.md "Customer invoices").

type Deps = DocumentDeps & Pick<AppDeps, 'log'>;

const isIssued = (status: CustomerInvoiceStatus) => (ISSUED_INVOICE_STATUSES as readonly string[]).includes(status);

/**
 * Sets a status, recorded in the history; paid also marks the job paid (docs/product.md "Customer
 * invoices"). An issued invoice never goes back to draft, a void one never moves, and a paid one
 * becomes unpaid only with a reason, kept as the history line's note (decision 294).
 */
async function applyStatus(
  tx: Executor,
  invoice: Invoice,
  to: CustomerInvoiceStatus,
  actor: SessionUser,
  now: Date,
  reason?: string,
): Promise<'voided' | void> {
  if (invoice.status === to) return;
  if (invoice.voidedAt || (to === 'draft' && isIssued(invoice.status)))
    throw conflict(lockedInvoiceMessage(invoice.invoiceNumber, invoice.status));
  // Cancelling an issued invoice is voiding it (decision 295).
  if (to === 'cancelled' && isIssued(invoice.status)) {
    await voidInTx(tx, invoice, actor, now, reason ? `Status set to cancelled: ${reason}` : 'Status set to cancelled');
    return 'voided';
  }
  if (invoice.status === 'paid' && !reason) throw invalid(UNPAID_REASON_MESSAGE, { reason: UNPAID_REASON_MESSAGE });
  // Part paid before: only what was still owed is recorded as received (decision 427).
  const rest = to === 'paid' ? await restMarkedReceived(tx, invoice, now) : null;
  await tx
    .update(customerInvoices)
    .set({
      status: to,
      updatedAt: now,
      paidAt: to === 'paid' ? now : invoice.status === 'paid' ? null : invoice.paidAt,
      ...(to === 'sent' && !invoice.sentAt ? { sentAt: now } : {}),
      ...(rest ? { paymentNote: rest.paymentNote } : {}),
    })
    .where(eq(customerInvoices.id, invoice.id));
  await recordHistory(tx, 'invoice', invoice.id, {
    at: now,
    actorId: actor.id,
    kind: 'status',
    from: invoice.status,
    to,
    note: invoice.status === 'paid' ? (reason ?? null) : (rest?.line ?? null),
  });
  if (to === 'paid') await jobPaidByInvoice(tx, invoice.jobId, actor.id, now, invoice.invoiceNumber);
}

/**
 * What an edit may change: on a draft, the dates (the due date on or after the invoice date; totals
 * sent by a client are ignored, they follow the lines); on an issued or void invoice only the status,
 * so a changed date or total is refused with what to do instead (decision 294).
 */
function assertOnlyStatusChanges(invoice: Invoice, body: z.output<typeof updateInvoiceRequest>): void {
  const invoiceDate = body.invoiceDate ?? invoice.invoiceDate;
  const dueDate = body.dueDate === undefined ? invoice.dueDate : body.dueDate;
  const datesChange = invoiceDate !== invoice.invoiceDate || dueDate !== invoice.dueDate;
  if (invoice.status === 'draft') {
    if (datesChange && dueDate !== null && dueDate < invoiceDate)
      throw invalid(DUE_BEFORE_INVOICE_MESSAGE, { dueDate: DUE_BEFORE_INVOICE_MESSAGE });
    return;
  }
  const stored = {
    totalAmount: invoice.totalAmount,
    subtotalAmount: invoice.subtotalAmount,
    gstAmount: invoice.gstAmount,
  };
  const totalsChange = (Object.keys(stored) as (keyof typeof stored)[]).some(
    (k) => body[k] !== undefined && parseMoney(body[k]) !== toCents(stored[k]),
  );
  if (datesChange || totalsChange) throw conflict(lockedInvoiceMessage(invoice.invoiceNumber, invoice.status));
}

export async function updateInvoice(
  deps: Deps,
  actor: SessionUser,
  invoiceId: string,
  body: z.output<typeof updateInvoiceRequest>,
): Promise<InvoiceDetail> {
  const now = deps.clock.now();
  const result = await withLiveInvoiceGuard(ANOTHER_LIVE, () =>
    deps.db.transaction(async (tx) => {
      const invoice = await findInvoice(tx, invoiceId, true);
      assertOnlyStatusChanges(invoice, body);
      for (const [field, label] of [
        ['invoiceDate', 'Invoice date'],
        ['dueDate', 'Due date'],
      ] as const) {
        const next = body[field];
        if (next === undefined || next === invoice[field]) continue;
        if (field === 'invoiceDate' && next === null) continue;
        await tx
          .update(customerInvoices)
          .set({ [field]: next, updatedAt: now })
          .where(eq(customerInvoices.id, invoice.id));
        await recordHistory(tx, 'invoice', invoice.id, {
          at: now,
          actorId: actor.id,
          kind: 'edit',
          from: invoice[field],
          to: next,
          note: label,
        });
      }
      return body.status ? applyStatus(tx, invoice, body.status, actor, now, body.reason) : undefined;
    }),
  );
  if (result === 'voided') await stampVoid(deps, actor, invoiceId);
  return getInvoiceDetail(deps, invoiceId);
}

/** One status on many invoices, each in its own transaction: the answer says which succeeded and why the others did not. */
export async function bulkSetStatus(
  deps: Deps,
  actor: SessionUser,
  ids: string[],
  status: CustomerInvoiceStatus,
): Promise<BulkStatusResult> {
  const result: BulkStatusResult = { updated: [], failed: [] };
  for (const id of [...new Set(ids)]) {
    try {
      const done = await withLiveInvoiceGuard(ANOTHER_LIVE, () =>
        deps.db.transaction(async (tx) => {
          const invoice = await findInvoice(tx, id, true);
          return applyStatus(tx, invoice, status, actor, deps.clock.now());
        }),
      );
      if (done === 'voided') await stampVoid(deps, actor, id);
      result.updated.push(id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      result.failed.push({ id, message: err.message });
    }
  }
  return result;
}
