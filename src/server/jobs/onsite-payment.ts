import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { isPaidToTheBank, type OnsitePaymentMethod } from '../../shared/domain/services';
import { formatCents, formatDollars, toCents } from '../../shared/domain/money';
import { paymentLine, takenText } from '../../shared/domain/money-taken';
import {
  ALREADY_PAID_MESSAGE,
  amountOverOwedMessage,
  NO_INVOICE_TO_WRITE_OFF_MESSAGE,
  NO_PAYMENT_TO_REVERSE_MESSAGE,
  NOTHING_OWED_MESSAGE,
  TRANSFER_ADMIN_ONLY_MESSAGE,
} from '../../shared/schemas/onsite-payments';
import type { JobDetail } from '../../shared/schemas/jobs';
import { isUuid } from '../../shared/schemas/fields';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { customerInvoices, invoiceWriteOffs, jobs, onsitePayments } from '../db/schema';
import { appendAudit } from '../audit/log';
import type { SessionUser } from '../http/access';
import { conflict, forbidden, invalid, notFound } from '../http/errors';
import type { Invoice } from '../invoices/guards';
import { owedOnInvoice } from '../invoices/owed';
import {
  invoiceForOnsitePayment,
  invoiceOnsitePaymentReversed,
  invoicePaidOnSite,
  invoicePartPaid,
} from '../invoices/paid-on-site';
import { paidNoteOf } from '../invoices/paid-note';
import { recordJobEvent } from './history';
import { moveJob, type JobState } from './lifecycle';
import { assertMayView, getJobDetail, JOB_NOT_FOUND } from './service';

/**
 * A payment taken at the job (docs/decisions/349-payment-taken-on-site.md, 406-money-as-taken.md): an
 * admin or the job's technician records the method and amount; the job is completed if it was under
 * way and invoiced (its invoice made when it has none); it is paid, with its invoice, once nothing
 * is owed, all in one transaction. Only an admin writes off the rest, or reverses the payments, with
 * a reason.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'settings'>;

async function lockJob(tx: Executor, user: SessionUser, jobId: string) {
  if (!isUuid(jobId)) throw notFound(JOB_NOT_FOUND);
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
  if (!job) throw notFound(JOB_NOT_FOUND);
  assertMayView(user, job);
  return job;
}

/**
 * Nothing is owed any more: the invoice is paid with how on it, and the job is paid through its
 * lifecycle, with the line that says why (docs/decisions/406-money-as-taken.md).
 */
async function settleOnSite(tx: Executor, user: SessionUser, jobId: string, invoice: Invoice, now: Date, line: string) {
  await invoicePaidOnSite(tx, invoice, user, now, {
    paymentNote: await paidNoteOf(tx, invoice.id, now),
    historyNote: line,
  });
  const [invoiced] = await tx
    .select({ id: jobs.id, status: jobs.status, paymentStatus: jobs.paymentStatus })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  await moveJob(tx, invoiced!, 'mark-paid', { at: now, actorId: user.id, note: line });
}

/**
 * A payment taken at the job, whole or in part (docs/decisions/406-money-as-taken.md): more than is
 * owed is refused with nothing written; less is recorded as a part payment, the invoice (made from
 * the job first when it has none) and the job show what was paid and what is owed, and the job is
 * paid only when nothing is owed.
 */
export async function recordOnsitePayment(
  deps: Deps,
  user: SessionUser,
  jobId: string,
  payment: { method: OnsitePaymentMethod; amount: string; reference?: string | undefined },
): Promise<JobDetail> {
  // A transfer lands in the bank account, which only an admin sees (decision 426).
  if (isPaidToTheBank(payment.method) && user.role !== 'admin') throw forbidden(TRANSFER_ADMIN_ONLY_MESSAGE);
  const { fees } = await deps.settings.current();
  await deps.db.transaction(async (tx) => {
    const job = await lockJob(tx, user, jobId);
    if (job.status === 'paid' || job.paymentStatus === 'paid') throw conflict(ALREADY_PAID_MESSAGE);
    if (job.status === 'cancelled') throw conflict('This job was cancelled, so no payment can be taken for it.');
    if (job.status === 'new') throw conflict('Start Work on this job before taking a payment.');
    const now = deps.clock.now();
    const amountCents = toCents(payment.amount);
    let state: JobState = job;
    // Paid at the end of the visit: the work is done, so the job is completed first, in its history.
    if (state.status === 'in-progress')
      state = await moveJob(tx, state, 'complete', {
        at: now,
        actorId: user.id,
        note: 'Completed when the payment was taken on site',
      });
    const invoice = await invoiceForOnsitePayment(tx, { ...job, status: state.status }, user, now, fees);
    if (invoice.status === 'paid') throw conflict(ALREADY_PAID_MESSAGE);
    const owed = await owedOnInvoice(tx, invoice);
    // Over what is owed: refused, and the transaction takes the completion and the invoice back with it.
    if (amountCents > owed.owedCents) {
      const message = owed.owedCents === 0 ? NOTHING_OWED_MESSAGE : amountOverOwedMessage(formatCents(owed.owedCents));
      throw invalid(message, { amount: message });
    }
    await tx.insert(onsitePayments).values({
      jobId: job.id,
      customerInvoiceId: invoice.id,
      method: payment.method,
      amount: payment.amount,
      reference: payment.reference ?? null,
      takenById: user.id,
      takenAt: now,
    });
    const left = owed.owedCents - amountCents;
    const taken = { amountCents, method: payment.method, reference: payment.reference };
    if (left === 0) {
      await settleOnSite(tx, user, job.id, invoice, now, paymentLine(taken, user.username));
      return;
    }
    const partLine = paymentLine(taken, user.username, left);
    await invoicePartPaid(tx, invoice, user, now, partLine);
    await recordJobEvent(tx, { jobId: job.id, at: now, actorId: user.id, kind: 'note', note: partLine });
  });
  return getJobDetail(deps, user, jobId);
}

/**
 * The owner writes off what is still owed, or part of it, with a reason (decision 406): admins only,
 * never more than is owed, in the audit log; when nothing is left owing, the invoice and the job are paid.
 */
export async function writeOffOwed(
  deps: Deps,
  user: SessionUser,
  jobId: string,
  input: { amount: string; reason: string },
): Promise<JobDetail> {
  if (user.role !== 'admin') throw forbidden('Only an administrator can write off what is owed.');
  await deps.db.transaction(async (tx) => {
    const job = await lockJob(tx, user, jobId);
    if (job.status === 'paid' || job.paymentStatus === 'paid') throw conflict(ALREADY_PAID_MESSAGE);
    const [invoice] = await tx
      .select()
      .from(customerInvoices)
      .where(and(eq(customerInvoices.jobId, job.id), ne(customerInvoices.status, 'cancelled')))
      .for('update');
    if (!invoice) throw conflict(NO_INVOICE_TO_WRITE_OFF_MESSAGE);
    if (invoice.status === 'paid') throw conflict(ALREADY_PAID_MESSAGE);
    const owed = await owedOnInvoice(tx, invoice);
    const amountCents = toCents(input.amount);
    if (owed.owedCents === 0) throw conflict(NOTHING_OWED_MESSAGE);
    if (amountCents > owed.owedCents) {
      const message = amountOverOwedMessage(formatCents(owed.owedCents));
      throw invalid(message, { amount: message });
    }
    const now = deps.clock.now();
    await tx.insert(invoiceWriteOffs).values({
      customerInvoiceId: invoice.id,
      jobId: job.id,
      amount: input.amount,
      reason: input.reason,
      writtenOffById: user.id,
      writtenOffAt: now,
    });
    const left = owed.owedCents - amountCents;
    const line = `Written off: ${formatDollars(amountCents)} (${user.username}). Reason: ${input.reason}`;
    // The admins' log keeps write-offs as their own kind, beside the histories (decision 406).
    await appendAudit(tx, [
      {
        at: now,
        actorId: user.id,
        kind: 'write-off',
        subject: `write-off:${invoice.id}`,
        label: invoice.invoiceNumber,
        action: 'written off',
        field: 'Owed',
        from: formatCents(owed.owedCents),
        to: formatCents(left),
        note: `Written off $${formatCents(amountCents)}: ${input.reason}`,
      },
    ]);
    if (left === 0) {
      await settleOnSite(tx, user, job.id, invoice, now, line);
      return;
    }
    const partLine = `${line}; ${formatDollars(left)} owed`;
    await invoicePartPaid(tx, invoice, user, now, partLine);
    await recordJobEvent(tx, { jobId: job.id, at: now, actorId: user.id, kind: 'note', note: partLine });
  });
  return getJobDetail(deps, user, jobId);
}

export async function reverseOnsitePayment(
  deps: Deps,
  user: SessionUser,
  jobId: string,
  reason: string,
): Promise<JobDetail> {
  await deps.db.transaction(async (tx) => {
    const job = await lockJob(tx, user, jobId);
    // Every part payment that stands is reversed together: the job owes its balance again (decision 406).
    const standing = await tx
      .select()
      .from(onsitePayments)
      .where(and(eq(onsitePayments.jobId, job.id), isNull(onsitePayments.reversedAt)))
      .orderBy(asc(onsitePayments.takenAt))
      .for('update');
    if (standing.length === 0 || (job.status !== 'paid' && job.status !== 'invoiced'))
      throw conflict(NO_PAYMENT_TO_REVERSE_MESSAGE);
    const now = deps.clock.now();
    const taken = standing
      .map((p) => takenText({ amountCents: toCents(p.amount), method: p.method, reference: p.reference }))
      .join(', ');
    const what = standing.some((p) => isPaidToTheBank(p.method))
      ? 'Payment reversed'
      : 'Payment taken on site reversed';
    const line = `${what}: ${taken} (${user.username}). Reason: ${reason}`;
    const invoiceIds = [...new Set(standing.map((p) => p.customerInvoiceId).filter((id): id is string => id !== null))];
    for (const invoiceId of invoiceIds) await invoiceOnsitePaymentReversed(tx, invoiceId, user, now, line);
    await tx
      .update(onsitePayments)
      .set({ reversedAt: now, reversedById: user.id, reversalReason: reason })
      .where(and(eq(onsitePayments.jobId, job.id), isNull(onsitePayments.reversedAt)));
    if (job.status === 'paid')
      await moveJob(tx, job, 'onsite-payment-reversed', { at: now, actorId: user.id, note: line });
    else await recordJobEvent(tx, { jobId: job.id, at: now, actorId: user.id, kind: 'note', note: line });
  });
  return getJobDetail(deps, user, jobId);
}
