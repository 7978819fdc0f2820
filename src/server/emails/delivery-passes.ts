import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { outboundEmails, outboundSms } from '../db/schema';
import { every, type Periodic } from '../scheduler/every';

/**
 * How an outbox (emails, texts) delivers what was written to it (decisions 132 and 164): a pass
 * claims one due message at a time, alone and with a lease, and delivers it; one background pass
 * per process, asked to look again when kicked while running; a pass that finished nothing for a
 * whole lease is hung and no longer blocks delivery. The outboxes differ only in their table and
 * how one message is sent: `claim` (claimDue over the outbox's table) and `deliver`.
 */

export type DeliveryReport = { sent: number; stored: number; failed: number };

/**
 * A claimed message is not picked up by another pass for this long. One send is bounded by the
 * provider's timeouts (adapters/email.ts, sms/provider.ts), well under this, so only a crashed or
 * hung sender loses it.
 */
export const CLAIM_LEASE_MS = 5 * 60_000;
/** Messages one pass sends at most; the rest wait for the next kick or tick. */
const MAX_PER_PASS = 100;

/** 1, 2, 4, ... minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** The outbox tables: the same delivery columns (status, attempts, nextAttemptAt, createdAt) on each. */
export type OutboxTable = typeof outboundEmails | typeof outboundSms;

/**
 * Claims the oldest due message of an outbox, alone (decision 164): SKIP LOCKED lets concurrent
 * passes, here or in another instance, take different rows. The claim bumps `attempts` and sets a
 * lease of CLAIM_LEASE_MS as the next attempt, so a sender that crashes loses the message for that long only.
 */
export async function claimDue<T extends OutboxTable>(
  db: Db,
  table: T,
  now: Date,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await claimStatement(db, table, now);
  return row as T['$inferSelect'] | undefined;
}

/**
 * claimDue's statement. The pending messages' index is in the order they are claimed (each
 * outbox's `*_pending_idx`), so a claim reads the one message it takes, however many wait.
 */
export function claimStatement(db: Db, table: OutboxTable, now: Date) {
  // The two tables share these columns; the query is built over one of them for the types.
  const t = table as typeof outboundEmails;
  const due = db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.status, 'pending'), or(isNull(t.nextAttemptAt), lte(t.nextAttemptAt, now))))
    .orderBy(t.createdAt)
    .limit(1)
    .for('update', { skipLocked: true });
  return db
    .update(t)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS), attempts: sql`${t.attempts} + 1` })
    .where(sql`${t.id} = (${due})`)
    .returning();
}

export type DeliveryPasses = {
  /** Delivers every due message once; safe to run concurrently, here or in another instance. */
  deliverDue(): Promise<DeliveryReport>;
  /** Starts a delivery pass in the background (after a commit), or asks the running one to look again. */
  kick(): void;
  start(intervalMs?: number): void;
  /** Stops the timer and waits for the passes under way. */
  stop(): Promise<void>;
};

export function createDeliveryPasses<Row>(deps: {
  clock: Clock;
  log: FastifyBaseLogger;
  /** 'Email' or 'SMS', for the log. */
  what: string;
  claim(): Promise<Row | undefined>;
  deliver(row: Row, report: DeliveryReport): Promise<void>;
}): DeliveryPasses {
  const { clock, log, what, claim, deliver } = deps;
  const inFlight = new Set<Promise<unknown>>();
  /** The retry tick: every instance kicks its own pass (claims are per message), docs/decisions/393-one-scheduler.md. */
  let ticking: Periodic | undefined;
  /** The background pass of this process, and when it last finished a message (hang detection). */
  let running: { promise: Promise<unknown>; lastProgressAt: number } | undefined;
  let lookAgain = false;

  async function deliverDue(onProgress?: () => void): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, stored: 0, failed: 0 };
    for (let i = 0; i < MAX_PER_PASS; i++) {
      const row = await claim();
      if (!row) break;
      await deliver(row, report);
      onProgress?.();
    }
    return report;
  }

  const isHung = (pass: NonNullable<typeof running>) => clock.now().getTime() - pass.lastProgressAt >= CLAIM_LEASE_MS;

  function startPass() {
    const pass = { promise: Promise.resolve() as Promise<unknown>, lastProgressAt: clock.now().getTime() };
    const progress = () => {
      pass.lastProgressAt = clock.now().getTime();
    };
    pass.promise = (async () => {
      do {
        lookAgain = false;
        await deliverDue(progress);
      } while (lookAgain);
    })()
      .catch((err: unknown) => log.error({ err }, `${what} delivery pass failed`))
      .finally(() => {
        if (running === pass) running = undefined;
      });
    running = pass;
    inFlight.add(pass.promise);
    void pass.promise.finally(() => inFlight.delete(pass.promise));
  }

  const passes: DeliveryPasses = {
    deliverDue: () => deliverDue(),
    kick() {
      if (running && !isHung(running)) {
        lookAgain = true;
        return;
      }
      if (running) log.warn(`${what} delivery pass made no progress for a whole lease; starting another`);
      startPass();
    },
    start(intervalMs = 60_000) {
      ticking ??= every({
        name: `${what.toLowerCase()}-delivery`,
        intervalMs,
        log,
        run: () => passes.kick(),
      });
    },
    async stop() {
      await ticking?.stop();
      ticking = undefined;
      await Promise.allSettled([...inFlight]);
    },
  };
  return passes;
}
