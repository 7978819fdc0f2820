import { stringify } from 'csv-stringify/sync';
import type { AuditEntry } from '../../shared/schemas/audit';

/**
 * The audit log as a CSV download. Every value in the log is text someone typed or a username,
 * so every cell a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
 * return) is prefixed with an apostrophe (OWASP "CSV injection"; docs/decisions/330-audit-log-address-and-download.md).
 */
export const AUDIT_CSV_HEADER = [
  'When (UTC)',
  'Who',
  'Address',
  'Kind',
  'Subject',
  'What',
  'Action',
  'Field',
  'From',
  'To',
  'Note',
];

export function guardCell(value: string | null): string {
  if (value === null) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function auditCsv(rows: AuditEntry[]): string {
  const records = rows.map((r) =>
    [r.at, r.actor ?? 'System', r.address, r.kind, r.subject, r.label, r.action, r.field, r.from, r.to, r.note].map(
      guardCell,
    ),
  );
  return stringify([AUDIT_CSV_HEADER, ...records]);
}
