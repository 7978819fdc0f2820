import type { ServiceType } from '../../shared/domain/services';
import { randomBytes } from 'node:crypto';
import type { TimeSlot } from '../../shared/domain/slots';
import type { Executor } from '../db/client';
import { bookingHolds } from '../db/schema';
import { insertJob } from '../db/seed/factories';

/**
 * Test fixture: what POST /api/bookings/quote leaves behind: a prepaid pending job holding
 * its slot and a booking_holds row with its token. Default: puncture repair prepaid, 99.80.
 */
export async function insertPrepaidBooking(
  db: Executor,
  opts: {
    now: Date;
    holdMs?: number;
    scheduledDay?: string;
    timeSlot?: TimeSlot;
    serviceType?: ServiceType;
    customerValue?: string;
    tyreSize?: string | null;
    tyreQuantity?: number | null;
    customerId?: string;
  },
) {
  const job = await insertJob(db, {
    paymentMethod: 'prepaid',
    paymentStatus: 'pending',
    serviceType: opts.serviceType ?? 'puncture-repair',
    customerValue: opts.customerValue ?? '99.80',
    originalCustomerValue: opts.customerValue ?? '99.80',
    tyreSize: opts.tyreSize ?? null,
    tyreQuantity: opts.tyreQuantity ?? null,
    scheduledDay: opts.scheduledDay ?? '2026-11-24',
    timeSlot: opts.timeSlot ?? '10-12 AM',
    createdAt: opts.now,
    ...(opts.customerId ? { customerId: opts.customerId } : {}),
  });
  const token = randomBytes(24).toString('base64url');
  await db.insert(bookingHolds).values({
    token,
    jobId: job.id,
    expiresAt: new Date(opts.now.getTime() + (opts.holdMs ?? 30 * 60_000)),
    createdAt: opts.now,
  });
  return { job, token };
}
