import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Db, Executor } from '../db/client';
import { outboundEmails, type StoredAttachment } from '../db/schema';
import type { Mailer } from '../adapters/email';

export type QueuedEmail = {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: StoredAttachment[];
  jobId?: string | null;
};

export type DeliveryReport = { sent: number; stored: number; failed: number };

/**
 * The outbox (issue 5): every email is written to outbound_emails first, in the caller's
 * transaction when it has one, and delivered afterwards, so a mail server that is down never
 * fails or loses a booking. A periodic pass retries failures with backoff.
 */
export type Outbox = {
  queue(exec: Executor, email: QueuedEmail): Promise<string>;
  /** Delivers every due message once; safe to run concurrently (rows are claimed with SKIP LOCKED). */
  deliverDue(): Promise<DeliveryReport>;
  /** Starts a delivery pass in the background (after a commit); errors are logged, never thrown. */
  kick(): void;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
};

export const MAX_EMAIL_ATTEMPTS = 8;
/** A claimed message is not picked up by another pass for this long (a crashed sender's lease). */
const CLAIM_LEASE_MS = 5 * 60_000;
const BATCH = 20;

/** 1, 2, 4, ... minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export function createOutbox(deps: { db: Db; clock: Clock; mailer: Mailer; log: FastifyBaseLogger; mailFrom: string }): Outbox {
  const { db, clock, mailer, log, mailFrom: from } = deps;
  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;

  async function deliverDue(): Promise<DeliveryReport> {
    const now = clock.now();
    const due = db
      .select({ id: outboundEmails.id })
      .from(outboundEmails)
      .where(and(eq(outboundEmails.status, 'pending'), or(isNull(outboundEmails.nextAttemptAt), lte(outboundEmails.nextAttemptAt, now))))
      .orderBy(outboundEmails.createdAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(outboundEmails)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS), attempts: sqlIncrement() })
      .where(inArray(outboundEmails.id, due))
      .returning();

    const report: DeliveryReport = { sent: 0, stored: 0, failed: 0 };
    for (const email of claimed) {
      try {
        await mailer.send({
          from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          attachments: email.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') })),
        });
        if (mailer.kind === 'local') {
          await db.update(outboundEmails).set({ status: 'stored', lastError: null, nextAttemptAt: null }).where(eq(outboundEmails.id, email.id));
          log.info({ emailId: email.id, to: email.to, subject: email.subject }, 'Email kept in the outbox, not sent (local stand-in: SMTP_URL is not set)');
          report.stored++;
        } else {
          await db.update(outboundEmails).set({ status: 'sent', sentAt: clock.now(), lastError: null, nextAttemptAt: null }).where(eq(outboundEmails.id, email.id));
          report.sent++;
        }
      } catch (err) {
        const attempts = email.attempts;
        const givenUp = attempts >= MAX_EMAIL_ATTEMPTS;
        const message = err instanceof Error ? err.message : String(err);
        await db
          .update(outboundEmails)
          .set({
            status: givenUp ? 'failed' : 'pending',
            lastError: message.slice(0, 1000),
            nextAttemptAt: givenUp ? null : new Date(clock.now().getTime() + retryDelayMs(attempts)),
          })
          .where(eq(outboundEmails.id, email.id));
        log.warn({ emailId: email.id, to: email.to, attempts, err: message }, givenUp ? 'Email delivery failed; giving up' : 'Email delivery failed; will retry');
        report.failed++;
      }
    }
    return report;
  }

  function track(p: Promise<unknown>) {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  }

  const outbox: Outbox = {
    async queue(exec, email) {
      const now = clock.now();
      const [row] = await exec
        .insert(outboundEmails)
        .values({
          kind: email.kind,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html ?? null,
          attachments: email.attachments ?? [],
          jobId: email.jobId ?? null,
          status: 'pending',
          createdAt: now,
          nextAttemptAt: now,
        })
        .returning({ id: outboundEmails.id });
      return row!.id;
    },
    deliverDue,
    kick() {
      track(deliverDue().catch((err: unknown) => log.error({ err }, 'Email delivery pass failed')));
    },
    start(intervalMs = 60_000) {
      if (timer) return;
      timer = setInterval(() => {
        if (inFlight.size === 0) outbox.kick();
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await Promise.allSettled([...inFlight]);
      mailer.close();
    },
  };
  return outbox;
}

function sqlIncrement() {
  return sql`${outboundEmails.attempts} + 1`;
}

export async function listRecentEmails(db: Executor, limit = 50) {
  return db.select().from(outboundEmails).orderBy(desc(outboundEmails.createdAt)).limit(limit);
}
