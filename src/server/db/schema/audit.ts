import { bigserial, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns';

/**
 * The audit log: one row for every staff write and sign-in, and the one record every history
 * (a job's, an invoice's, a setting's) is read from (decision 303). Append-only: a trigger refuses
 * UPDATE, DELETE and TRUNCATE (drizzle/0017_vans_audit_security.sql), so even a bug cannot rewrite
 * it. The actor has no foreign key on purpose: removing a user must not rewrite who did what.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    /** The order changes were made in: two changes in the same millisecond still read in order. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    at: timestamptz('at').notNull().defaultNow(),
    actorId: uuid('actor_id'),
    /** The username at the time, so the row reads the same after the user is renamed or removed. */
    actorName: text('actor_name'),
    /** The client address the change came from; null for the system (a payment, a lapsed hold). */
    address: text('address'),
    /** What area the row is about: `job`, `invoice`, `setting`, `sign-in`, `user`, `bill`, ... */
    kind: text('kind').notNull(),
    /** The thing changed: `job:<id>`, `invoice:<id>`, `fees`, `tyre-price:<id>`, `user:<id>`; null for none. */
    subject: text('subject'),
    /** What the subject was called when it changed ("JOB-10012", "Fees"), so a removed row still reads. */
    label: text('label'),
    /** The change within the kind, as each history names it (`status`, `price`, `changed`, `failed`). */
    action: text('action').notNull(),
    /** The field that changed, as the form names it ("Callout"); null for a whole-row change. */
    field: text('field'),
    from: text('from_value'),
    to: text('to_value'),
    note: text('note'),
  },
  (t) => [
    index('audit_log_subject_idx').on(t.subject, t.seq),
    index('audit_log_seq_idx').on(t.seq),
    index('audit_log_kind_idx').on(t.kind, t.seq),
    index('audit_log_actor_idx').on(t.actorId, t.seq),
  ],
);
