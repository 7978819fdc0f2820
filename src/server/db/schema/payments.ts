import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { jobs } from './jobs';

/** Every payment event handled, by the provider's event id, so a replay changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
  payload: jsonb('payload'),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});
