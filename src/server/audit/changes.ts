import type { AuditRow } from './log';

/**
 * The audit rows of an edit: one per field whose value changed, named as the form names it, with
 * the old and the new value as text (money as its two-decimal string), so a money change always
 * reads "Total: 440.00 -> 480.00" (docs/decisions/303-one-audit-log-every-history-a-view.md).
 */
export type Watched<Row> = Partial<Record<keyof Row & string, string>>;

const asText = (v: unknown): string | null =>
  v === null || v === undefined
    ? null
    : v instanceof Date
      ? v.toISOString()
      : typeof v === 'boolean'
        ? v
          ? 'yes'
          : 'no'
        : String(v);

export function fieldChanges<Row extends Record<string, unknown>>(
  before: Row,
  after: Row,
  watched: Watched<Row>,
  base: Omit<AuditRow, 'action' | 'field' | 'from' | 'to'>,
): AuditRow[] {
  const rows: AuditRow[] = [];
  for (const [key, field] of Object.entries(watched) as [keyof Row & string, string][]) {
    const from = asText(before[key]);
    const to = asText(after[key]);
    if (from !== to) rows.push({ ...base, action: 'changed', field, from, to });
  }
  return rows;
}

/** The watched fields of a whole row, for a row added or removed: what it was, in the same words. */
export function describeRow<Row extends Record<string, unknown>>(row: Row, watched: Watched<Row>): string {
  return (Object.entries(watched) as [keyof Row & string, string][])
    .map(([key, field]) => [field, asText(row[key])] as const)
    .filter(([, v]) => v !== null && v !== '')
    .map(([field, v]) => `${field}: ${v}`)
    .join('; ');
}
