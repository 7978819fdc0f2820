import type { Executor } from '../db/client';
import type { jobs } from '../db/schema';
import { newBookingNotification } from '../bookings/notify';
import { recordNotificationIn } from '../notifications/store';

/**
 * Tells the office a customer moved or cancelled their booking through the manage link, through
 * the staff pop-up that announces new bookings, in the change's own transaction
 * (docs/decisions/358-customers-manage-their-own-booking.md).
 */
export async function announceBookingChangeIn(
  tx: Executor,
  job: typeof jobs.$inferSelect,
  change: 'rescheduled' | 'cancelled',
  now: Date,
): Promise<void> {
  const event = newBookingNotification(job);
  await recordNotificationIn(tx, { ...event, data: { ...event.data, change, createdAt: now.toISOString() } }, now);
}
