import { lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Executor } from '../db/client';
import { bookingAttemptWindows } from '../db/schema';
import { AppError } from '../http/errors';

/** Decisions 160, 221: public quotes and bookings per client address (request.ip) in a sliding window; max is BOOKINGS_PER_ADDRESS. */
export const BOOKING_LIMIT = { max: 20, windowMs: 15 * 60_000 } as const;

/** Decision 160: live unpaid holds one customer email may have at once. */
export const MAX_LIVE_HOLDS_PER_EMAIL = 2;

export function tooManyBookingsMessage(phone: string, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many bookings from this connection. Please call us on ${phone} or try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** Decision 198: the refusal when a client address already has HOLDS_PER_ADDRESS (default 3) live unpaid holds, whatever the emails. */
export function tooManyHoldsFromAddressMessage(phone: string, max: number): string {
  return `There are already ${max} bookings waiting for payment from this connection. Please finish paying for one of them, choose pay on site, or call us on ${phone}.`;
}

export function tooManyHoldsMessage(phone: string): string {
  return `You already have ${MAX_LIVE_HOLDS_PER_EMAIL} bookings waiting for payment. Please finish paying for one of them, choose pay on site, or call us on ${phone}.`;
}

export type BookingLimiter = {
  /** Counts one attempt for `key` on its own; throws 429 (with retryAfterSeconds) when the window is already full. */
  hit(key: string): Promise<void>;
  /**
   * The same count as a statement for the booking's own transaction to make (docs/decisions/396-fast-quote.md):
   * `attempt` is an INSERT ... RETURNING `refused` and `oldest_ms`, which `refusal` reads.
   */
  attempt(key: string, now: Date): SQL;
  /** The 429 for a refused attempt (the row `attempt` returned), or null when it was counted. */
  refusal(row: { refused: boolean; oldest_ms: number | string | null }, now: Date, phone: string): AppError | null;
  /** Deletes the rows idle for a whole window, at most once per window per instance (`hit` does it itself). */
  prune(): Promise<void>;
};

/**
 * Shared by every app instance over one database (decision 221, amending 160): one upsert per
 * attempt keeps the address's attempt times still in the window, appends this one unless the window
 * is full, and says which. The row lock of the upsert counts concurrent attempts from one address
 * in turn, whichever instance they reach. A refused attempt is not counted. Rows idle for a whole
 * window are deleted, at most once per window per instance.
 */
export function createBookingLimiter(
  deps: { db: Executor; clock: Clock; phone: () => Promise<string>; log?: FastifyBaseLogger },
  limit: { max: number; windowMs: number } = BOOKING_LIMIT,
): BookingLimiter {
  const w = bookingAttemptWindows;
  let lastPrune = 0;

  async function prune(now: Date) {
    if (now.getTime() - lastPrune < limit.windowMs) return;
    lastPrune = now.getTime();
    await deps.db
      .delete(w)
      .where(lte(w.lastAttemptAt, new Date(now.getTime() - limit.windowMs)))
      .catch((err: unknown) => deps.log?.warn({ err }, 'Could not prune old booking attempt windows'));
  }

  function attempt(key: string, now: Date): SQL {
    const nowText = sql`${now.toISOString()}::timestamptz`;
    const kept = sql`array(select a from unnest(${w.attempts}) a where a > ${new Date(now.getTime() - limit.windowMs).toISOString()}::timestamptz order by a)`;
    const full = sql`cardinality(${kept}) >= ${limit.max}`;
    return deps.db
      .insert(w)
      .values({ clientAddress: key, attempts: sql`array[${nowText}]`, refused: false, lastAttemptAt: now })
      .onConflictDoUpdate({
        target: w.clientAddress,
        set: {
          attempts: sql`case when ${full} then ${kept} else ${kept} || ${nowText} end`,
          refused: full,
          lastAttemptAt: now,
        },
      })
      .returning({
        refused: w.refused,
        oldest_ms: sql<number>`(extract(epoch from ${w.attempts}[1]) * 1000)::float8`.as('oldest_ms'),
      })
      .getSQL();
  }

  function refusal(row: { refused: boolean; oldest_ms: number | string | null }, now: Date, phone: string) {
    if (!row.refused) return null;
    const retryAfterSeconds = Math.max(1, Math.ceil((Number(row.oldest_ms) + limit.windowMs - now.getTime()) / 1000));
    return new AppError('RATE_LIMITED', tooManyBookingsMessage(phone, retryAfterSeconds), { retryAfterSeconds });
  }

  return {
    attempt,
    refusal,
    async hit(key) {
      const now = deps.clock.now();
      await prune(now);
      const { rows } = await deps.db.execute<{ refused: boolean; oldest_ms: number }>(attempt(key, now));
      const row = rows[0];
      if (!row?.refused) return;
      throw refusal(row, now, await deps.phone());
    },
    prune: () => prune(deps.clock.now()),
  };
}
