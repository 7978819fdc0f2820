import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';

export const customers = pgTable(
  'customers',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    createdAt: createdAt(),
    /** The key of the one-click unsubscribe link in return-visit reminders; made with the first one. */
    unsubscribeToken: text('unsubscribe_token').unique(),
    /** When the customer unsubscribed from return-visit reminders; none is sent after it. */
    returnVisitsUnsubscribedAt: timestamptz('return_visits_unsubscribed_at'),
  },
  // Returning customers are matched by email, case-insensitively (docs/product.md "Bookings").
  (t) => [uniqueIndex('customers_email_unique').on(sql`lower(${t.email})`)],
);

export const vehicles = pgTable(
  'vehicles',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    registration: text('registration').notNull(),
    color: text('color'),
  },
  (t) => [uniqueIndex('vehicles_customer_registration_unique').on(t.customerId, sql`upper(${t.registration})`)],
);
