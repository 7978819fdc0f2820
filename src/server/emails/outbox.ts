import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Db, Executor } from '../db/client';
import { outboundEmails, type StoredAttachment } from '../db/schema';
import type { Mailer } from '../adapters/email';
import { unsubscribeHeaders } from '../messages/unsubscribe-headers';
import {
  claimDue,
  createDeliveryPasses,
  retryDelayMs,
  type DeliveryPasses,
  type DeliveryReport,
} from './delivery-passes';

export type QueuedEmail = {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: StoredAttachment[];
  jobId?: string | null;
};

/**
 * The outbox (docs/product.md "Emails to customers", decisions 132 and 164): every email is written
 * to outbound_emails first, in the caller's transaction when it has one, and delivered afterwards,
 * so a mail server that is down never fails or loses a booking. A periodic pass retries failures
 * with backoff.
 */
export type Outbox = DeliveryPasses & {
  queue(exec: Executor, email: QueuedEmail): Promise<string>;
};

export const MAX_EMAIL_ATTEMPTS = 8;

type EmailRow = typeof outboundEmails.$inferSelect;
/** RFC 8058 headers when the email carries an unsubscribe link (decision 366); none otherwise. */
const withHeaders = (headers: Record<string, string> | undefined) => (headers ? { headers } : {});
/** A mail server's refusal often quotes the recipient: the address is kept out of the log line. */
const withoutAddresses = (text: string) => text.replace(/[^\s<>"']+@[^\s<>"']+/g, '<address>').slice(0, 500);

/** `mailFrom`: the sender, or how to find it at each send (the business's stored name and address, decision 280). */
export function createOutbox(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  mailFrom: string | (() => Promise<string>);
}): Outbox {
  const { db, clock, mailer, log, mailFrom } = deps;

  const claimOne = (): Promise<EmailRow | undefined> => claimDue(db, outboundEmails, clock.now());

  /** Still ours: pending, and no later claim has bumped the attempt number since we took it. */
  const stillOwned = (email: EmailRow) =>
    and(
      eq(outboundEmails.id, email.id),
      eq(outboundEmails.status, 'pending'),
      eq(outboundEmails.attempts, email.attempts),
    );

  async function settle(email: EmailRow, values: Partial<typeof outboundEmails.$inferInsert>): Promise<boolean> {
    const updated = await db
      .update(outboundEmails)
      .set(values)
      .where(stillOwned(email))
      .returning({ id: outboundEmails.id });
    if (updated.length === 0)
      log.warn(
        { emailId: email.id, attempts: email.attempts },
        'Email claim was lost (lease expired and another pass took it); result not recorded',
      );
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
        attachments: email.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, 'base64'),
        })),
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
      if (recorded)
        log.warn(
          { emailId: email.id, jobId: email.jobId, attempts, err: withoutAddresses(message) },
          givenUp ? 'Email delivery failed; giving up' : 'Email delivery failed; will retry',
        );
      report.failed++;
      return;
    }
    if (mailer.kind === 'local') {
      await settle(email, { status: 'stored', lastError: null, nextAttemptAt: null });
      log.info(
        { emailId: email.id, jobId: email.jobId },
        'Email kept in the outbox, not sent (local stand-in: SMTP_URL is not set)',
      );
      report.stored++;
    } else {
      await settle(email, { status: 'sent', sentAt: clock.now(), lastError: null, nextAttemptAt: null });
      report.sent++;
    }
  }

  const passes = createDeliveryPasses({ clock, log, what: 'Email', claim: claimOne, deliver: deliverOne });

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
    deliverDue: passes.deliverDue,
    kick: passes.kick,
    start: passes.start,
    async stop() {
      await passes.stop();
      mailer.close();
    },
  };
  return outbox;
}

export async function listRecentEmails(db: Executor, limit = 50) {
  return db.select().from(outboundEmails).orderBy(desc(outboundEmails.createdAt)).limit(limit);
}
