import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { jobs, outboundEmails, vehicles } from '../db/schema';
import { buildBookingConfirmation } from '../emails/booking-confirmation';
import { recordNotificationIn, type NewBookingNotification } from '../notifications/store';
import { readSettings } from '../settings/store';
import { queueBookingConfirmationSmsIn } from '../sms/booking-confirmation';
import { issueManageToken } from '../jobs/manage-link';
import { manageLinkFor } from '../manage/token';
import { paidCents } from '../jobs/moves';
import type { Cents } from '../../shared/domain/money';
import type { BusinessProfile } from '../../shared/domain/settings';

export const CONFIRMATION_KIND = 'booking_confirmation';

type JobRow = typeof jobs.$inferSelect;
/** What the confirmation and the staff notification say about a job: a booking passes the job it has just written. */
export type ConfirmedJob = Pick<
  JobRow,
  | 'id'
  | 'jobNumber'
  | 'serviceType'
  | 'scheduledDay'
  | 'timeSlot'
  | 'address'
  | 'suburb'
  | 'postcode'
  | 'contactName'
  | 'contactPhone'
  | 'contactEmail'
  | 'tyreSize'
  | 'tyreQuantity'
  | 'customerValue'
  | 'originalCustomerValue'
  | 'paymentMethod'
  | 'paymentStatus'
  | 'createdAt'
>;
type VehicleRow = Pick<typeof vehicles.$inferSelect, 'make' | 'model' | 'year' | 'registration' | 'color'>;

/**
 * Writes the confirmation email for a job into the outbox within `exec` (the booking's own
 * transaction, so the booking and its email commit together). Idempotent per job: a repeated
 * call (a payment webhook delivered twice) queues nothing. Returns the email id, or null.
 */
export async function queueBookingConfirmationIn(deps: AppDeps, exec: Executor, jobId: string): Promise<string | null> {
  const [existing] = await exec
    .select({ id: outboundEmails.id })
    .from(outboundEmails)
    .where(and(eq(outboundEmails.jobId, jobId), eq(outboundEmails.kind, CONFIRMATION_KIND)))
    .limit(1);
  if (existing) return null;
  const [row] = await exec
    .select({ job: jobs, vehicle: vehicles })
    .from(jobs)
    .leftJoin(vehicles, eq(vehicles.id, jobs.vehicleId))
    .where(eq(jobs.id, jobId));
  if (!row) return null;
  // Paid now: the manage link is made with the confirmation that carries it (decision 358).
  const manageToken = await issueManageToken(exec, row.job.id, deps.config.secrets);
  // What the card was charged (surcharge included), recorded in this same transaction.
  return queueNewBookingConfirmationIn(deps, exec, row.job, row.vehicle, manageToken, await paidCents(exec, row.job));
}

/**
 * The same for a job this transaction has just inserted: nothing can have been queued for it yet,
 * and the caller holds its rows, so nothing is read back (decision 240). A booking passes the
 * business details it read for the request (`deps.settings.current()`, decision 280); otherwise
 * they are read in the caller's transaction, once for the email and the text.
 */
export async function queueNewBookingConfirmationIn(
  deps: AppDeps,
  exec: Executor,
  job: ConfirmedJob,
  vehicle: VehicleRow | null,
  manageToken: string | null = null,
  paid: Cents = 0,
  business?: BusinessProfile,
): Promise<string> {
  const manageUrl = manageToken ? manageLinkFor(deps.config, manageToken) : null;
  const profile = business ?? (await readSettings(exec, deps.config, deps.log)).business;
  // The contact given with this booking, not the customer record (decision 191).
  const email = buildBookingConfirmation({
    job,
    customer: { name: job.contactName, email: job.contactEmail },
    vehicle,
    business: profile,
    publicBaseUrl: deps.config.publicBaseUrl,
    now: deps.clock.now(),
    manageUrl,
    paidCents: paid,
  });
  // And a text when the contact phone is a mobile (docs/decisions/362-sms-channel.md), with the same link.
  await queueBookingConfirmationSmsIn(deps, exec, job, { business: profile, ...(manageUrl ? { manageUrl } : {}) });
  return deps.outbox.queue(exec, { kind: CONFIRMATION_KIND, jobId: job.id, to: job.contactEmail, ...email });
}

/**
 * For the payments flow: queue the confirmation once a prepaid job is paid, and start delivery.
 * Never throws: a failure is logged and the booking stands (docs/product.md "Emails to customers").
 */
export async function queueBookingConfirmation(deps: AppDeps, jobId: string): Promise<string | null> {
  try {
    const id = await queueBookingConfirmationIn(deps, deps.db, jobId);
    deps.outbox.kick();
    deps.sms.kick();
    return id;
  } catch (err) {
    deps.log.error({ err, jobId }, 'Could not queue the booking confirmation email');
    return null;
  }
}

export function newBookingNotification(job: ConfirmedJob): NewBookingNotification {
  return {
    type: 'new_booking',
    data: {
      id: job.id,
      jobNumber: job.jobNumber,
      serviceType: job.serviceType,
      suburb: job.suburb,
      timeSlot: job.timeSlot,
      scheduledDay: job.scheduledDay,
      createdAt: job.createdAt.toISOString(),
    },
  };
}

/**
 * Tells staff a booking arrived (docs/product.md "Live notifications"), within the transaction
 * that makes it a booking: the staff pop-up exists exactly when the booking does (decision 240).
 */
export async function announceNewBookingIn(exec: Executor, job: ConfirmedJob, now: Date): Promise<void> {
  await recordNotificationIn(exec, newBookingNotification(job), now);
}
