import type { AppDeps } from '../deps';
import { announceNewBookingIn, queueBookingConfirmationIn } from '../bookings/notify';
import type { Executor } from '../db/client';
import type { jobs } from '../db/schema';

/**
 * What follows a successful payment (docs/product.md "Payments"), using the booking area's own
 * email and notification, both in the payment's transaction: the confirmation exists exactly when
 * the payment is recorded (the booking area's per-job check keeps it to one), and staff hear of
 * the booking at its commit (decision 240).
 */
export async function confirmPaidBookingIn(
  deps: AppDeps,
  tx: Executor,
  job: typeof jobs.$inferSelect,
  now: Date,
): Promise<void> {
  await queueBookingConfirmationIn(deps, tx, job.id);
  await announceNewBookingIn(tx, job, now);
}
