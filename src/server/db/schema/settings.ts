import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, isOneOf, updatedAt } from './columns';
import { users } from './users';

export const SETTING_KEYS = ['fees', 'business', 'capacity', 'security', 'messages', 'paymentMethods'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/**
 * The owner's settings, one row per group (decision 280). The value is JSON checked by the group's
 * zod schema on every read and write; a write NOTIFYs every instance (drizzle/0015_owner_settings.sql).
 */
export const businessSettings = pgTable(
  'business_settings',
  {
    key: text('key', { enum: SETTING_KEYS }).primaryKey(),
    value: jsonb('value').notNull(),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('business_settings_key_check', isOneOf(t.key, SETTING_KEYS))],
);

/** Days the business is closed beyond its weekly opening days ("away 23-27 Dec"), first to last inclusive. */
export const businessClosures = pgTable(
  'business_closures',
  {
    id: id(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('business_closures_days_idx').on(t.firstDay, t.lastDay),
    check('business_closures_order_check', sql`${t.lastDay} >= ${t.firstDay}`),
  ],
);
