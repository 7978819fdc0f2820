import { and, desc, eq } from 'drizzle-orm';
import { policyRefundCents, refundPolicy, REFUND_POLICY_LABEL } from '../../shared/domain/cancellation';
import { canMove, checkStatusChange, mayMake, type JobStatus } from '../../shared/domain/job-status';
import { formatCents, toCents, type Cents } from '../../shared/domain/money';
import { hasSlotPassed, slotStart } from '../../shared/domain/slots';
import { SLOT_TAKEN_MESSAGE } from '../../shared/schemas/booking';
import type { CancellationPreview, JobDetail, RescheduleRequest } from '../../shared/schemas/jobs';
import type { AppDeps } from '../deps';
import { pgErrorCode, UNIQUE_VIOLATION, type Executor } from '../db/client';
import { customerInvoices, jobPhotos, jobs, paymentEvents } from '../db/schema';
import type { SessionUser } from '../http/access';
import { AppError, conflict, forbidden, invalid, notFound } from '../http/errors';
import { cancelExpiredHolds } from '../holds/service';
import { listSlotAvailability } from '../slots/service';
import { slotCapacity } from '../slots/capacity';
import { takeSlotPlace } from '../slots/places';
import { buildCancellationEmail, buildRescheduleEmail } from './customer-emails';
import { jobMarkedPaid } from '../invoices/job-sync';
import { recordJobEvent } from './history';
import { appendAudit } from '../audit/log';
import { assertWithinSchedulingHorizon } from '../slots/horizon';
import { moveJob } from './lifecycle';
import { keepAssignmentAfterMove } from './assignment';
import { readSettings } from '../settings/store';
import { isUuid } from '../../shared/schemas/fields';
import { recheckTyresOnMove } from '../tyres/reservations';
import { assertMayView, getJobDetail, JOB_NOT_FOUND } from './service';

type Job = typeof jobs.$inferSelect;

/** Reads the job and locks its row until the transaction ends, so two moves of one job queue up. */
export async function lockJob(tx: Executor, user: SessionUser, jobId: string): Promise<Job> {
  if (!isUuid(jobId)) throw notFound(JOB_NOT_FOUND);
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
  if (!job) throw notFound(JOB_NOT_FOUND);
  assertMayView(user, job);
  return job;
}

const slotText = (j: Pick<Job, 'scheduledDay' | 'timeSlot'>) => `${j.scheduledDay} ${j.timeSlot}`;

/**
 * A bare status change: start, complete, mark paid. Invoiced comes from generating the invoice and
 * cancelled from cancelling; any other move is refused with 409 naming both statuses.
 */
export async function changeJobStatus(
  deps: Pick<AppDeps, 'db' | 'clock' | 'settings'>,
  user: SessionUser,
  jobId: string,
  to: JobStatus,
): Promise<JobDetail> {
  await deps.db.transaction(async (tx) => {
    const job = await lockJob(tx, user, jobId);
    const answer = checkStatusChange(job, to, user.role);
    if ('refused' in answer)
      throw answer.refused === 'forbidden' ? forbidden('Only an administrator can do that.') : conflict(answer.message);
    const { cause } = answer;
    const now = deps.clock.now();
    // Paid on the job means paid on its invoice too: the invoices area keeps that rule (decision 250).
    if (cause === 'mark-paid') await jobMarkedPaid(tx, job, user.id, now);
    else await moveJob(tx, job, cause, { at: now, actorId: user.id });
  });
  return getJobDetail(deps, user, jobId);
}

/** Staff change the price; the first price is kept as originalCustomerValue. */
export async function editJobQuote(
  deps: Pick<AppDeps, 'db' | 'clock' | 'settings'>,
  user: SessionUser,
  jobId: string,
  customerValue: string,
): Promise<JobDetail> {
  await deps.db.transaction(async (tx) => {
    const job = await lockJob(tx, user, jobId);
    if (job.status === 'cancelled' || job.status === 'paid')
      throw conflict(`The price of a ${job.status} job cannot change.`);
    const value = formatCents(toCents(customerValue));
    const now = deps.clock.now();
    await tx
      .update(jobs)
      .set({
        customerValue: value,
        originalCustomerValue: job.originalCustomerValue ?? job.customerValue ?? value,
        updatedAt: now,
      })
      .where(eq(jobs.id, job.id));
    await recordJobEvent(tx, {
      jobId: job.id,
      at: now,
      actorId: user.id,
      kind: 'price',
      from: job.customerValue,
      to: value,
    });
  });
  return getJobDetail(deps, user, jobId);
}

/**
 * Deletes a job with its photos, line items, purchase invoices and history; its slot is free at once.
 * A job with a customer invoice stays until the invoice is deleted (docs/product.md "Bookings").
 */
export async function deleteJob(
  deps: Pick<AppDeps, 'db' | 'clock' | 'storage' | 'log'>,
  user: SessionUser,
  jobId: string,
): Promise<void> {
  const photos = await deps.db.transaction(async (tx) => {
    const job = await lockJob(tx, user, jobId);
    const [invoice] = await tx
      .select({ number: customerInvoices.invoiceNumber, status: customerInvoices.status })
      .from(customerInvoices)
      .where(eq(customerInvoices.jobId, job.id))
      .limit(1);
    // A draft can be deleted first; an issued invoice is voided, never deleted (decision 295), so its job stays.
    if (invoice?.status === 'draft')
      throw conflict(`Job ${job.jobNumber} has invoice ${invoice.number}: delete the invoice first.`);
    if (invoice)
      throw conflict(
        `Job ${job.jobNumber} has invoice ${invoice.number}, issued to the customer, so the job is kept with it for the accounts.`,
      );
    // A card payment (and any refund of it) stays on record for the accounts (decision 184).
    if (job.paymentStatus === 'paid' || job.paymentStatus === 'refunded') {
      throw conflict(
        `Job ${job.jobNumber} has a card payment on record, so it is kept for the accounts. Cancel it instead of deleting it.`,
      );
    }
    const files = await tx.select({ filename: jobPhotos.filename }).from(jobPhotos).where(eq(jobPhotos.jobId, job.id));
    await tx.delete(jobs).where(eq(jobs.id, job.id));
    // The job's history outlives it in the audit log (decision 303); this row says who removed it.
    await appendAudit(tx, [
      {
        at: deps.clock.now(),
        actorId: user.id,
        kind: 'job',
        subject: `job:${job.id}`,
        label: job.jobNumber,
        action: 'deleted',
        field: 'Price',
        from: job.customerValue,
        note: slotText(job),
      },
    ]);
    return files;
  });
  // Files go after the rows are gone: a crash in between leaves an orphan file, never a row without its file.
  for (const { filename } of photos) {
    await deps.storage
      .remove(filename)
      .catch((err: unknown) => deps.log.warn({ err, filename }, 'Could not remove a deleted job photo'));
  }
}

/**
 * Moves a job to another slot: only a slot with a place left that has not passed, the old place
 * freed at once, the database's one-job-per-place index settling a race (decision 302), and the
 * customer emailed the new time.
 */
export async function rescheduleJob(
  deps: RescheduleDeps,
  user: SessionUser,
  jobId: string,
  to: RescheduleRequest,
): Promise<JobDetail> {
  assertWithinSchedulingHorizon(deps.clock.now(), to.scheduledDate, 'scheduledDate');
  await rescheduleJobBy(deps, { actorId: user.id, lock: (tx) => lockJob(tx, user, jobId) }, to);
  return getJobDetail(deps, user, jobId);
}

type RescheduleDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'outbox' | 'settings'>;

/**
 * Who moves a job and how its row is found: staff through the dashboard, or the customer through
 * the manage link (docs/decisions/358-customers-manage-their-own-booking.md), whose lines in the
 * job's history start "Customer: ".
 */
export type JobMover = {
  actorId: string | null;
  /** Reads the job under its row lock, refusing a caller who may not see it. */
  lock: (tx: Executor) => Promise<Job>;
  /** The caller's own rules on the locked job, checked before anything changes. */
  check?: (job: Job, now: Date) => void;
  /** Put before every history note: "Customer: " for the customer's own changes. */
  notePrefix?: string;
  /** The request's field a refusal of the new day names: `scheduledDate` for staff, `date` on the manage page. */
  dateField?: string;
};

/** The reschedule itself for any mover; the caller checks its horizon. Returns the job as it was before the move. */
export async function rescheduleJobBy(
  deps: RescheduleDeps,
  mover: JobMover,
  to: RescheduleRequest,
  after?: (tx: Executor, before: Job) => Promise<void>,
): Promise<Job> {
  const now = deps.clock.now();
  const { business, capacity } = await deps.settings.current();
  let before: Job | undefined;
  try {
    await deps.db.transaction(async (tx) => {
      const job = await mover.lock(tx);
      before = job;
      mover.check?.(job, now);
      if (job.status !== 'new' && job.status !== 'in-progress')
        throw conflict(`A ${job.status} job cannot be rescheduled.`);
      if (job.scheduledDay === to.scheduledDate && job.timeSlot === to.timeSlot)
        throw conflict('The job is already booked in that slot.');
      if (hasSlotPassed(to.scheduledDate, to.timeSlot, now))
        throw invalid('That time slot has already passed.', { timeSlot: 'That time slot has already passed.' });
      // A lapsed prepaid hold in the target slot gives way, as it would to a new booking.
      await cancelExpiredHolds(tx, now, { scheduledDay: to.scheduledDate, timeSlot: to.timeSlot });
      const day = await listSlotAvailability(tx, to.scheduledDate, { now, business, capacity });
      const target = day.find((s) => s.slot === to.timeSlot);
      if (!target?.isAvailable)
        throw conflict(SLOT_TAKEN_MESSAGE, target?.blockedReason ? { reason: target.blockedReason } : {});
      // The job takes the lowest free place of the new slot; the unique index settles a race (decision 302).
      const places = await slotCapacity(tx, to.scheduledDate, { capacity });
      const place = await takeSlotPlace(tx, { day: to.scheduledDate, slot: to.timeSlot }, places, async (sp, place) => {
        await sp
          .update(jobs)
          .set({
            scheduledDay: to.scheduledDate,
            timeSlot: to.timeSlot,
            scheduledDate: slotStart(to.scheduledDate, to.timeSlot),
            slotPlace: place,
            updatedAt: now,
          })
          .where(eq(jobs.id, job.id));
        return place;
      });
      // Tyres to be ordered wait for the lead time wherever the visit goes (docs/decisions/433-tyres-on-a-moved-job.md).
      await recheckTyresOnMove(tx, job, { day: to.scheduledDate, place }, now, mover.dateField ?? 'scheduledDate');
      await recordJobEvent(tx, {
        jobId: job.id,
        at: now,
        actorId: mover.actorId,
        kind: 'schedule',
        from: slotText(job),
        to: `${to.scheduledDate} ${to.timeSlot}`,
        note: mover.notePrefix ? `${mover.notePrefix}rescheduled` : null,
      });
      await keepAssignmentAfterMove(
        tx,
        { ...job, scheduledDay: to.scheduledDate, timeSlot: to.timeSlot },
        mover.actorId,
        now,
      );
      const email = buildRescheduleEmail({
        job: { ...job, scheduledDay: to.scheduledDate, timeSlot: to.timeSlot },
        previous: job,
        customerName: job.contactName,
        business: (await readSettings(tx, deps.config)).business,
        publicBaseUrl: deps.config.publicBaseUrl,
        now,
      });
      await deps.outbox.queue(tx, { kind: 'booking_rescheduled', jobId: job.id, to: job.contactEmail, ...email });
      await after?.(tx, job);
    });
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw conflict(SLOT_TAKEN_MESSAGE);
    throw err;
  }
  deps.outbox.kick();
  return before!;
}

/** What the card payment of a job took, from the provider's own succeeded event (surcharge included). */
export async function paidCents(exec: Executor, job: Job): Promise<Cents> {
  if (job.paymentStatus !== 'paid' || job.paymentMethod !== 'prepaid') return 0;
  const [event] = await exec
    .select({ payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.jobId, job.id), eq(paymentEvents.type, 'payment_intent.succeeded')))
    .orderBy(desc(paymentEvents.receivedAt))
    .limit(1);
  const amount = (event?.payload as { data?: { object?: { amount?: unknown } } } | undefined)?.data?.object?.amount;
  return typeof amount === 'number' && Number.isInteger(amount) && amount > 0 ? amount : 0;
}

export function previewOf(job: Job, paid: Cents, now: Date): CancellationPreview {
  const start = slotStart(job.scheduledDay, job.timeSlot);
  const policy = refundPolicy(start, now);
  return {
    paidAmount: formatCents(paid),
    policy,
    policyLabel: REFUND_POLICY_LABEL[policy],
    refundAmount: formatCents(policyRefundCents(paid, policy)),
    hoursBefore: Math.round(((start.getTime() - now.getTime()) / 3_600_000) * 10) / 10,
  };
}

export async function previewCancellation(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: SessionUser,
  jobId: string,
): Promise<CancellationPreview> {
  if (!isUuid(jobId)) throw notFound(JOB_NOT_FOUND);
  const [job] = await deps.db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!job) throw notFound(JOB_NOT_FOUND);
  assertMayView(user, job);
  return previewOf(job, await paidCents(deps.db, job), deps.clock.now());
}

/**
 * Cancels a new or in-progress job: the slot is free at once, a prepaid payment is refunded by the
 * policy (or the amount staff chose, at most what was paid) through the card provider, and the
 * customer is emailed. The refund is asked for before the cancellation commits, under an idempotency
 * key, so a failure changes nothing and a retry never refunds twice (decision 184).
 */
export async function cancelJob(
  deps: CancelDeps & Pick<AppDeps, 'settings'>,
  user: SessionUser,
  jobId: string,
  input: CancelInput,
): Promise<JobDetail> {
  const now = deps.clock.now();
  await deps.db.transaction((tx) => cancelJobIn(tx, deps, user, jobId, input, now));
  deps.outbox.kick();
  return getJobDetail(deps, user, jobId);
}

type CancelDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'outbox' | 'payments' | 'log'>;
type CancelInput = { reason: string; refundAmount?: string };

/**
 * The cancellation itself, in the caller's transaction, so several cancellations commit together or
 * not at all (closing days that hold jobs, docs/decisions/288-closing-days-that-hold-jobs.md). The
 * refund's idempotency key makes a retry after a rollback refund nothing twice. The caller kicks the outbox.
 */
export async function cancelJobIn(
  tx: Executor,
  deps: Omit<CancelDeps, 'db' | 'clock'>,
  user: SessionUser,
  jobId: string,
  input: CancelInput,
  now: Date,
): Promise<void> {
  if (!mayMake('cancel', user.role)) throw forbidden('Only an administrator can do that.');
  await cancelLockedJob(tx, deps, await lockJob(tx, user, jobId), input, now, { actorId: user.id });
}

/**
 * The cancellation of a job the caller has locked, by staff or by the customer through the manage
 * link (docs/decisions/358-customers-manage-their-own-booking.md): the same policy, refund and email.
 */
export async function cancelLockedJob(
  tx: Executor,
  deps: Omit<CancelDeps, 'db' | 'clock'>,
  job: Job,
  input: CancelInput,
  now: Date,
  who: { actorId: string | null; notePrefix?: string },
): Promise<void> {
  const prefix = who.notePrefix ?? '';
  if (!canMove('cancel', job)) throw conflict(`A ${job.status} job cannot be cancelled.`);
  const paid = await paidCents(tx, job);
  const refund =
    input.refundAmount === undefined ? toCents(previewOf(job, paid, now).refundAmount) : toCents(input.refundAmount);
  if (refund > paid)
    throw invalid(`The refund cannot be more than was paid (${formatCents(paid)}).`, {
      refundAmount: `At most ${formatCents(paid)}`,
    });
  if (refund > 0) {
    if (!deps.payments || !job.stripePaymentIntentId)
      throw new AppError(
        'UNAVAILABLE',
        'The card provider is not available, so the refund cannot be made. Nothing was changed.',
      );
    try {
      await deps.payments.refund({
        paymentIntentId: job.stripePaymentIntentId,
        amountCents: refund,
        idempotencyKey: `cancel-${job.id}-${refund}`,
      });
    } catch (err) {
      deps.log.error({ err, jobId: job.id }, 'Refund failed');
      throw new AppError(
        'UNAVAILABLE',
        `The refund could not be made (${err instanceof Error ? err.message : 'card provider error'}). Nothing was changed.`,
      );
    }
  }
  const cancelled = await moveJob(tx, job, 'cancel', {
    at: now,
    actorId: who.actorId,
    note: `${prefix}${input.reason}`,
    also: { cancelReason: input.reason, ...(paid > 0 ? { refundAmount: formatCents(refund) } : {}) },
  });
  if (refund > 0) {
    await moveJob(tx, cancelled, 'refund', {
      at: now,
      actorId: who.actorId,
      note: `${prefix}Refunded $${formatCents(refund)}`,
    });
    // The admins' log keeps refunds as their own kind, beside the job's history line (decision 303).
    await appendAudit(tx, [
      {
        at: now,
        actorId: who.actorId,
        kind: 'refund',
        subject: `refund:${job.id}`,
        label: job.jobNumber,
        action: 'refunded',
        field: 'Paid',
        from: formatCents(paid),
        to: formatCents(paid - refund),
        note: `Refunded $${formatCents(refund)}: ${input.reason}`,
      },
    ]);
  }
  const email = buildCancellationEmail({
    job,
    customerName: job.contactName,
    reason: input.reason,
    refundCents: paid > 0 ? refund : null,
    business: (await readSettings(tx, deps.config)).business,
    publicBaseUrl: deps.config.publicBaseUrl,
    now,
  });
  await deps.outbox.queue(tx, { kind: 'booking_cancelled', jobId: job.id, to: job.contactEmail, ...email });
}
