import { boolean, date, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { id } from './columns';

/** A row here overrides a slot's default availability (staff blocking a slot with a reason). */
export const timeSlots = pgTable(
  'time_slots',
  {
    id: id(),
    date: date('date', { mode: 'string' }).notNull(),
    slot: text('slot').notNull(),
    isAvailable: boolean('is_available').notNull().default(true),
    blockedReason: text('blocked_reason'),
  },
  (t) => [unique('time_slots_date_slot_unique').on(t.date, t.slot)],
);
