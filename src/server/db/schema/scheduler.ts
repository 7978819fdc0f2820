import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * The periodic jobs that run once per tick across instances (docs/decisions/393-one-scheduler.md):
 * per job, the last tick an instance claimed. A tick is claimed by moving `period_start` forward,
 * so a second instance arriving for the same tick finds it taken.
 */
export const schedulerTicks = pgTable('scheduler_ticks', {
  job: text('job').primaryKey(),
  /** The start of the last tick claimed: a whole number of the job's intervals since 1970. */
  periodStart: timestamptz('period_start').notNull(),
  /** When it was claimed (the database's clock), for whoever looks. */
  claimedAt: timestamptz('claimed_at').notNull(),
});
