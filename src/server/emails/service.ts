import type { OutboxEmail } from '../../shared/schemas/emails';
import type { Executor } from '../db/client';
import { listRecentEmails } from './outbox';

/** The latest stored customer emails as admins read them (decision 170). */
export async function listOutboxEmails(db: Executor, limit: number): Promise<OutboxEmail[]> {
  const rows = await listRecentEmails(db, limit);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    jobId: r.jobId,
    to: r.to,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    text: r.text,
    attachments: r.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType })),
  }));
}
