import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../shared/schemas/auth';
import { createdAt, id, isOneOf, timestamptz, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull().unique(),
    password: text('password').notNull(),
    email: text('email'),
    role: text('role', { enum: ROLES }).notNull().default('admin'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('users_role_check', isOneOf(t.role, ROLES))],
);

/** Server-side sessions: the cookie carries a random token, the table keeps only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-ins, counted per username and per client address for throttling. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    username: text('username').notNull(),
    address: text('address').notNull(),
    failedAt: timestamptz('failed_at').notNull().defaultNow(),
  },
  (t) => [index('login_failures_username_idx').on(t.username, t.failedAt), index('login_failures_address_idx').on(t.address, t.failedAt)],
);

/**
 * The one-time code that lets the first person create the owner account from the browser
 * (decision 111). One row while no staff user exists; removed once the owner exists.
 */
export const ownerSetup = pgTable('owner_setup', {
  id: integer('id').primaryKey().default(1),
  code: text('code').notNull(),
  createdAt: createdAt(),
});
