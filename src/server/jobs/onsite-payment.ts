import { and, eq, isNull } from 'drizzle-orm';
import { ONSITE_PAYMENT_LABELS, type OnsitePaymentMethod } from '../../shared/domain/services';
import { formatDollars, toCents } from '../../shared/domain/money';
import { formatDayLong, perthDay } from '../../shared/domain/perth-time';
import { ALREADY_PAID_MESSAGE, NO_PAYMENT_TO_REVERSE_MESSAGE } from '../../shared/schemas/onsite-payments';
import type { JobDetail } from '../../shared/schemas/jobs';
import { isUuid } from '../../shared/schemas/fields';
import type { AppDeps } from '../deps';
import { pgErrorCode, UNIQUE_VIOLATION, type Executor } from '../db/client';
import { jobs, onsitePayments } from '../db/schema';
import type { SessionUser } from '../http/access';
import { conflict, notFound } from '../http/errors';
import { invoiceForOnsitePayment, invoiceOnsitePaymentReversed, invoicePaidOnSite } from '../invoices/paid-on-site';
import { moveJob, type JobState } from './lifecycle';
import { assertMayView, getJobDetail, JOB_NOT_FOUND } from './service';

/**
 * A payment taken at the job (docs/decisions/349-payment-taken-on-site.md): an admin or the job's
 * technician records the method and amount; the job is completed if it was under way, invoiced (its
 * invoice made when it has none) and paid, its invoice paid with the method on it, all in one
 * transaction. Only an admin reverses it, with a reason, back to invoiced and unpaid.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'settings'>;

async function lockJob(tx: Executor, user: SessionUser, jobId: string) {
  if (!isUuid(jobId)) throw notFound(JOB_NOT_FOUND);
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
  if (!job) throw notFound(JOB_NOT_FOUND);
  assertMayView(user, job);
  return job;
}

/** "26 Nov 2026", as the invoice prints the day it was paid. */
function shortDay(instant: Date): string {
  const [, d, month, y] = formatDayLong(perthDay(instant)).split(' ');
  return `${d} ${month?.slice(0, 3)} ${y}`;
}

/** "Payment taken on site: $259.60 by EFTPOS (sam)", the line on the job's and the invoice's history. */
export function onsitePaymentLine(amount: string, method: OnsitePaymentMethod, username: string | null): string {
  return `Payment taken on site: ${formatDollars(toCents(amount))} by ${ONSITE_PAYMENT_LABELS[method]}${username ? ` (${username})` : ''}`;
}

export async function recordOnsitePayment(
  deps: Deps,
  user: SessionUser,
  jobId: string,
  payment: { method: OnsitePaymentMethod; amount: string },
): Promise<JobDetail> {
  const { fees } = await deps.settings.current();
  try {
    await deps.db.transaction(async (tx) => {
      const job = await lockJob(tx, user, jobId);
      if (job.status === 'paid' || job.paymentStatus === 'paid') throw conflict(ALREADY_PAID_MESSAGE);
      if (job.status === 'cancelled') throw conflict('This job was cancelled, so no payment can be taken for it.');
      if (job.status === 'new') throw conflict('Start Work on this job before taking a payment.');
      const now = deps.clock.now();
      const line = onsitePaymentLine(payment.amount, payment.method, user.username);
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
      await invoicePaidOnSite(tx, invoice, user, now, {
        paymentNote: `Paid by ${ONSITE_PAYMENT_LABELS[payment.method]} on site on ${shortDay(now)}`,
        historyNote: line,
      });
      const [invoiced] = await tx
        .select({ id: jobs.id, status: jobs.status, paymentStatus: jobs.paymentStatus })
        .from(jobs)
        .where(eq(jobs.id, job.id));
      await moveJob(tx, invoiced!, 'mark-paid', { at: now, actorId: user.id, note: line });
      await tx.insert(onsitePayments).values({
        jobId: job.id,
        customerInvoiceId: invoice.id,
        method: payment.method,
        amount: payment.amount,
        takenById: user.id,
        takenAt: now,
      });
    });
  } catch (err) {
    // Two phones recording at once: the one standing payment per job is held by the database too.
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw conflict(ALREADY_PAID_MESSAGE);
    throw err;
  }
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
    const [payment] = await tx
      .select()
      .from(onsitePayments)
      .where(and(eq(onsitePayments.jobId, job.id), isNull(onsitePayments.reversedAt)))
      .for('update');
    if (!payment || job.status !== 'paid') throw conflict(NO_PAYMENT_TO_REVERSE_MESSAGE);
    const now = deps.clock.now();
    const line = `Payment taken on site reversed: ${formatDollars(toCents(payment.amount))} by ${ONSITE_PAYMENT_LABELS[payment.method]} (${user.username}). Reason: ${reason}`;
    if (payment.customerInvoiceId) await invoiceOnsitePaymentReversed(tx, payment.customerInvoiceId, user, now, line);
    await tx
      .update(onsitePayments)
      .set({ reversedAt: now, reversedById: user.id, reversalReason: reason })
      .where(eq(onsitePayments.id, payment.id));
    await moveJob(tx, job, 'onsite-payment-reversed', { at: now, actorId: user.id, note: line });
  });
  return getJobDetail(deps, user, jobId);
}
