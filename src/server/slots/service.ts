import { and, eq, ne, not } from 'drizzle-orm';
import { closedReason } from '../../shared/domain/business-days';
import { hasSlotPassed, TIME_SLOTS, type TimeSlot } from '../../shared/domain/slots';
import type { TimeSlotItem } from '../../shared/schemas/slots';
import type { Executor } from '../db/client';
import { jobs, timeSlots } from '../db/schema';
import { isLapsedHold } from '../holds/service';

export const TIME_HAS_PASSED = 'Time has passed';

/**
 * The one availability rule (docs/product.md "Time slots and business days", decision 007): a slot
 * is unavailable when its start has passed in Perth, the day is closed, staff blocked it, or a live
 * job holds it (an unpaid hold past its time does not).
 */
export async function listSlotAvailability(
  db: Executor,
  day: string,
  opts: { now: Date; businessDays: readonly number[] },
): Promise<TimeSlotItem[]> {
  const [rows, booked] = await Promise.all([
    db.select().from(timeSlots).where(eq(timeSlots.date, day)),
    db
      .select({ slot: jobs.timeSlot })
      .from(jobs)
      // A lapsed unpaid hold frees its slot at once, before the sweep cancels it (decision 150).
      .where(and(eq(jobs.scheduledDay, day), ne(jobs.status, 'cancelled'), not(isLapsedHold(opts.now)))),
  ]);
  const closed = closedReason(day, opts.businessDays);
  const bookedSlots = new Set(booked.map((b) => b.slot));

  return TIME_SLOTS.map((slot): TimeSlotItem => {
    const row = rows.find((r) => r.slot === slot);
    const base = { id: row?.id ?? `${day}_${slot}`, slot, date: day };
    const reason = unavailableReason(slot);
    return reason === undefined ? { ...base, isAvailable: true, blockedReason: null } : { ...base, isAvailable: false, blockedReason: reason };

    function unavailableReason(s: TimeSlot): string | null | undefined {
      if (hasSlotPassed(day, s, opts.now)) return TIME_HAS_PASSED;
      if (closed) return closed;
      if (row && !row.isAvailable) return row.blockedReason ?? 'Unavailable';
      // A booked slot shows the customer the generic 'Unavailable', nothing about the booking (decision 007).
      if (bookedSlots.has(s)) return null;
      return undefined;
    }
  });
}
