import { sql } from 'drizzle-orm';
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
    /** Set by an admin's reset: the temporary password must be replaced at the next sign-in. */
    passwordMustChange: boolean('password_must_change').notNull().default(false),
    passwordChangedAt: timestamptz('password_changed_at'),
    /** The confirmed TOTP secret (RFC 6238); null without two-factor sign-in. */
    mfaSecret: text('mfa_secret'),
    mfaEnabledAt: timestamptz('mfa_enabled_at'),
    /** A secret shown for enrolment and not yet confirmed with a code. */
    mfaPendingSecret: text('mfa_pending_secret'),
    /** A technician's working weekdays, ISO numbering (1 = Monday .. 7 = Sunday). */
    workingDays: integer('working_days').array().notNull().default(sql`'{1,2,3,4,5}'::integer[]`),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** The browser's User-Agent and the client address when signed in, for the devices list. */
    userAgent: text('user_agent'),
    address: text('address'),
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
  (t) => [
    index('login_failures_username_idx').on(t.username, t.failedAt),
    index('login_failures_address_idx').on(t.address, t.failedAt),
  ],
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

/** Single-use recovery codes for two-factor sign-in, kept only as hashes. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/**
 * A password accepted for a user with two-factor sign-in, waiting for the code: the pending cookie
 * carries a random token, the table keeps only its SHA-256. No session exists until the code is right.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address'),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId)],
);

/**
 * Browsers that have signed in as a user before (OWASP's device cookie): their sign-ins do not
 * spend the per-username budget a stranger can exhaust. The cookie carries a random token; the
 * table keeps only its SHA-256.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
  },
  (t) => [index('known_devices_user_idx').on(t.userId)],
);
