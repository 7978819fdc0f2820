import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { jobs, outboundEmails, vehicles } from '../db/schema';
import { buildBookingConfirmation } from '../emails/booking-confirmation';
import type { NewBookingNotification } from '../notifications/bus';

export const CONFIRMATION_KIND = 'booking_confirmation';

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
  // The contact given with this booking, not the customer record (decision 191).
  const [row] = await exec
    .select({ job: jobs, customer: { name: jobs.contactName, email: jobs.contactEmail }, vehicle: vehicles })
    .from(jobs)
    .leftJoin(vehicles, eq(vehicles.id, jobs.vehicleId))
    .where(eq(jobs.id, jobId));
  if (!row) return null;
  const email = buildBookingConfirmation({
    job: row.job,
    customer: row.customer,
    vehicle: row.vehicle,
    business: deps.config.business,
    publicBaseUrl: deps.config.publicBaseUrl,
    now: deps.clock.now(),
  });
  return deps.outbox.queue(exec, { kind: CONFIRMATION_KIND, jobId, to: row.customer.email, ...email });
}

/**
 * For the payments flow: queue the confirmation once a prepaid job is paid, and start delivery.
 * Never throws: a failure is logged and the booking stands (docs/product.md "Emails to customers").
 */
export async function queueBookingConfirmation(deps: AppDeps, jobId: string): Promise<string | null> {
  try {
    const id = await queueBookingConfirmationIn(deps, deps.db, jobId);
    deps.outbox.kick();
    return id;
  } catch (err) {
    deps.log.error({ err, jobId }, 'Could not queue the booking confirmation email');
    return null;
  }
}

export function newBookingNotification(job: typeof jobs.$inferSelect): NewBookingNotification {
  return {
    type: 'new_booking',
    data: { id: job.id, jobNumber: job.jobNumber, serviceType: job.serviceType, suburb: job.suburb, timeSlot: job.timeSlot, createdAt: job.createdAt.toISOString() },
  };
}

/** Tells staff (through the in-process bus) that a booking arrived. Never throws. */
export async function announceNewBooking(deps: AppDeps, jobId: string): Promise<void> {
  try {
    const [job] = await deps.db.select().from(jobs).where(eq(jobs.id, jobId));
    if (job) deps.events.emit('new_booking', newBookingNotification(job));
  } catch (err) {
    deps.log.error({ err, jobId }, 'Could not announce the new booking');
  }
}
