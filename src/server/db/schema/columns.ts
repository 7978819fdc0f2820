import { sql, type SQL } from 'drizzle-orm';
import { numeric, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Money is numeric(10,2) in the database and a decimal string in code (decision 003). */
export const money = (name: string) => numeric(name, { precision: 10, scale: 2 });
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/**
 * A CHECK that the column holds one of the values of a constant list from src/shared/domain, so the
 * database and the TypeScript type are built from the same list. Values are code constants, never input.
 */
export function isOneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))})`;
}
