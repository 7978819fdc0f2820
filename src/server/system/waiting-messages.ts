import { and, count, eq, gt, min, not } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { outboundEmails, outboundSms } from '../db/schema';
import type { OutboxTable } from '../emails/delivery-passes';
import { nextSendTime } from '../messages/send-window';

export type WaitingMessages = {
  emailsWaiting: number;
  textsWaiting: number;
  /** How long the message waiting longest has waited to go; null when none waits. */
  oldestWaitSeconds: number | null;
};

/**
 * Pending messages that are due: a message not yet tried whose send time is still to come (an
 * automated text held for 8 am, decision 362) is planned, not waiting. Counted in the database, so
 * a backlog of thousands costs one row.
 */
async function waitingIn(db: Executor, table: OutboxTable, now: Date) {
  const t = table as typeof outboundEmails;
  const [row] = await db
    .select({ waiting: count(), oldest: min(t.createdAt) })
    .from(t)
    .where(and(eq(t.status, 'pending'), not(and(eq(t.attempts, 0), gt(t.nextAttemptAt, now))!)));
  return { waiting: Number(row?.waiting ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

const secondsBetween = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));

/**
 * Emails and texts waiting to go and how long the oldest has waited (docs/decisions/400-system-health.md).
 * A text's wait counts from when it could first go: automated texts wait for 8 am Perth, so one
 * written outside 8 am-8 pm is counted from the next 8 am.
 */
export async function waitingMessages(db: Executor, now: Date): Promise<WaitingMessages> {
  const [emails, texts] = await Promise.all([waitingIn(db, outboundEmails, now), waitingIn(db, outboundSms, now)]);
  const waits = [
    ...(emails.oldest ? [secondsBetween(emails.oldest, now)] : []),
    ...(texts.oldest ? [secondsBetween(nextSendTime(texts.oldest), now)] : []),
  ];
  return {
    emailsWaiting: emails.waiting,
    textsWaiting: texts.waiting,
    oldestWaitSeconds: waits.length ? Math.max(...waits) : null,
  };
}
