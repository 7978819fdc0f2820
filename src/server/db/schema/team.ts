import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/** A technician's leave, first to last day inclusive, with a reason ("Annual leave"). */
export const technicianLeave = pgTable(
  'technician_leave',
  {
    id: id(),
    technicianId: uuid('technician_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('technician_leave_days_idx').on(t.firstDay, t.lastDay),
    check('technician_leave_order_check', sql`${t.lastDay} >= ${t.firstDay}`),
  ],
);
