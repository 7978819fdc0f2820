import { z } from 'zod';
import { auditEntry, auditFilterQuery, auditKinds, auditListQuery } from '../schemas/audit';
import { defineContract } from './contract';

/**
 * The audit log as admins read it (docs/decisions/303-one-audit-log-every-history-a-view.md).
 * Reads only: no route writes, changes or removes a row of it (the database refuses too), and
 * audit.test.ts holds every operation of this area to GET.
 */
export const audit = {
  list: defineContract({
    method: 'GET',
    path: '/api/admin/audit',
    access: 'admin',
    summary:
      'The audit log, newest first, paged: who did what, when, from which address, with old and new values; filtered by user (id), kind and Perth days from/to.',
    query: auditListQuery,
    response: z.array(auditEntry),
    paged: true,
  }),
  csv: defineContract({
    method: 'GET',
    path: '/api/admin/audit.csv',
    access: 'admin',
    summary:
      'The audit log with the same filters as a CSV download, newest first (at most 100,000 rows); a cell starting with = + - @ is prefixed with an apostrophe so a spreadsheet never runs it.',
    query: auditFilterQuery,
    responseKind: 'file',
  }),
  kinds: defineContract({
    method: 'GET',
    path: '/api/admin/audit/kinds',
    access: 'admin',
    summary:
      'The kinds of change the audit log holds so far (job, invoice, setting, user, bill, ...), for the kind filter.',
    response: auditKinds,
  }),
};
