import fs from 'node:fs';
import path from 'node:path';
import { APP_ROOT } from '../app-root';

/** The little a backup asks of a connection; PGlite's client and pg's client both fit. */
export type SqlRunner = { query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> };

export const migrationsFolder = path.join(APP_ROOT, 'drizzle');

/**
 * Tables the app fills by itself on start (reference data, the setup code) and the migration
 * record: rows there do not make a database "in use" for a restore (decision 235).
 */
const FILLED_AT_START = new Set([
  'public.tyre_stock_pricing',
  'public.suburb_landing_pages',
  'public.owner_setup',
  'drizzle.__drizzle_migrations',
]);

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Rows per table (schema.table), every user table on the database, sorted by name. */
export async function countRows(sql: SqlRunner): Promise<Record<string, number>> {
  const { rows: tables } = await sql.query<{ schemaname: string; tablename: string }>(
    "SELECT schemaname, tablename FROM pg_catalog.pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY schemaname, tablename",
  );
  if (!tables.length) return {};
  const union = tables
    .map((t, i) => `SELECT ${i} AS i, count(*)::int AS n FROM ${quoted(t.schemaname)}.${quoted(t.tablename)}`)
    .join(' UNION ALL ');
  const { rows } = await sql.query<{ i: number; n: number }>(union);
  const counts: Record<string, number> = {};
  for (const r of rows) {
    const t = tables[r.i]!;
    counts[`${t.schemaname}.${t.tablename}`] = Number(r.n);
  }
  return counts;
}

/** The tables that hold the business's own rows (users, jobs, invoices...), with their counts. */
export function tablesInUse(counts: Record<string, number>): [string, number][] {
  return Object.entries(counts).filter(([table, n]) => n > 0 && !FILLED_AT_START.has(table));
}

type JournalEntry = { idx: number; when: number; tag: string };

/** The migrations this version of the app ships (drizzle/meta/_journal.json). */
export function appMigrations(): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

export type MigrationLevel = { applied: number; lastTag: string | null; lastCreatedAt: number | null };

/** How far a database's schema is: drizzle's record of applied migrations (none on an empty database). */
export async function migrationLevel(sql: SqlRunner): Promise<MigrationLevel> {
  const { rows: exists } = await sql.query<{ t: string | null }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations')::text AS t",
  );
  if (!exists[0]?.t) return { applied: 0, lastTag: null, lastCreatedAt: null };
  const { rows } = await sql.query<{ n: number; last: string | null }>(
    'SELECT count(*)::int AS n, max(created_at)::text AS last FROM drizzle.__drizzle_migrations',
  );
  const last = rows[0]?.last == null ? null : Number(rows[0].last);
  return {
    applied: Number(rows[0]?.n ?? 0),
    lastTag: appMigrations().find((e) => e.when === last)?.tag ?? null,
    lastCreatedAt: last,
  };
}

/** The major version of the server a connection talks to, and its version text ("15.18", PGlite "18.6"). */
export async function serverVersion(sql: SqlRunner): Promise<{ major: number; text: string }> {
  const { rows } = await sql.query<{ num: string; text: string }>(
    "SELECT current_setting('server_version_num') AS num, split_part(current_setting('server_version'), ' ', 1) AS text",
  );
  return { major: Math.floor(Number(rows[0]!.num) / 10000), text: rows[0]!.text };
}

/** The stored files that rows name: photos of jobs and kept invoice PDF versions. */
export async function namedFiles(sql: SqlRunner): Promise<{ photos: string[]; invoices: string[] }> {
  const has = async (table: string) =>
    Boolean((await sql.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [table])).rows[0]?.t);
  const photos = (await has('public.job_photos'))
    ? (await sql.query<{ filename: string }>('SELECT filename FROM job_photos')).rows.map((r) => r.filename)
    : [];
  const invoices = (await has('public.customer_invoice_pdfs'))
    ? (await sql.query<{ filename: string }>('SELECT filename FROM customer_invoice_pdfs')).rows.map((r) => r.filename)
    : [];
  if (await has('public.credit_notes'))
    invoices.push(
      ...(
        await sql.query<{ filename: string }>(
          'SELECT pdf_filename AS filename FROM credit_notes WHERE pdf_filename IS NOT NULL',
        )
      ).rows.map((r) => r.filename),
    );
  return { photos, invoices };
}
