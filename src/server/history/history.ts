import { asc, count, desc, eq, like } from 'drizzle-orm';
import type { SettingEventKind, SettingSubject } from '../../shared/domain/settings';
import type { InvoiceEvent } from '../../shared/schemas/invoices';
import type { JobEvent } from '../../shared/schemas/jobs';
import type { Executor } from '../db/client';
import { customerInvoiceEvents, jobEvents, settingEvents, users, type INVOICE_EVENT_KINDS, type JOB_EVENT_KINDS } from '../db/schema';

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

/** One change of a setting (decision 280): the fees, the business profile, or a row of the price list, closures or suburb pages. */
export type SettingChange = {
  subject: SettingSubject;
  /** What the subject is called ("Fees", "205/55R16 Michelin Primacy 4"). */
  label: string;
  at: Date;
  actorId: string | null;
  kind: SettingEventKind;
  /** The field as the form names it ("Callout"); omitted for a whole-row change. */
  field?: string | null;
  from?: string | null;
  to?: string | null;
  note?: string | null;
};

export type ShownSettingChange = {
  id: string;
  subject: string;
  label: string;
  at: string;
  actor: string | null;
  kind: SettingEventKind;
  field: string | null;
  from: string | null;
  to: string | null;
  note: string | null;
};

/** Records setting changes in the caller's transaction; nothing changes without its history lines. */
export async function recordSettingChanges(exec: Executor, changes: SettingChange[]): Promise<void> {
  if (changes.length === 0) return;
  await exec.insert(settingEvents).values(
    changes.map((c) => ({ subject: c.subject, label: c.label, at: c.at, actorId: c.actorId, kind: c.kind, field: c.field ?? null, from: c.from ?? null, to: c.to ?? null, note: c.note ?? null })),
  );
}

/**
 * Settings history, newest first: one subject's (shown under that setting) or every subject's
 * (the admins' "Changes" list), a page at a time.
 */
export async function settingHistory(exec: Executor, options: { subject?: string; subjectPrefix?: string; limit: number; offset: number }): Promise<{ items: ShownSettingChange[]; total: number }> {
  const where = options.subject !== undefined
    ? eq(settingEvents.subject, options.subject)
    : options.subjectPrefix !== undefined
      ? like(settingEvents.subject, `${options.subjectPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      : undefined;
  const [rows, [total]] = await Promise.all([
    exec
      .select({ id: settingEvents.id, subject: settingEvents.subject, label: settingEvents.label, at: settingEvents.at, actor: users.username, kind: settingEvents.kind, field: settingEvents.field, from: settingEvents.from, to: settingEvents.to, note: settingEvents.note })
      .from(settingEvents)
      .leftJoin(users, eq(users.id, settingEvents.actorId))
      .where(where)
      .orderBy(desc(settingEvents.seq))
      .limit(options.limit)
      .offset(options.offset),
    exec.select({ n: count() }).from(settingEvents).where(where),
  ]);
  return { items: rows.map((r) => ({ ...r, at: r.at.toISOString(), actor: r.actor ?? null })), total: total?.n ?? 0 };
}
