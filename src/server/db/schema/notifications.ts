import { bigserial, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { NewBookingData } from '../../../shared/contracts/notifications';
import { createdAt, isOneOf } from './columns';

const NOTIFICATION_TYPES = ['new_booking'] as const;

/**
 * Every live notification sent to staff, kept for a week (decision 196): the id is the event
 * number a reconnecting client sends back (`since`) to get what it missed.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    data: jsonb('data').$type<NewBookingData>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_created_at_idx').on(t.createdAt),
    check('notifications_type_check', isOneOf(t.type, NOTIFICATION_TYPES)),
  ],
);
