import { check, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { SYSTEM_PROBLEM_KINDS } from '../../../shared/domain/system-health';
import { isOneOf, timestamptz } from './columns';

/**
 * The instances running now (docs/decisions/400-system-health.md): each writes its row as it starts
 * and every 30 seconds, and removes it as it stops; a row not seen for two minutes is an instance
 * that stopped without saying so (killed), and is removed a day later.
 */
export const appInstances = pgTable('app_instances', {
  /** One per start of a process. */
  id: uuid('id').primaryKey(),
  /** INSTANCE_NAME, else the machine's name and the port. */
  name: text('name').notNull(),
  startedAt: timestamptz('started_at').notNull(),
  lastSeenAt: timestamptz('last_seen_at').notNull(),
});

/**
 * One row per kind of problem the owner is told of (docs/decisions/400-system-health.md): open from
 * the check that first sees the problem until one sees it gone. The email goes once per opening
 * (`raised_at`); a problem that clears and comes back opens the row again and is told again.
 */
export const systemAlerts = pgTable(
  'system_alerts',
  {
    kind: text('kind', { enum: SYSTEM_PROBLEM_KINDS }).primaryKey(),
    /** When the problem was first seen this time; without any backup, when the app first looked for one. */
    openedAt: timestamptz('opened_at').notNull(),
    /** When the owner was told (the email queued, the banner shown); null while not yet. */
    raisedAt: timestamptz('raised_at'),
    /** When a check last found the problem gone; null while it lasts. */
    clearedAt: timestamptz('cleared_at'),
    /** The figure in words as the last check saw it. */
    detail: text('detail').notNull(),
  },
  (t) => [check('system_alerts_kind_check', isOneOf(t.kind, SYSTEM_PROBLEM_KINDS))],
);
