import { count, eq } from 'drizzle-orm';
import { mayMove } from '../../shared/domain/job-status';
import { withBatteryOnTop } from '../../shared/domain/pricing';
import { formatDollars, toCents, type Cents } from '../../shared/domain/money';
import { SERVICE_LABELS, isServiceType } from '../../shared/domain/services';
import { addDays, compareDays, formatDayLong, perthToday } from '../../shared/domain/perth-time';
import { slotStart, slotWindowLabel } from '../../shared/domain/slots';
import { tyresOrderedNote } from '../../shared/domain/tyre-order';
import { BOOKING_HORIZON_DAYS, BOOKING_TOO_FAR_MESSAGE } from '../../shared/schemas/booking';
import {
  MANAGE_LINK_NOT_FOUND,
  NOTHING_TO_PAY_OR_REFUND,
  NOTHING_TO_REFUND,
  type BookAgainDetails,
  type ManageBooking,
  type ManageCancellation,
  type ManageChangeRequest,
  type ManageRescheduleRequest,
} from '../../shared/schemas/manage';
import { PHOTO_LIMITS } from '../../shared/schemas/photos';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { jobPhotos, jobs, vehicles } from '../db/schema';
import { conflict, invalid, notFound } from '../http/errors';
import { recordJobEvent } from '../jobs/history';
import { changeContactByCustomer } from '../jobs/manage-link';
import { cancelLockedJob, paidCents, previewOf, rescheduleJobBy, type JobMover } from '../jobs/moves';
import { storeJobPhotos, type IncomingPhoto } from '../photos/service';
import { paidOnlineText, QUOTE_TO_FOLLOW } from '../emails/booking-confirmation';
import { orderedTyresOf } from '../tyres/reservations';
import { announceBookingChangeIn } from './office';
import { hashManageToken, isManageTokenShape, MANAGE_LINK_DAYS_AFTER_VISIT } from './token';
import { CHANGE_ONLINE_UNTIL_MS } from '../../shared/domain/cancellation';

// The customer's own changes through the manage link (docs/decisions/358-customers-manage-their-own-booking.md):
// the same moves staff make (src/server/jobs/moves.ts), under the customer's rules, each in the
// job's history as "Customer: ...".

type Job = typeof jobs.$inferSelect;
const DAY_MS = 86_400_000;
/** Online changes stop this long before the visit; after that the customer calls (docs/decisions/358-customers-manage-their-own-booking.md). */
const CHANGE_CUTOFF_MS = CHANGE_ONLINE_UNTIL_MS;
export const CUSTOMER = 'Customer: ';
export const CANCEL_REASON = 'Cancelled online by the customer';
export const PAST_DATE_MESSAGE = 'That date has passed. Please choose a later date.';
export const callUsMessage = (phone: string) =>
  `Bookings can be changed online until 24 hours before the visit. Please call us on ${phone}.`;
const cancelledMessage = (action: string) => `This booking has been cancelled, so it cannot be ${action}.`;
const doneMessage = (action: string) => `This visit has already taken place, so it cannot be ${action}.`;
const startedMessage = (action: string, phone: string) =>
  `Your technician has already started on this booking, so it cannot be ${action} online. Please call us on ${phone}.`;

const startOf = (job: Pick<Job, 'scheduledDay' | 'timeSlot'>) => slotStart(job.scheduledDay, job.timeSlot);
const isLive = (job: Job) => job.status === 'new' || job.status === 'in-progress';

/**
 * "Book again" reads a link for longer than the page opens: a return-visit reminder comes 6 or 12
 * months after the visit (docs/decisions/412-book-again.md), and its link must still fill the wizard.
 */
export const BOOK_AGAIN_DAYS_AFTER_VISIT = 430;

/** The job a token opens, or null when none does or its link has lapsed (30 days after the visit unless `daysAfterVisit` says). */
export async function jobOfToken(
  exec: Executor,
  token: string,
  now: Date,
  lock = false,
  daysAfterVisit = MANAGE_LINK_DAYS_AFTER_VISIT,
): Promise<Job | null> {
  if (!isManageTokenShape(token)) return null;
  const query = exec
    .select()
    .from(jobs)
    .where(eq(jobs.manageTokenHash, hashManageToken(token)));
  const [job] = lock ? await query.for('update') : await query;
  if (!job) return null;
  if (now.getTime() > startOf(job).getTime() + daysAfterVisit * DAY_MS) return null;
  return job;
}

/** Reads the job again under its row lock in `tx` (a move made meanwhile, or a new link, is seen). */
async function lockByToken(tx: Executor, token: string, now: Date): Promise<Job> {
  const job = await jobOfToken(tx, token, now, true);
  if (!job) throw notFound(MANAGE_LINK_NOT_FOUND);
  return job;
}

/** Why a job may not be changed now, as a 409 saying why; nothing when it may. */
function assertChangeable(job: Job, now: Date, phone: string, action: string, cutoffMs: number): void {
  if (job.status === 'cancelled') throw conflict(cancelledMessage(action));
  if (!isLive(job)) throw conflict(doneMessage(action));
  if (job.status === 'in-progress') throw conflict(startedMessage(action, phone));
  if (now.getTime() > startOf(job).getTime() - cutoffMs)
    throw conflict(cutoffMs > 0 ? callUsMessage(phone) : doneMessage(action));
}

const statusOf = (job: Job): Pick<ManageBooking, 'status' | 'statusLabel'> =>
  job.status === 'cancelled'
    ? { status: 'cancelled', statusLabel: 'Cancelled' }
    : job.status === 'new'
      ? { status: 'booked', statusLabel: 'Booked' }
      : job.status === 'in-progress'
        ? { status: 'in-progress', statusLabel: 'Technician on the way' }
        : { status: 'done', statusLabel: 'Done' };

function paymentOf(job: Job, paid: Cents): string {
  if (job.paymentStatus === 'refunded') return `Refunded $${job.refundAmount ?? '0.00'} to your card`;
  if (job.status === 'cancelled' && paid === 0 && job.paymentStatus !== 'paid') return NOTHING_TO_PAY_OR_REFUND;
  if (job.paymentMethod === 'prepaid')
    return job.paymentStatus === 'paid' ? paidOnlineText(job.customerValue, paid) : 'Awaiting online payment';
  return job.paymentStatus === 'paid' ? 'Paid' : 'Pay on site (card, EFTPOS, PayID or cash)';
}

function serviceOf(job: Job): string {
  const label = isServiceType(job.serviceType) ? SERVICE_LABELS[job.serviceType] : job.serviceType;
  if (job.serviceType !== 'new-tyres') return label;
  const qty = job.tyreQuantity ?? 1;
  return job.tyreSize ? `${label} (${qty} x ${job.tyreSize})` : `${label} (${qty} tyre${qty === 1 ? '' : 's'})`;
}

/** What the customer's page shows: this one booking, nothing of any other. */
export async function bookingView(deps: Pick<AppDeps, 'db' | 'clock' | 'settings'>, job: Job): Promise<ManageBooking> {
  const now = deps.clock.now();
  const [[vehicle], [photos], { business }, paid, ordered] = await Promise.all([
    job.vehicleId ? deps.db.select().from(vehicles).where(eq(vehicles.id, job.vehicleId)) : Promise.resolve([]),
    deps.db.select({ n: count() }).from(jobPhotos).where(eq(jobPhotos.jobId, job.id)),
    deps.settings.current(),
    paidCents(deps.db, job),
    job.status === 'new' ? orderedTyresOf(deps.db, job) : null,
  ]);
  const start = startOf(job).getTime();
  const beforeCutoff = now.getTime() <= start - CHANGE_CUTOFF_MS;
  const booked = job.status === 'new';
  const photoCount = photos?.n ?? 0;
  return {
    jobNumber: job.jobNumber,
    ...statusOf(job),
    scheduledDay: job.scheduledDay,
    timeSlot: job.timeSlot,
    when: `${formatDayLong(job.scheduledDay)}, ${slotWindowLabel(job.timeSlot)} (Perth time)`,
    service: serviceOf(job),
    address: `${job.address}, ${job.suburb} ${job.postcode}`,
    vehicle: vehicle ? `${vehicle.year} ${vehicle.make} ${vehicle.model} (${vehicle.registration})` : null,
    price:
      job.customerValue === null
        ? QUOTE_TO_FOLLOW
        : withBatteryOnTop(job.serviceType, formatDollars(toCents(job.customerValue))),
    payment: paymentOf(job, paid),
    contactName: job.contactName,
    contactPhone: job.contactPhone,
    notes: job.notes,
    photoCount,
    maxPhotos: PHOTO_LIMITS.maxFiles,
    businessPhone: business.phone,
    lastBookableDay: addDays(perthToday(now), BOOKING_HORIZON_DAYS),
    // Tyres come in meanwhile: an earlier day is free again (a move there reserves them).
    orderedTyres:
      ordered && !ordered.inStockNow
        ? { firstDay: ordered.firstDay, note: tyresOrderedNote(ordered.size, ordered.leadDays, ordered.firstDay) }
        : null,
    can: {
      reschedule: booked && beforeCutoff,
      cancel: mayMove('cancel', 'customer', job),
      addPhotos: booked && now.getTime() < start && photoCount < PHOTO_LIMITS.maxFiles,
      change: booked && now.getTime() < start,
    },
    rescheduleNote: isLive(job) && !(booked && beforeCutoff) ? callUsMessage(business.phone) : null,
  };
}

/** What a new booking fills in from this job: its own contact, vehicle and address, nothing else (decision 412). */
export async function bookAgainDetailsOf(exec: Executor, job: Job): Promise<BookAgainDetails> {
  const [vehicle] = job.vehicleId ? await exec.select().from(vehicles).where(eq(vehicles.id, job.vehicleId)) : [];
  return {
    customer: { name: job.contactName, phone: job.contactPhone, email: job.contactEmail },
    vehicle: vehicle
      ? {
          make: vehicle.make,
          model: vehicle.model,
          year: vehicle.year,
          registration: vehicle.registration,
          tyreSize: job.serviceType === 'new-tyres' ? job.tyreSize : null,
        }
      : null,
    address: job.address,
    suburb: job.suburb,
    postcode: job.postcode,
  };
}

export async function viewBooking(deps: AppDeps, job: Job): Promise<ManageBooking> {
  return bookingView(deps, job);
}

/** The customer moves the visit: a free slot within the booking horizon, until 24 hours before the visit. */
export async function rescheduleByCustomer(
  deps: AppDeps,
  token: string,
  to: ManageRescheduleRequest,
): Promise<ManageBooking> {
  const now = deps.clock.now();
  const today = perthToday(now);
  if (compareDays(to.date, today) < 0) throw invalid(PAST_DATE_MESSAGE, { date: PAST_DATE_MESSAGE });
  if (compareDays(to.date, addDays(today, BOOKING_HORIZON_DAYS)) > 0)
    throw invalid(BOOKING_TOO_FAR_MESSAGE, { date: BOOKING_TOO_FAR_MESSAGE });
  const { business } = await deps.settings.current();
  const mover: JobMover = {
    actorId: null,
    notePrefix: CUSTOMER,
    dateField: 'date',
    lock: (tx) => lockByToken(tx, token, now),
    check: (job) => assertChangeable(job, now, business.phone, 'rescheduled', CHANGE_CUTOFF_MS),
  };
  const before = await rescheduleJobBy(deps, mover, { scheduledDate: to.date, timeSlot: to.timeSlot }, (tx, job) =>
    announceBookingChangeIn(tx, { ...job, scheduledDay: to.date, timeSlot: to.timeSlot }, 'rescheduled', now),
  );
  return bookingView(deps, await jobById(deps.db, before.id));
}

async function jobById(exec: Executor, id: string): Promise<Job> {
  const [job] = await exec.select().from(jobs).where(eq(jobs.id, id));
  if (!job) throw notFound(MANAGE_LINK_NOT_FOUND);
  return job;
}

/** What cancelling now gives back: the policy's band of what was paid by card, or nothing to refund. */
export async function cancellationFor(deps: AppDeps, job: Job): Promise<ManageCancellation> {
  if (job.status === 'cancelled') throw conflict('This booking has already been cancelled.');
  if (!mayMove('cancel', 'customer', job)) throw conflict(doneMessage('cancelled'));
  const now = deps.clock.now();
  const paid = await paidCents(deps.db, job);
  const preview = previewOf(job, paid, now);
  if (paid === 0) {
    return {
      policy: 'nothing-paid',
      summary: NOTHING_TO_REFUND,
      paidAmount: '0.00',
      refundAmount: '0.00',
      hoursBefore: preview.hoursBefore,
    };
  }
  const refund = `$${preview.refundAmount}`;
  const summary =
    preview.policy === 'full'
      ? `24 hours or more before the visit: a full refund of ${refund} back to your card.`
      : preview.policy === 'half'
        ? `12 to 24 hours before the visit: a 50% refund, ${refund} of the $${preview.paidAmount} you paid, back to your card.`
        : `Less than 12 hours before the visit: no refund of the $${preview.paidAmount} you paid.`;
  return {
    policy: preview.policy,
    summary,
    paidAmount: preview.paidAmount,
    refundAmount: preview.refundAmount,
    hoursBefore: preview.hoursBefore,
  };
}

/** The customer cancels: the policy's refund through the card provider, once; the cancellation email cancels the calendar event. */
export async function cancelByCustomer(deps: AppDeps, token: string): Promise<ManageBooking> {
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const job = await lockByToken(tx, token, now);
    if (job.status === 'cancelled') throw conflict('This booking has already been cancelled.');
    if (!mayMove('cancel', 'customer', job)) throw conflict(doneMessage('cancelled'));
    await cancelLockedJob(tx, deps, job, { reason: CANCEL_REASON }, now, { actorId: null, notePrefix: CUSTOMER });
    await announceBookingChangeIn(tx, job, 'cancelled', now);
    return job.id;
  });
  deps.outbox.kick();
  return bookingView(deps, await jobById(deps.db, id));
}

/** The customer's contact phone and notes for the technician, until the visit. */
export async function changeByCustomer(
  deps: AppDeps,
  token: string,
  change: ManageChangeRequest,
): Promise<ManageBooking> {
  const now = deps.clock.now();
  const { business } = await deps.settings.current();
  const id = await deps.db.transaction(async (tx) => {
    const job = await lockByToken(tx, token, now);
    assertChangeable(job, now, business.phone, 'changed', 0);
    await changeContactByCustomer(tx, job, { phone: change.phone, notes: change.notes }, now);
    return job.id;
  });
  return bookingView(deps, await jobById(deps.db, id));
}

/** Whether photos may still be added to the job: a booked visit that has not started, with room left. */
export function assertMayAddPhotos(job: Job, now: Date, phone: string): void {
  assertChangeable(job, now, phone, 'given photos', 0);
}

/** Stores the customer's photos with the booking photo rules, and notes them in the job's history. */
export async function addPhotosByCustomer(deps: AppDeps, job: Job, files: IncomingPhoto[]) {
  const photos = await storeJobPhotos(deps, job.id, 'customer', files);
  await recordJobEvent(deps.db, {
    jobId: job.id,
    at: deps.clock.now(),
    actorId: null,
    kind: 'note',
    note: `${CUSTOMER}added ${photos.length} photo${photos.length === 1 ? '' : 's'}`,
  });
  return photos;
}
