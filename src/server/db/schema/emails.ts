import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { jobs } from './jobs';

export type StoredAttachment = { filename: string; contentType: string; contentBase64: string };

/** The outbox: every email is written here first, then delivered (or kept for staff to read). */
export const outboundEmails = pgTable(
  'outbound_emails',
  {
    id: id(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    status: text('status', { enum: ['pending', 'sent', 'stored', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamptz('next_attempt_at'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    /** Set for a message that must go once only (e.g. `reminder:<jobId>`): a second insert is refused. */
    dedupeKey: text('dedupe_key').unique(),
  },
  // The pending messages in the order a delivery pass claims them (emails/delivery-passes.ts).
  (t) => [index('outbound_emails_pending_idx').on(t.createdAt).where(sql`status = 'pending'`)],
);
