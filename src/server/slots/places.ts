import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
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

/** Live jobs of a slot: those not cancelled, which hold their places (decision 302). */
const liveInSlot = (where: { day: string; slot: TimeSlot }) =>
  and(eq(jobs.scheduledDay, where.day), eq(jobs.timeSlot, where.slot), ne(jobs.status, 'cancelled'));

/**
 * The places the live jobs of a slot hold, as an SQL expression (an integer array), for a caller
 * that reads them in a statement it makes anyway (the booking, docs/decisions/396-fast-quote.md).
 */
export function heldPlacesIn(where: { day: string; slot: TimeSlot }): SQL<number[]> {
  return sql<number[]>`array(select ${jobs.slotPlace} from ${jobs} where ${liveInSlot(where)})`;
}

/**
 * A new job's INSERT ... ON CONFLICT on the places index, which answers nothing when another
 * transaction holds the place (having waited for it to commit or roll back, as a unique check does).
 */
export const PLACE_CONFLICT = {
  target: [jobs.scheduledDay, jobs.timeSlot, jobs.slotPlace],
  where: sql.raw(`status <> 'cancelled'`),
};

/**
 * Writes a new job into the lowest usable place of a slot, given the places held when read:
 * `insert` writes it with ON CONFLICT DO NOTHING on the places index (PLACE_CONFLICT) and answers
 * undefined when another transaction holds that place, so the next one is tried with no savepoint
 * and the caller's transaction intact. With no place left it throws SlotFull (409). The database,
 * not the read, keeps the count, as for takeSlotPlace (decision 302).
 */
export async function insertInFreePlace<T>(
  held: readonly number[],
  capacity: number,
  insert: (place: number) => Promise<T | undefined>,
): Promise<T> {
  for (const place of usablePlaces(held, capacity)) {
    const row = await insert(place);
    if (row !== undefined) return row;
  }
  throw new SlotFull();
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
  const rows = await tx.select({ place: jobs.slotPlace }).from(jobs).where(liveInSlot(where));
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
