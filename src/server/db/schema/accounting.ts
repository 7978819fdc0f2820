import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SYNC_KINDS, SYNC_STATES } from '../../../shared/domain/accounting';
import { createdAt, id, isOneOf, timestamptz, updatedAt } from './columns';
import { users } from './users';

/**
 * The books' link to Xero (docs/decisions/418-xero-sync.md): one row, made the first time the owner
 * saves a mapping or starts a connection. The tokens and the PKCE verifier are sealed with the
 * secrets-at-rest key (decision 401); the call budget and a 429's pause are kept here so every
 * instance spends the one budget Xero gives the organisation.
 */
export const accountingSetup = pgTable(
  'accounting_setup',
  {
    /** Always 'xero': one connection per business. */
    id: text('id').primaryKey().default('xero'),
    /** The owner's account codes and tax types (src/shared/domain/accounting.ts `accountingMapping`). */
    mapping: jsonb('mapping').notNull().default({}),
    mappingSetAt: timestamptz('mapping_set_at'),
    /** The connected organisation (Xero's tenant) and its name; null while not connected. */
    tenantId: text('tenant_id'),
    organisationName: text('organisation_name'),
    /** The token set as JSON, sealed (decision 401). */
    tokens: text('tokens'),
    tokenExpiresAt: timestamptz('token_expires_at'),
    connectedAt: timestamptz('connected_at'),
    connectedById: uuid('connected_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set when Xero refused the tokens (revoked, expired refresh): sync stops until the owner connects again. */
    connectionError: text('connection_error'),
    /** A connection under way: the state sent to Xero and the PKCE verifier (sealed), for the callback on any instance. */
    pendingState: text('pending_state'),
    pendingVerifier: text('pending_verifier'),
    pendingAt: timestamptz('pending_at'),
    /** Xero's 60 calls a minute, shared by the instances: the minute being counted and its calls. */
    rateWindowStart: timestamptz('rate_window_start'),
    rateCalls: integer('rate_calls').notNull().default(0),
    /** After a 429, no call before this (Retry-After, else a backoff). */
    pausedUntil: timestamptz('paused_until'),
    updatedAt: updatedAt(),
  },
  (t) => [check('accounting_setup_one_row', sql`${t.id} = 'xero'`)],
);

/**
 * One row per record the books send to Xero, once (docs/decisions/418-xero-sync.md): its Xero id
 * once sent, so a retry or a second instance never makes a second copy. A row is claimed for a few
 * minutes before its call (`claimed_until`), like the outbox's claimDue, and the call carries the
 * row's id as Xero's Idempotency-Key, so even a claim that lapsed mid-call makes no second copy.
 */
export const accountingSync = pgTable(
  'accounting_sync',
  {
    id: id(),
    kind: text('kind', { enum: SYNC_KINDS }).notNull(),
    /** The app record's id; for a contact, its name in lower case (Xero's names are unique). */
    recordId: text('record_id').notNull(),
    /** What the owner reads in the log: "Invoice INV-000012", "Contact Jane Citizen". */
    label: text('label').notNull(),
    state: text('state', { enum: SYNC_STATES }).notNull().default('waiting'),
    xeroId: text('xero_id'),
    attempts: integer('attempts').notNull().default(0),
    /** Xero's own message of the last refusal. */
    lastError: text('last_error'),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    claimedUntil: timestamptz('claimed_until'),
    claimedBy: text('claimed_by'),
    /** When it first failed since it was last sent or queued: the banner shows after a day of it. */
    failedSince: timestamptz('failed_since'),
    sentAt: timestamptz('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounting_sync_record_idx').on(t.kind, t.recordId),
    index('accounting_sync_due_idx').on(t.state, t.nextAttemptAt),
    check('accounting_sync_kind_check', isOneOf(t.kind, SYNC_KINDS)),
    check('accounting_sync_state_check', isOneOf(t.state, SYNC_STATES)),
  ],
);
