import { asc, eq } from 'drizzle-orm';
import type { InvoiceEvent } from '../../shared/schemas/invoices';
import type { JobEvent } from '../../shared/schemas/jobs';
import type { Executor } from '../db/client';
import { customerInvoiceEvents, jobEvents, users, type INVOICE_EVENT_KINDS, type JOB_EVENT_KINDS } from '../db/schema';

/**
 * One history mechanism for every entity that keeps one (decisions 184, 200, 251): who, when, what
 * kind of change, from and to, with a note. Each entity has its own table; this module is the only
 * code that writes or reads them, so a job's and an invoice's history look and behave alike.
 */
const HISTORIES = {
  job: { table: jobEvents, key: jobEvents.jobId, keyName: 'jobId' },
  invoice: { table: customerInvoiceEvents, key: customerInvoiceEvents.customerInvoiceId, keyName: 'customerInvoiceId' },
} as const;

export type HistoryEntity = keyof typeof HISTORIES;

type Kinds = { job: (typeof JOB_EVENT_KINDS)[number]; invoice: (typeof INVOICE_EVENT_KINDS)[number] };
type Shown = { job: JobEvent; invoice: InvoiceEvent };

export type HistoryEntry<E extends HistoryEntity> = {
  at: Date;
  /** Who made the change; null for the system (a booking, a payment, a lapsed hold). */
  actorId: string | null;
  kind: Kinds[E];
  from?: string | null;
  to?: string | null;
  note?: string | null;
};

/** Records one change of an entity in the caller's transaction: nothing changes without its history line. */
export async function recordHistory<E extends HistoryEntity>(exec: Executor, entity: E, key: string, e: HistoryEntry<E>): Promise<void> {
  const h = HISTORIES[entity];
  const row = { [h.keyName]: key, at: e.at, actorId: e.actorId, kind: e.kind, from: e.from ?? null, to: e.to ?? null, note: e.note ?? null };
  await exec.insert(h.table).values(row as typeof h.table.$inferInsert);
}

/** An entity's history as staff read it: oldest first, with the username of who made each change. */
export async function historyOf<E extends HistoryEntity>(exec: Executor, entity: E, key: string): Promise<Shown[E][]> {
  const { table, key: keyColumn } = HISTORIES[entity] as (typeof HISTORIES)['job'] | (typeof HISTORIES)['invoice'];
  const rows = await exec
    .select({ id: table.id, at: table.at, actor: users.username, kind: table.kind, from: table.from, to: table.to, note: table.note })
    .from(table)
    .leftJoin(users, eq(users.id, table.actorId))
    .where(eq(keyColumn, key))
    .orderBy(asc(table.seq));
  return rows.map((r) => ({ id: r.id, at: r.at.toISOString(), actor: r.actor ?? null, kind: r.kind, from: r.from, to: r.to, note: r.note }) as Shown[E]);
}
