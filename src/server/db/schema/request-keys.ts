import { integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { users } from './users';

/**
 * The idempotency keys staff requests carried, with the answer first given: a change queued on a
 * phone and sent twice (a replay after lost signal) gets the same answer and changes nothing more.
 */
export const requestKeys = pgTable(
  'request_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** `METHOD /path` the key was first used with; the same key on another request is refused. */
    request: text('request').notNull(),
    statusCode: integer('status_code'),
    body: jsonb('body'),
    createdAt: createdAt(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
