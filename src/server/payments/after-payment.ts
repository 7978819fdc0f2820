import type { AppDeps } from '../deps';
import { announceNewBooking, queueBookingConfirmationIn } from '../bookings/notify';
import type { Executor } from '../db/client';

/**
 * What follows a successful payment (docs/product.md "Payments"), using the booking area's own
 * email and event: the confirmation is queued in the payment's transaction (so it exists exactly
 * when the payment is recorded, and the booking area's per-job check keeps it to one), and staff
 * hear of the booking after commit.
 */
export async function queuePaidBookingConfirmation(deps: AppDeps, tx: Executor, jobId: string): Promise<void> {
  await queueBookingConfirmationIn(deps, tx, jobId);
}

export async function announcePaidBooking(deps: AppDeps, jobId: string): Promise<void> {
  await announceNewBooking(deps, jobId);
}
