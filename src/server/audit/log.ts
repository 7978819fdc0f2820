import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { auditLog } from '../db/schema';
import { currentRequest } from './context';

/** One row of the audit log as written: who, from where, what (decision 303). */
export type AuditRow = {
  at: Date;
  /** Who did it; null for the system (a booking, a payment, a lapsed hold). */
  actorId: string | null;
  /**
   * The client address; null for the system. Left out on a staff row, it is the address of the
   * request being served (context.ts), so no writer has to pass it along.
   */
  address?: string | null;
  kind: string;
  subject?: string | null;
  /** What the subject is called; omitted for a job or an invoice, whose number is looked up. */
  label?: string | null;
  action: string;
  field?: string | null;
  from?: string | null;
  to?: string | null;
  note?: string | null;
};

/**
 * Appends rows to the audit log in the caller's transaction: the only writer of the table, so every
 * history and the admins' log read the same record. The actor's username and a job's or invoice's
 * number are copied in, so a row reads the same after a rename or removal.
 */
export async function appendAudit(exec: Executor, rows: AuditRow[]): Promise<void> {
  if (rows.length === 0) return;
  const request = currentRequest();
  await exec.insert(auditLog).values(
    rows.map((r) => ({
      at: r.at,
      actorId: r.actorId,
      actorName: r.actorId === null ? null : sql`(select username from users where id = ${r.actorId})`,
      address: r.address !== undefined ? r.address : r.actorId !== null ? (request?.address ?? null) : null,
      kind: r.kind,
      subject: r.subject ?? null,
      label: r.label ?? labelOf(r.subject ?? null),
      action: r.action,
      field: r.field ?? null,
      from: r.from ?? null,
      to: r.to ?? null,
      note: r.note ?? null,
    })),
  );
}

function labelOf(subject: string | null) {
  const [entity, key] = subject?.split(':', 2) ?? [];
  if (entity === 'job' && key) return sql`(select job_number from jobs where id = ${key}::uuid)`;
  if (entity === 'invoice' && key) return sql`(select invoice_number from customer_invoices where id = ${key}::uuid)`;
  return null;
}
