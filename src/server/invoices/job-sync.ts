import { and, eq, ne } from 'drizzle-orm';
import { canMove, type JobStatus } from '../../shared/domain/job-status';
import type { Executor } from '../db/client';
import { customerInvoices, jobs } from '../db/schema';
import { recordHistory } from '../history/history';
import { recordJobEvent } from '../jobs/history';
import { moveJob, type JobState } from '../jobs/lifecycle';
import { restMarkedReceived } from './paid-note';

/**
 * Where an invoice and its job meet, in one place (docs/product.md "Customer invoices", decision
 * 250): a completed job becomes invoiced when its invoice exists, and paid on the invoice means paid
 * on the job and the other way round (paidAt on both, payment status paid, a history line on each
 * side). Invoices never move a job backwards. The job moves through its lifecycle; only this area
 * writes the invoices.
 */

/** Generating or creating the invoice of a completed job moves it to invoiced; returns the job's status after. */
export async function jobInvoiced(
  tx: Executor,
  job: JobState,
  actorId: string,
  now: Date,
  invoiceNumber: string,
): Promise<JobStatus> {
  if (job.status !== 'completed') return job.status;
  const moved = await moveJob(tx, job, 'invoice-generated', { at: now, actorId, note: `Invoice ${invoiceNumber}` });
  return moved.status;
}

/** An invoice became paid: its job follows, only forward (a job never completed, or already paid or cancelled, is left alone). */
export async function jobPaidByInvoice(
  tx: Executor,
  jobId: string,
  actorId: string | null,
  now: Date,
  invoiceNumber: string,
): Promise<void> {
  const [job] = await tx
    .select({ id: jobs.id, status: jobs.status, paymentStatus: jobs.paymentStatus })
    .from(jobs)
    .where(eq(jobs.id, jobId))
    .for('update');
  if (!job || !canMove('invoice-paid', job)) return;
  await moveJob(tx, job, 'invoice-paid', { at: now, actorId, note: `Invoice ${invoiceNumber} paid` });
}

/** Staff marked the job paid ('Mark as Paid'): its invoice that is not cancelled is paid too, with its history line. */
export async function jobMarkedPaid(
  tx: Executor,
  job: JobState & { jobNumber: string },
  actorId: string,
  now: Date,
): Promise<void> {
  const live = await tx
    .select({
      id: customerInvoices.id,
      status: customerInvoices.status,
      totalAmount: customerInvoices.totalAmount,
      paymentNote: customerInvoices.paymentNote,
    })
    .from(customerInvoices)
    .where(and(eq(customerInvoices.jobId, job.id), ne(customerInvoices.status, 'cancelled')));
  const unpaid = live.filter((i) => i.status !== 'paid');
  // Part paid before: only what was still owed is recorded as received (decision 427).
  const rests = await Promise.all(unpaid.map((i) => restMarkedReceived(tx, i, now)));
  const restLine = rests.find((r) => r !== null)?.line;
  await moveJob(tx, job, 'mark-paid', { at: now, actorId, ...(restLine ? { note: restLine } : {}) });
  for (const [n, invoice] of unpaid.entries()) {
    const rest = rests[n];
    await recordHistory(tx, 'invoice', invoice.id, {
      at: now,
      actorId,
      kind: 'status',
      from: invoice.status,
      to: 'paid',
      note: rest ? `Job ${job.jobNumber} marked paid. ${rest.line}` : `Job ${job.jobNumber} marked paid`,
    });
    await tx
      .update(customerInvoices)
      .set({ status: 'paid', paidAt: now, updatedAt: now, ...(rest ? { paymentNote: rest.paymentNote } : {}) })
      .where(eq(customerInvoices.id, invoice.id));
  }
}

/**
 * An issued invoice was voided (decision 295): an invoiced job is completed again, ready for a new
 * invoice; a paid job keeps its payment (the money was received) and only its history says so.
 */
export async function jobInvoiceVoided(
  tx: Executor,
  jobId: string,
  actorId: string,
  now: Date,
  invoiceNumber: string,
): Promise<void> {
  const [job] = await tx
    .select({ id: jobs.id, status: jobs.status, paymentStatus: jobs.paymentStatus })
    .from(jobs)
    .where(eq(jobs.id, jobId))
    .for('update');
  if (!job) return;
  const note = `Invoice ${invoiceNumber} voided`;
  if (canMove('invoice-voided', job)) await moveJob(tx, job, 'invoice-voided', { at: now, actorId, note });
  else await recordJobEvent(tx, { jobId: job.id, at: now, actorId, kind: 'note', note });
}
