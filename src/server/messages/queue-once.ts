import { and, eq, inArray, type SQLWrapper } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Executor } from '../db/client';
import { outboundEmails, outboundSms } from '../db/schema';
import { nextSendTime } from './send-window';

/**
 * An automated email meant once (docs/decisions/366-automated-messages-once-and-in-hours.md): the
 * unique `dedupe_key` refuses a second insert, whichever instance gets there first, and the email
 * waits for 8 am Perth when queued outside 8 am-8 pm (docs/decisions/366-automated-messages-once-and-in-hours.md).
 * Answers whether this call queued it.
 */
export async function queueEmailOnce(
  exec: Executor,
  clock: Clock,
  email: { kind: string; jobId: string; to: string; subject: string; text: string; dedupeKey: string },
): Promise<boolean> {
  const now = clock.now();
  const inserted = await exec
    .insert(outboundEmails)
    .values({
      kind: email.kind,
      jobId: email.jobId,
      to: email.to,
      subject: email.subject,
      text: email.text,
      attachments: [],
      status: 'pending',
      createdAt: now,
      nextAttemptAt: nextSendTime(now),
      dedupeKey: email.dedupeKey,
    })
    .onConflictDoNothing({ target: outboundEmails.dedupeKey })
    .returning({ id: outboundEmails.id });
  return inserted.length > 0;
}

/** Whether a message with this key was queued on either channel (a reminder goes once, by email, by text or both). */
export async function queuedEither(exec: Executor, dedupeKey: string): Promise<boolean> {
  const [email] = await exec
    .select({ id: outboundEmails.id })
    .from(outboundEmails)
    .where(eq(outboundEmails.dedupeKey, dedupeKey))
    .limit(1);
  if (email) return true;
  const [text] = await exec
    .select({ id: outboundSms.id })
    .from(outboundSms)
    .where(eq(outboundSms.dedupeKey, dedupeKey))
    .limit(1);
  return Boolean(text);
}

/**
 * Takes back the messages of these kinds for these jobs that have not gone yet (a visit cancelled,
 * a customer unsubscribed): marked failed with the reason staff read in the outbox, so no delivery
 * pass sends them. Answers how many were taken back.
 */
export async function withdrawPending(
  exec: Executor,
  jobIds: string[] | SQLWrapper,
  kinds: string[],
  reason: string,
): Promise<number> {
  if (Array.isArray(jobIds) && jobIds.length === 0) return 0;
  const emails = await exec
    .update(outboundEmails)
    .set({ status: 'failed', lastError: reason, nextAttemptAt: null })
    .where(
      and(
        inArray(outboundEmails.jobId, jobIds),
        inArray(outboundEmails.kind, kinds),
        eq(outboundEmails.status, 'pending'),
      ),
    )
    .returning({ id: outboundEmails.id });
  const texts = await exec
    .update(outboundSms)
    .set({ status: 'failed', lastError: reason, nextAttemptAt: null })
    .where(and(inArray(outboundSms.jobId, jobIds), inArray(outboundSms.kind, kinds), eq(outboundSms.status, 'pending')))
    .returning({ id: outboundSms.id });
  return emails.length + texts.length;
}
