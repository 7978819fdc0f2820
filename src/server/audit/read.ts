import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { addDays } from '../../shared/domain/perth-time';
import type { AuditEntry } from '../../shared/schemas/audit';
import type { Executor } from '../db/client';
import { startOfPerthDay } from '../db/perth-sql';
import { auditLog } from '../db/schema';

/** The filters of the admins' audit log: a user by id, a kind, a range of Perth days (both ends included). */
export type AuditFilter = {
  user?: string | undefined;
  kind?: string | undefined;
  from?: string | null | undefined;
  to?: string | null | undefined;
};

/** The log's days are the business's days, as every screen shows them. */
function whereOf(f: AuditFilter): SQL | undefined {
  const where: SQL[] = [];
  if (f.user) where.push(eq(auditLog.actorId, f.user));
  if (f.kind) where.push(eq(auditLog.kind, f.kind));
  if (f.from) where.push(gte(auditLog.at, startOfPerthDay(f.from)));
  if (f.to) where.push(lt(auditLog.at, startOfPerthDay(addDays(f.to, 1))));
  return where.length ? and(...where) : undefined;
}

const COLUMNS = {
  id: auditLog.id,
  at: auditLog.at,
  actor: auditLog.actorName,
  actorId: auditLog.actorId,
  address: auditLog.address,
  kind: auditLog.kind,
  subject: auditLog.subject,
  label: auditLog.label,
  action: auditLog.action,
  field: auditLog.field,
  from: auditLog.from,
  to: auditLog.to,
  note: auditLog.note,
};

type Row = { [K in keyof typeof COLUMNS]: K extends 'at' ? Date : string | null } & {
  id: string;
  kind: string;
  action: string;
};
const toEntry = (r: Row): AuditEntry => ({ ...r, at: r.at.toISOString() });

/** One page of the log, newest first (the order rows were written in), with the total for X-Total-Count. */
export async function readAuditPage(
  exec: Executor,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ items: AuditEntry[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [counted]] = await Promise.all([
    exec.select(COLUMNS).from(auditLog).where(where).orderBy(desc(auditLog.seq)).limit(page.limit).offset(page.offset),
    exec.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { items: rows.map(toEntry), total: counted?.n ?? 0 };
}

/** Rows for the download, newest first, at most `max` of them, read in batches so no one query holds them all. */
export async function readAuditRows(
  exec: Executor,
  filter: AuditFilter,
  max: number,
): Promise<{ rows: AuditEntry[]; total: number }> {
  const where = whereOf(filter);
  const [counted] = await exec.select({ n: count() }).from(auditLog).where(where);
  const rows: AuditEntry[] = [];
  const BATCH = 5000;
  let before: number | null = null;
  while (rows.length < max) {
    const batch = await exec
      .select({ ...COLUMNS, seq: auditLog.seq })
      .from(auditLog)
      .where(and(where, before === null ? undefined : lt(auditLog.seq, before)))
      .orderBy(desc(auditLog.seq))
      .limit(Math.min(BATCH, max - rows.length));
    for (const { seq: _seq, ...r } of batch) rows.push(toEntry(r));
    if (batch.length < BATCH) break;
    before = batch[batch.length - 1]!.seq;
  }
  return { rows, total: counted?.n ?? 0 };
}

/** The kinds the log holds, for the kind filter. */
export async function readAuditKinds(exec: Executor): Promise<string[]> {
  const rows = await exec.selectDistinct({ kind: auditLog.kind }).from(auditLog).orderBy(asc(auditLog.kind));
  return rows.map((r) => r.kind);
}
