import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { SETTING_EVENT_KINDS } from '../../../shared/domain/settings';
import { createdAt, id, isOneOf, timestamptz, updatedAt } from './columns';
import { users } from './users';

export const SETTING_KEYS = ['fees', 'business'] as const;
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
  (t) => [index('business_closures_days_idx').on(t.firstDay, t.lastDay), check('business_closures_order_check', sql`${t.lastDay} >= ${t.firstDay}`)],
);

/** The settings history: who changed which setting when, from what to what (decision 280). */
export const settingEvents = pgTable(
  'setting_events',
  {
    id: id(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /** `fees`, `business`, `tyre-price:<id>`, `closure:<id>` or `suburb-page:<id>`. */
    subject: text('subject').notNull(),
    /** What the subject was called when it changed ("205/55R16 Michelin Primacy 4"), so a removed row still reads. */
    label: text('label').notNull(),
    at: timestamptz('at').notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: SETTING_EVENT_KINDS }).notNull(),
    /** The field that changed, as the form names it ("Callout"); null for a whole-row change. */
    field: text('field'),
    from: text('from_value'),
    to: text('to_value'),
    note: text('note'),
  },
  (t) => [
    index('setting_events_subject_idx').on(t.subject, t.seq),
    index('setting_events_seq_idx').on(t.seq),
    check('setting_events_kind_check', isOneOf(t.kind, SETTING_EVENT_KINDS)),
  ],
);
