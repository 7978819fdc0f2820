import { and, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Db, Executor } from '../db/client';
import { outboundEmails, type StoredAttachment } from '../db/schema';
import type { Mailer } from '../adapters/email';
import { unsubscribeHeaders } from '../messages/unsubscribe-headers';

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
 * The outbox (docs/product.md "Emails to customers", decisions 132 and 164): every email is written
 * to outbound_emails first, in the caller's transaction when it has one, and delivered afterwards,
 * so a mail server that is down never fails or loses a booking. A periodic pass retries failures
 * with backoff.
 */
export type Outbox = {
  queue(exec: Executor, email: QueuedEmail): Promise<string>;
  /**
   * Delivers every due message once. Safe to run concurrently, in this process or another: each
   * message is claimed alone, with its own lease, just before it is sent (decision 164).
   */
  deliverDue(): Promise<DeliveryReport>;
  /** Starts a delivery pass in the background (after a commit), or asks the running one to look again. */
  kick(): void;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
};

export const MAX_EMAIL_ATTEMPTS = 8;
/**
 * A claimed message is not picked up by another pass for this long. One send is bounded by the
 * SMTP timeouts (adapters/email.ts), well under this, so only a crashed or hung sender loses it.
 */
export const CLAIM_LEASE_MS = 5 * 60_000;
/** Messages one pass sends at most; the rest wait for the next kick or tick. */
const MAX_PER_PASS = 100;

/** 1, 2, 4, ... minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

type EmailRow = typeof outboundEmails.$inferSelect;
/** RFC 8058 headers when the email carries an unsubscribe link (decision 366); none otherwise. */
const withHeaders = (headers: Record<string, string> | undefined) => (headers ? { headers } : {});
/** A mail server's refusal often quotes the recipient: the address is kept out of the log line. */
const withoutAddresses = (text: string) => text.replace(/[^\s<>"']+@[^\s<>"']+/g, '<address>').slice(0, 500);

/** `mailFrom`: the sender, or how to find it at each send (the business's stored name and address, decision 280). */
export function createOutbox(deps: { db: Db; clock: Clock; mailer: Mailer; log: FastifyBaseLogger; mailFrom: string | (() => Promise<string>) }): Outbox {
  const { db, clock, mailer, log, mailFrom } = deps;
  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  /** The background pass of this process, and when it last finished a message (hang detection). */
  let running: { promise: Promise<unknown>; lastProgressAt: number } | undefined;
  let lookAgain = false;

  /** Claims the oldest due message, alone: SKIP LOCKED lets concurrent passes take different rows. */
  async function claimOne(): Promise<EmailRow | undefined> {
    const now = clock.now();
    const due = db
      .select({ id: outboundEmails.id })
      .from(outboundEmails)
      .where(and(eq(outboundEmails.status, 'pending'), or(isNull(outboundEmails.nextAttemptAt), lte(outboundEmails.nextAttemptAt, now))))
      .orderBy(outboundEmails.createdAt)
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(outboundEmails)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS), attempts: sql`${outboundEmails.attempts} + 1` })
      .where(sql`${outboundEmails.id} = (${due})`)
      .returning();
    return row;
  }

  /** Still ours: pending, and no later claim has bumped the attempt number since we took it. */
  const stillOwned = (email: EmailRow) => and(eq(outboundEmails.id, email.id), eq(outboundEmails.status, 'pending'), eq(outboundEmails.attempts, email.attempts));

  async function settle(email: EmailRow, values: Partial<typeof outboundEmails.$inferInsert>): Promise<boolean> {
    const updated = await db.update(outboundEmails).set(values).where(stillOwned(email)).returning({ id: outboundEmails.id });
    if (updated.length === 0) log.warn({ emailId: email.id, attempts: email.attempts }, 'Email claim was lost (lease expired and another pass took it); result not recorded');
    return updated.length > 0;
  }

  async function deliverOne(email: EmailRow, report: DeliveryReport): Promise<void> {
    try {
      await mailer.send({
        from: typeof mailFrom === 'string' ? mailFrom : await mailFrom(),
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        attachments: email.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') })),
        ...withHeaders(unsubscribeHeaders(email)),
      });
    } catch (err) {
      const attempts = email.attempts;
      const givenUp = attempts >= MAX_EMAIL_ATTEMPTS;
      const message = err instanceof Error ? err.message : String(err);
      const recorded = await settle(email, {
        status: givenUp ? 'failed' : 'pending',
        lastError: message.slice(0, 1000),
        nextAttemptAt: givenUp ? null : new Date(clock.now().getTime() + retryDelayMs(attempts)),
      });
      // No address or subject in the logs (docs/product.md "API conventions"): the outbox row has them for staff.
      if (recorded) log.warn({ emailId: email.id, jobId: email.jobId, attempts, err: withoutAddresses(message) }, givenUp ? 'Email delivery failed; giving up' : 'Email delivery failed; will retry');
      report.failed++;
      return;
    }
    if (mailer.kind === 'local') {
      await settle(email, { status: 'stored', lastError: null, nextAttemptAt: null });
      log.info({ emailId: email.id, jobId: email.jobId }, 'Email kept in the outbox, not sent (local stand-in: SMTP_URL is not set)');
      report.stored++;
    } else {
      await settle(email, { status: 'sent', sentAt: clock.now(), lastError: null, nextAttemptAt: null });
      report.sent++;
    }
  }

  async function deliverDue(onProgress?: () => void): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, stored: 0, failed: 0 };
    for (let i = 0; i < MAX_PER_PASS; i++) {
      const email = await claimOne();
      if (!email) break;
      await deliverOne(email, report);
      onProgress?.();
    }
    return report;
  }

  function track(p: Promise<unknown>) {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  }

  /** A pass that has finished nothing for a whole lease is hung (its message's lease has lapsed too). */
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
      .catch((err: unknown) => log.error({ err }, 'Email delivery pass failed'))
      .finally(() => {
        if (running === pass) running = undefined;
      });
    running = pass;
    track(pass.promise);
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
    deliverDue: () => deliverDue(),
    kick() {
      // One background pass at a time: a running one is asked to look again when it finishes its
      // current message; a hung one no longer blocks delivery (decision 164).
      if (running && !isHung(running)) {
        lookAgain = true;
        return;
      }
      if (running) log.warn('Email delivery pass made no progress for a whole lease; starting another');
      startPass();
    },
    start(intervalMs = 60_000) {
      if (timer) return;
      timer = setInterval(() => outbox.kick(), intervalMs);
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

export async function listRecentEmails(db: Executor, limit = 50) {
  return db.select().from(outboundEmails).orderBy(desc(outboundEmails.createdAt)).limit(limit);
}
