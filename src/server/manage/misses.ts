import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Executor } from '../db/client';
import { manageLinkMisses } from '../db/schema';
import { AppError } from '../http/errors';

/**
 * Wrong manage links per client address, shared by every instance through `manage_link_misses`
 * (docs/decisions/341-foundation-offline-day-and-self-service.md): after 20 wrong links in a minute
 * the address is answered 429 for any link until the oldest miss leaves the window, so a guesser
 * learns nothing more.
 */
export const MANAGE_MISS_LIMIT = { max: 20, windowMs: 60_000 } as const;

export const tooManyMissesMessage = (retryAfterSeconds: number) =>
  `Too many wrong booking links from this connection. Please check the link in your email, or try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`;

export type ManageMisses = {
  /** Throws 429 when the address has already used up its wrong links in the window. */
  assertAllowed(address: string): Promise<void>;
  /** Counts one wrong link from the address. */
  record(address: string): Promise<void>;
};

export function createManageMisses(
  deps: { db: Executor; clock: Clock },
  limit: { max: number; windowMs: number } = MANAGE_MISS_LIMIT,
): ManageMisses {
  const m = manageLinkMisses;
  let lastPrune = 0;
  const since = (now: Date) => new Date(now.getTime() - limit.windowMs);

  return {
    async assertAllowed(address) {
      const now = deps.clock.now();
      const inWindow = sql`(select a from unnest(${m.attempts}) a where a > ${since(now).toISOString()}::timestamptz)`;
      const [row] = await deps.db
        .select({
          n: sql<number>`(select count(*) from ${inWindow} w(a))::int`,
          oldestMs: sql<number | null>`(select extract(epoch from min(a)) * 1000 from ${inWindow} w(a))::float8`,
        })
        .from(m)
        .where(and(eq(m.clientAddress, address), gt(m.lastAttemptAt, since(now))));
      if (!row || Number(row.n) < limit.max) return;
      const retryAfterSeconds = Math.max(1, Math.ceil((Number(row.oldestMs) + limit.windowMs - now.getTime()) / 1000));
      throw new AppError('RATE_LIMITED', tooManyMissesMessage(retryAfterSeconds), { retryAfterSeconds });
    },

    async record(address) {
      const now = deps.clock.now();
      if (now.getTime() - lastPrune >= limit.windowMs) {
        lastPrune = now.getTime();
        await deps.db.delete(m).where(lte(m.lastAttemptAt, since(now)));
      }
      const nowText = sql`${now.toISOString()}::timestamptz`;
      // Only the misses still in the window are kept, at most `max` of them (the newest).
      const kept = sql`array(select a from unnest(${m.attempts}) a where a > ${since(now).toISOString()}::timestamptz order by a desc limit ${limit.max - 1})`;
      await deps.db
        .insert(m)
        .values({ clientAddress: address, attempts: sql`array[${nowText}]`, lastAttemptAt: now })
        .onConflictDoUpdate({
          target: m.clientAddress,
          set: { attempts: sql`array(select a from unnest(${kept} || ${nowText}) a order by a)`, lastAttemptAt: now },
        });
    },
  };
}
