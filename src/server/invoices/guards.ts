import { eq } from 'drizzle-orm';
import { pgErrorCode, UNIQUE_VIOLATION, type Executor } from '../db/client';
import { customerInvoices, jobs } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { lockedInvoiceMessage } from '../../shared/schemas/invoices';
import { isUuid } from '../../shared/schemas/fields';
import { JOB_NOT_FOUND } from '../jobs/service';

// Reading an invoice or its job for a change, and the one-live-invoice race answered as 409 (decision 200).

type Job = typeof jobs.$inferSelect;
export type Invoice = typeof customerInvoices.$inferSelect;

export const INVOICE_NOT_FOUND = 'Invoice not found';

/** The invoice row, locked until the transaction ends when it is about to change. */
export async function findInvoice(exec: Executor, invoiceId: string, lock = false): Promise<Invoice> {
  if (!isUuid(invoiceId)) throw notFound(INVOICE_NOT_FOUND);
  const q = exec.select().from(customerInvoices).where(eq(customerInvoices.id, invoiceId));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  return row;
}

/** The job row, locked for the transaction so invoice and job moves queue up (decision 184). */
export async function lockInvoiceJob(exec: Executor, jobId: string): Promise<Job> {
  if (!isUuid(jobId)) throw notFound(JOB_NOT_FOUND);
  const [job] = await exec.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
  if (!job) throw notFound(JOB_NOT_FOUND);
  return job;
}

/** Unique-index races (two generates at once) answer 409 like the check before them. */
export async function withLiveInvoiceGuard<T>(message: () => string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw conflict(message());
    throw err;
  }
}

export const ANOTHER_LIVE = () =>
  'This job already has another invoice that is not cancelled. Cancel or delete that one first.';

/**
 * A draft's lines, amounts and dates change freely; once the invoice is issued (sent, paid, overdue)
 * or void they are fixed, and only its status moves (decision 294).
 */
export function assertDraft(invoice: Invoice): void {
  if (invoice.status !== 'draft') throw conflict(lockedInvoiceMessage(invoice.invoiceNumber, invoice.status));
}
