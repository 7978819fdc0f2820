import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

/** One type for both engines: the query builder and transactions behave the same on each. */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Where the data lives, for the start-up message. */
  location: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

/** PGlite in a directory (or in memory when dir is undefined). */
export async function openPglite(dir: string | undefined): Promise<Database> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    engine: 'pglite',
    location: dir ?? 'memory',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, poolSize = 10, onIdleError: (err: Error) => void = (err) => console.warn(`PostgreSQL connection lost: ${err.message}`)): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection the server drops (restart, failover, DROP DATABASE ... FORCE) is reported
  // here; without a listener it would be an uncaught error that stops the process.
  pool.on('error', onIdleError);
  const db = drizzlePg(pool, { schema });
  return {
    db,
    engine: 'postgres',
    location: url.replace(/\/\/[^@/]*@/, '//***@'),
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(path.join(opts.dataDir, 'db'));
}

/** Postgres error code of a failed statement, looking through wrapper errors (drizzle wraps driver errors). */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
export const RESTRICT_VIOLATION = '23001';

/** A delete refused because other rows still point at the row (PostgreSQL 15 says 23503, 17+ 23001). */
export function isStillReferenced(err: unknown): boolean {
  const code = pgErrorCode(err);
  return code === FOREIGN_KEY_VIOLATION || code === RESTRICT_VIOLATION;
}

export function constraintName(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const c = (e as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
