import { and, eq, gt, min, ne, not } from 'drizzle-orm';
import { nextPerthMidnight } from '../../shared/domain/perth-time';
import { hasSlotPassed, slotStart, TIME_SLOTS, type TimeSlot } from '../../shared/domain/slots';
import type { TimeSlotItem } from '../../shared/schemas/slots';
import { closedReasonOn, type OpeningDays } from '../closures/calendar';
import type { Executor } from '../db/client';
import { bookingHolds, jobs, timeSlots } from '../db/schema';
import { isLapsedHold } from '../holds/service';
import type { Capacity } from '../../shared/domain/settings';
import { slotCapacity } from './capacity';

export const TIME_HAS_PASSED = 'Time has passed';

/** The moment asked about, the stored opening days and the vans on the road (the settings, decisions 280 and 302). */
export type AvailabilityOptions = { now: Date; business: OpeningDays; capacity: Capacity };

/** Staff overrides of the day's slots. */
const slotRows = (db: Executor, day: string) => db.select().from(timeSlots).where(eq(timeSlots.date, day));

/** The slots live jobs hold; a lapsed unpaid hold frees its slot at once, before the sweep cancels it (decision 150). */
const bookedSlots = (db: Executor, day: string, now: Date) =>
  db
    .select({ slot: jobs.timeSlot })
    .from(jobs)
    .where(and(eq(jobs.scheduledDay, day), ne(jobs.status, 'cancelled'), not(isLapsedHold(now))));

/**
 * The one availability rule (docs/product.md "Time slots and business days", decision 007): a slot
 * is unavailable when its start has passed in Perth, the day is closed, staff blocked it (for every
 * van), or its live jobs fill its capacity (decision 302; an unpaid hold past its time does not count).
 */
export async function listSlotAvailability(
  db: Executor,
  day: string,
  opts: AvailabilityOptions,
): Promise<TimeSlotItem[]> {
  return (await listSlotAvailabilityWithPlaces(db, day, opts)).items;
}

/** The same answer with the slots' capacity that day, which the staff slot screens show as places. */
export async function listSlotAvailabilityWithPlaces(
  db: Executor,
  day: string,
  opts: AvailabilityOptions,
): Promise<{ items: TimeSlotItem[]; places: number }> {
  const [rows, booked, closed, capacity] = await Promise.all([
    slotRows(db, day),
    bookedSlots(db, day, opts.now),
    closedReasonOn(db, opts.business, day),
    slotCapacity(db, day, opts),
  ]);
  return { items: availabilityOf(day, rows, booked, capacity, closed?.publicReason ?? null, opts), places: capacity };
}

/**
 * The same answer, and the moment time alone changes it (decision 231): the next slot start of the
 * day, the next live hold on it lapsing, or the next Perth midnight, whichever comes first. Writes
 * change it too; the public cache hears those from the database (cache/public-changes.ts).
 */
export async function readSlotAvailability(
  db: Executor,
  day: string,
  opts: AvailabilityOptions,
): Promise<{ items: TimeSlotItem[]; changesAt: Date }> {
  const [rows, booked, closed, capacity, [holds]] = await Promise.all([
    slotRows(db, day),
    bookedSlots(db, day, opts.now),
    closedReasonOn(db, opts.business, day),
    slotCapacity(db, day, opts),
    db
      .select({ next: min(bookingHolds.expiresAt) })
      .from(bookingHolds)
      .innerJoin(jobs, eq(jobs.id, bookingHolds.jobId))
      .where(
        and(
          eq(jobs.scheduledDay, day),
          eq(jobs.status, 'new'),
          ne(jobs.paymentStatus, 'paid'),
          gt(bookingHolds.expiresAt, opts.now),
        ),
      ),
  ]);
  const now = opts.now.getTime();
  const moments = [
    ...TIME_SLOTS.map((s) => slotStart(day, s).getTime()),
    holds?.next ? new Date(holds.next).getTime() : Number.POSITIVE_INFINITY,
    nextPerthMidnight(opts.now).getTime(),
  ].filter((t) => t > now);
  return {
    items: availabilityOf(day, rows, booked, capacity, closed?.publicReason ?? null, opts),
    changesAt: new Date(Math.min(...moments)),
  };
}

/** `closed` is what the public reads for a closed day: 'Closed' (a weekend or a closure) or 'Public holiday'. */
function availabilityOf(
  day: string,
  rows: (typeof timeSlots.$inferSelect)[],
  booked: { slot: string }[],
  capacity: number,
  closed: string | null,
  opts: AvailabilityOptions,
): TimeSlotItem[] {
  const live = (s: TimeSlot) => booked.filter((b) => b.slot === s).length;

  return TIME_SLOTS.map((slot): TimeSlotItem => {
    const row = rows.find((r) => r.slot === slot);
    const base = { id: row?.id ?? `${day}_${slot}`, slot, date: day };
    const reason = unavailableReason(slot);
    return reason === undefined
      ? { ...base, isAvailable: true, blockedReason: null }
      : { ...base, isAvailable: false, blockedReason: reason };

    function unavailableReason(s: TimeSlot): string | null | undefined {
      if (hasSlotPassed(day, s, opts.now)) return TIME_HAS_PASSED;
      if (closed) return closed;
      if (row && !row.isAvailable) return row.blockedReason ?? 'Unavailable';
      // A full slot shows the customer the generic 'Unavailable', nothing about the bookings (decision 007).
      if (live(s) >= capacity) return null;
      return undefined;
    }
  });
}
