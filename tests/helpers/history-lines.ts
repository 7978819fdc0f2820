import { asc, count, eq, like } from 'drizzle-orm';
import type { Executor } from '../../src/server/db/client';
import { auditLog } from '../../src/server/db/schema';

/** The audit log's lines about a subject (`job:<id>`, `tyre-price:<id>`, or a pattern with `%`), oldest first, as histories name them. */
export function historyLines(db: Executor, subject: string) {
  return db
    .select({
      subject: auditLog.subject,
      label: auditLog.label,
      kind: auditLog.action,
      field: auditLog.field,
      from: auditLog.from,
      to: auditLog.to,
      note: auditLog.note,
      actor: auditLog.actorName,
    })
    .from(auditLog)
    .where(subject.includes('%') ? like(auditLog.subject, subject) : eq(auditLog.subject, subject))
    .orderBy(asc(auditLog.seq));
}

/** How many lines the settings history holds. */
export async function settingLineCount(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.kind, 'setting'));
  return row?.n ?? 0;
}
