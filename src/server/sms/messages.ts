import { count, desc } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { outboundEmails, outboundSms } from '../db/schema';
import type { MessageChannel, OutgoingMessage } from '../../shared/schemas/messages';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type OutboxRow = Pick<
  typeof outboundEmails.$inferSelect,
  'id' | 'kind' | 'jobId' | 'to' | 'status' | 'attempts' | 'lastError' | 'nextAttemptAt' | 'createdAt' | 'sentAt'
>;

function asMessage(channel: MessageChannel, r: OutboxRow, subject: string | null, text: string): OutgoingMessage {
  return {
    id: r.id,
    channel,
    kind: r.kind,
    jobId: r.jobId,
    to: r.to,
    subject,
    text,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    nextAttemptAt: r.status === 'pending' ? iso(r.nextAttemptAt) : null,
    createdAt: r.createdAt.toISOString(),
    sentAt: iso(r.sentAt),
  };
}

/** One page of the outgoing texts or emails, newest first, with the total for the pager. */
export async function listOutgoingMessages(
  db: Executor,
  q: { channel: MessageChannel; page: number; pageSize: number },
): Promise<{ items: OutgoingMessage[]; total: number }> {
  const offset = (q.page - 1) * q.pageSize;
  if (q.channel === 'sms') {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(outboundSms)
        .orderBy(desc(outboundSms.createdAt), desc(outboundSms.id))
        .limit(q.pageSize)
        .offset(offset),
      db.select({ n: count() }).from(outboundSms),
    ]);
    return { total: total?.n ?? 0, items: rows.map((r) => asMessage('sms', r, null, r.body)) };
  }
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outboundEmails)
      .orderBy(desc(outboundEmails.createdAt), desc(outboundEmails.id))
      .limit(q.pageSize)
      .offset(offset),
    db.select({ n: count() }).from(outboundEmails),
  ]);
  return { total: total?.n ?? 0, items: rows.map((r) => asMessage('email', r, r.subject, r.text)) };
}
