import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * Public quotes and bookings per client address in the last 15 minutes, shared by every app
 * instance (decision 221). One row per address holds the times of its attempts still in the
 * window (at most BOOKINGS_PER_ADDRESS of them); rows idle for a whole window are pruned.
 */
export const bookingAttemptWindows = pgTable(
  'booking_attempt_windows',
  {
    clientAddress: text('client_address').primaryKey(),
    attempts: timestamptz('attempts').array().notNull(),
    /** Whether the latest attempt was refused (the window was already full). */
    refused: boolean('refused').notNull().default(false),
    lastAttemptAt: timestamptz('last_attempt_at').notNull(),
  },
  (t) => [index('booking_attempt_windows_last_attempt_idx').on(t.lastAttemptAt)],
);

/**
 * Wrong customer links (manage-my-booking and invoice pay links) per client address in the last
 * minute, shared by every instance (docs/decisions/341-foundation-offline-day-and-self-service.md):
 * after 20, further wrong links are answered 429; a right link is never refused
 * (docs/decisions/397-tokens-kept-out-of-logs.md).
 */
export const manageLinkMisses = pgTable(
  'manage_link_misses',
  {
    clientAddress: text('client_address').primaryKey(),
    attempts: timestamptz('attempts').array().notNull(),
    lastAttemptAt: timestamptz('last_attempt_at').notNull(),
  },
  (t) => [index('manage_link_misses_last_attempt_idx').on(t.lastAttemptAt)],
);
