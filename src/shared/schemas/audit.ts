import { z } from 'zod';
import { oneLineText, optionalDay, pageQuery, pageSizeQuery, uuid } from './fields';

/**
 * The admins' audit log (docs/decisions/303-one-audit-log-every-history-a-view.md): who did what,
 * when, from which address, and for money the old and new value.
 */

export const AUDIT_FROM_AFTER_TO = 'From must be on or before To';
export const AUDIT_KIND_MESSAGE = 'Kind must be lower-case letters and dashes';

/** The filters the list and the CSV share: a user (by id), a kind, a range of Perth days. */
const auditFilterFields = {
  user: uuid('Choose a user from the list').optional(),
  kind: oneLineText('Kind', 40)
    .regex(/^[a-z][a-z-]*$/, AUDIT_KIND_MESSAGE)
    .optional(),
  from: optionalDay(),
  to: optionalDay(),
};

const fromNotAfterTo = (q: { from?: string | null | undefined; to?: string | null | undefined }) =>
  !q.from || !q.to || q.from <= q.to;

export const auditFilterQuery = z
  .object(auditFilterFields)
  .refine(fromNotAfterTo, { message: AUDIT_FROM_AFTER_TO, path: ['to'] });
export const auditListQuery = z
  .object({ ...auditFilterFields, page: pageQuery(), pageSize: pageSizeQuery() })
  .refine(fromNotAfterTo, { message: AUDIT_FROM_AFTER_TO, path: ['to'] });
export type AuditFilter = z.input<typeof auditFilterQuery>;

export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  /** Who, by the username they had at the time; null for the system. */
  actor: z.string().nullable(),
  actorId: z.string().nullable(),
  address: z.string().nullable(),
  kind: z.string(),
  subject: z.string().nullable(),
  label: z.string().nullable(),
  action: z.string(),
  field: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  note: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** The kinds the log holds so far, for the kind filter. */
export const auditKinds = z.array(z.string());
