import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { jobs } from './jobs';

/**
 * The SMS outbox, kept as the email outbox is: every text is written here first, then delivered by
 * the configured provider, or kept for staff to read when none is configured.
 */
export const outboundSms = pgTable(
  'outbound_sms',
  {
    id: id(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    /** The mobile number in E.164 form (+614...). */
    to: text('to').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'stored', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Not sent before this time (retries, and automated texts waiting for 8 am Perth). */
    nextAttemptAt: timestamptz('next_attempt_at'),
    /** The provider's id for the sent message. */
    providerId: text('provider_id'),
    /** Set for a message that must go once only (e.g. `reminder:<jobId>`): a second insert is refused. */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    // The pending texts in the order a delivery pass claims them (emails/delivery-passes.ts).
    index('outbound_sms_pending_idx').on(t.createdAt).where(sql`status = 'pending'`),
    index('outbound_sms_job_idx').on(t.jobId, t.kind),
  ],
);

/** Mobile numbers (E.164) that replied STOP: they get no text but the confirmation of a booking just made. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text('phone').primaryKey(),
  createdAt: createdAt(),
});
