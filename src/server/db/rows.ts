import { getTableColumns, type InferInsertModel, type Table } from 'drizzle-orm';

/**
 * Rows in and out without a hand-written mapper per entity (decision 260): a row goes on the wire
 * with every timestamp as ISO 8601 text, and an edit writes exactly the columns the body gave.
 */

/** A value as JSON carries it: a Date becomes its ISO 8601 text, anything else stays. */
type WireValue<V> = V extends Date ? string : V;
/** A row as the API returns it. A wire schema equal to `Wire<typeof table.$inferSelect>` cannot forget a column. */
export type Wire<Row> = { [K in keyof Row]: WireValue<Row[K]> };

/** The row as the API returns it: every Date as ISO 8601 text, every other column as it is. */
export function toWire<Row extends Record<string, unknown>>(row: Row): Wire<Row> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = value instanceof Date ? value.toISOString() : value;
  return out as Wire<Row>;
}

/** What an edit may give for a table: any of its insertable columns, each possibly absent. */
export type ChangesOf<T extends Table> = { [K in keyof InferInsertModel<T>]?: InferInsertModel<T>[K] | undefined };

/**
 * The columns an edit changes: keys the body left out (undefined) are dropped, keys that are not
 * columns of the table are ignored, and `updatedAt` becomes `now` when the table has it.
 */
export function changesFrom<T extends Table>(table: T, body: ChangesOf<T>, now: Date): Partial<InferInsertModel<T>> {
  const columns = getTableColumns(table);
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (value !== undefined && key in columns) changes[key] = value;
  if ('updatedAt' in columns) changes.updatedAt = now;
  return changes as Partial<InferInsertModel<T>>;
}
