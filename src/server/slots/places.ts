import { and, eq, ne } from 'drizzle-orm';
import type { TimeSlot } from '../../shared/domain/slots';
import { SLOT_TAKEN_MESSAGE } from '../../shared/schemas/booking';
import { constraintName, pgErrorCode, UNIQUE_VIOLATION, type Executor, type Tx } from '../db/client';
import { jobs } from '../db/schema';
import { AppError } from '../http/errors';

/** The slot has no place left for another job: answered 409 `time slot is no longer available`. */
export class SlotFull extends AppError {
  constructor() {
    super('CONFLICT', SLOT_TAKEN_MESSAGE);
  }
}

/** Whether `err` is another transaction holding the place just tried (the unique index of decision 302). */
export const isPlaceTaken = (err: unknown) =>
  pgErrorCode(err) === UNIQUE_VIOLATION && constraintName(err) === 'jobs_slot_place';

/**
 * The places a new job may take, lowest first, given the places live jobs hold (decisions 302, 305).
 * Places above the capacity (held since the vans were lowered, or leave began) still count: the
 * highest usable place `k` is the largest for which `k` plus the jobs held above `k` stays within
 * the capacity, so a slot never holds more live jobs than its capacity, however the places lie.
 */
export function usablePlaces(held: readonly number[], capacity: number): number[] {
  let usable = 0;
  for (let k = 1; k <= capacity; k++) {
    if (k + held.filter((p) => p > k).length <= capacity) usable = k;
  }
  const taken = new Set(held);
  return Array.from({ length: usable }, (_, i) => i + 1).filter((p) => !taken.has(p));
}

/**
 * Puts a job into the lowest free place of a slot: `put` writes the job with that place (an insert
 * or an update) inside a savepoint, so a place another transaction took first (unique violation of
 * `jobs_slot_place`) is rolled back alone and the next place is tried, the caller's transaction
 * intact. With no place left it throws SlotFull (409). The database, not this read, keeps the count:
 * the read only says which places to try first (decision 302). Lapsed unpaid holds must have been
 * cancelled first (holds/service.ts), as they still hold their places.
 */
export async function takeSlotPlace<T>(
  tx: Executor,
  where: { day: string; slot: TimeSlot },
  capacity: number,
  put: (sp: Tx, place: number) => Promise<T>,
): Promise<T> {
  const rows = await tx
    .select({ place: jobs.slotPlace })
    .from(jobs)
    .where(and(eq(jobs.scheduledDay, where.day), eq(jobs.timeSlot, where.slot), ne(jobs.status, 'cancelled')));
  for (const place of usablePlaces(
    rows.map((r) => r.place),
    capacity,
  )) {
    try {
      return await tx.transaction((sp) => put(sp, place));
    } catch (err) {
      if (!isPlaceTaken(err)) throw err;
    }
  }
  throw new SlotFull();
}
