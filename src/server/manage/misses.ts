import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Executor } from '../db/client';
import { manageLinkMisses } from '../db/schema';
import { AppError } from '../http/errors';

/**
 * Wrong customer links (manage and pay) per client address, shared by every instance through
 * `manage_link_misses` (docs/decisions/397-tokens-kept-out-of-logs.md). Only a wrong link is ever
 * counted or refused: a right one opens whatever its address sent before, since many customers
 * share one address on a mobile network and the tokens are too long to guess. After 20 wrong links
 * in a minute an address's further wrong links answer 429 until the oldest leaves the window, and
 * the log says someone may be guessing.
 */
export const LINK_MISS_LIMIT = { max: 20, windowMs: 60_000 } as const;

export const tooManyMissesMessage = (retryAfterSeconds: number) =>
  `Too many wrong booking links from this connection. Please check the link in your email, or try again in ${seconds(retryAfterSeconds)}.`;

export const tooManyPayMissesMessage = (retryAfterSeconds: number) =>
  `Too many wrong payment links from this connection. Please check the link in your email, or try again in ${seconds(retryAfterSeconds)}.`;

const seconds = (n: number) => `${n} second${n === 1 ? '' : 's'}`;

export type LinkMisses = {
  /**
   * A wrong link from the address, asked only after the link opened nothing: counted, or answered
   * 429 when the address has already sent its limit of wrong links in the window.
   */
  miss(address: string): Promise<void>;
};

export function createLinkMisses(
  deps: { db: Executor; clock: Clock; log: FastifyBaseLogger },
  opts: { link: 'manage' | 'pay'; message: (retryAfterSeconds: number) => string },
  limit: { max: number; windowMs: number } = LINK_MISS_LIMIT,
): LinkMisses {
  const m = manageLinkMisses;
  let lastPrune = 0;
  const since = (now: Date) => new Date(now.getTime() - limit.windowMs);

  /** The wrong links in the window from the address, and when the oldest of them was. */
  async function inWindow(address: string, now: Date) {
    const kept = sql`(select a from unnest(${m.attempts}) a where a > ${since(now).toISOString()}::timestamptz)`;
    const [row] = await deps.db
      .select({
        n: sql<number>`(select count(*) from ${kept} w(a))::int`,
        oldestMs: sql<number | null>`(select extract(epoch from min(a)) * 1000 from ${kept} w(a))::float8`,
      })
      .from(m)
      .where(and(eq(m.clientAddress, address), gt(m.lastAttemptAt, since(now))));
    return { n: Number(row?.n ?? 0), oldestMs: Number(row?.oldestMs ?? now.getTime()) };
  }

  async function record(address: string, now: Date) {
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
  }

  return {
    async miss(address) {
      const now = deps.clock.now();
      const { n, oldestMs } = await inWindow(address, now);
      if (n >= limit.max) {
        const retryAfterSeconds = Math.max(1, Math.ceil((oldestMs + limit.windowMs - now.getTime()) / 1000));
        throw new AppError('RATE_LIMITED', opts.message(retryAfterSeconds), { retryAfterSeconds });
      }
      await record(address, now);
      // The miss that fills the window: at most one line a minute for an address that keeps guessing.
      if (n + 1 === limit.max)
        deps.log.warn(
          { link: opts.link, clientAddress: address, wrongLinks: limit.max, windowSeconds: limit.windowMs / 1000 },
          'Many wrong customer links from one address: someone may be guessing links. Right links still open; further wrong ones are refused for a minute',
        );
    },
  };
}
