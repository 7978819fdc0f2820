import { and, asc, count, desc, eq, like } from 'drizzle-orm';
import type { SettingEventKind, SettingSubject } from '../../shared/domain/settings';
import type { InvoiceEvent } from '../../shared/schemas/invoices';
import type { JobEvent } from '../../shared/schemas/jobs';
import type { Executor } from '../db/client';
import { appendAudit } from '../audit/log';
import { auditLog, type INVOICE_EVENT_KINDS, type JOB_EVENT_KINDS } from '../db/schema';

/**
 * One history mechanism for every entity that keeps one (decisions 184, 200, 251, 303): who, when,
 * what kind of change, from and to, with a note. Every history is the audit log seen per subject
 * (`job:<id>`, `invoice:<id>`, a setting); this module reads it so a job's and an invoice's history
 * look and behave alike.
 */
export type HistoryEntity = 'job' | 'invoice';

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
export async function recordHistory<E extends HistoryEntity>(
  exec: Executor,
  entity: E,
  key: string,
  e: HistoryEntry<E>,
): Promise<void> {
  await recordHistoryLines(exec, entity, [{ key, ...e }]);
}

/** The same for several lines at once, in order, in one statement (a booking's first lines, docs/decisions/396-fast-quote.md). */
export async function recordHistoryLines<E extends HistoryEntity>(
  exec: Executor,
  entity: E,
  lines: (HistoryEntry<E> & { key: string })[],
): Promise<void> {
  await appendAudit(
    exec,
    lines.map((e) => ({
      at: e.at,
      actorId: e.actorId,
      kind: entity,
      subject: `${entity}:${e.key}`,
      action: e.kind,
      from: e.from,
      to: e.to,
      note: e.note,
    })),
  );
}

/** An entity's history as staff read it: oldest first, with the username of who made each change. */
export async function historyOf<E extends HistoryEntity>(exec: Executor, entity: E, key: string): Promise<Shown[E][]> {
  const rows = await exec
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actor: auditLog.actorName,
      kind: auditLog.action,
      from: auditLog.from,
      to: auditLog.to,
      note: auditLog.note,
    })
    .from(auditLog)
    .where(eq(auditLog.subject, `${entity}:${key}`))
    .orderBy(asc(auditLog.seq));
  return rows.map(
    (r) =>
      ({
        id: r.id,
        at: r.at.toISOString(),
        actor: r.actor ?? null,
        kind: r.kind,
        from: r.from,
        to: r.to,
        note: r.note,
      }) as Shown[E],
  );
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
  await appendAudit(
    exec,
    changes.map((c) => ({
      at: c.at,
      actorId: c.actorId,
      kind: 'setting',
      subject: c.subject,
      label: c.label,
      action: c.kind,
      field: c.field,
      from: c.from,
      to: c.to,
      note: c.note,
    })),
  );
}

/**
 * Settings history, newest first: one subject's (shown under that setting) or every subject's
 * (the admins' "Changes" list), a page at a time.
 */
export async function settingHistory(
  exec: Executor,
  options: { subject?: string; subjectPrefix?: string; limit: number; offset: number },
): Promise<{ items: ShownSettingChange[]; total: number }> {
  const subject =
    options.subject !== undefined
      ? eq(auditLog.subject, options.subject)
      : options.subjectPrefix !== undefined
        ? like(auditLog.subject, `${options.subjectPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
        : undefined;
  const where = and(eq(auditLog.kind, 'setting'), subject);
  const [rows, [total]] = await Promise.all([
    exec
      .select({
        id: auditLog.id,
        subject: auditLog.subject,
        label: auditLog.label,
        at: auditLog.at,
        actor: auditLog.actorName,
        kind: auditLog.action,
        field: auditLog.field,
        from: auditLog.from,
        to: auditLog.to,
        note: auditLog.note,
      })
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.seq))
      .limit(options.limit)
      .offset(options.offset),
    exec.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      subject: r.subject ?? '',
      label: r.label ?? '',
      kind: r.kind as SettingEventKind,
      at: r.at.toISOString(),
      actor: r.actor ?? null,
    })),
    total: total?.n ?? 0,
  };
}
