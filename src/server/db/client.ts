import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { acquireEmbeddedLock } from './embedded-lock';
import { PgliteThread } from './pglite-thread';
import { grantRuntimeRole } from './runtime-role';
import { APP_ROOT } from '../app-root';

import type { Db } from './db-types';

// The types live apart so a module this one uses (runtime-role.ts) can name them without a circle.
export type { Db, Executor, Tx } from './db-types';

export type Database = {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Where the data lives, for the start-up message. */
  location: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(APP_ROOT, 'drizzle');

/**
 * PGlite in a directory (or in memory when dir is undefined), on a worker thread of its own so the
 * database and the app's event loop use different cores (decision 239). A directory is locked for
 * this process while open: a second process is refused (decision 227). With `flushToDisk` every
 * commit is on disk before it returns (decision 238): the app's own database; tests' copies skip it.
 */
export async function openPglite(
  dir: string | undefined,
  purpose?: string,
  opts: { flushToDisk?: boolean; onLost?: (err: Error) => void } = {},
): Promise<Database> {
  const lock = dir ? acquireEmbeddedLock(dir, purpose) : undefined;
  let client: PgliteThread;
  try {
    if (dir) fs.mkdirSync(dir, { recursive: true });
    client = await PgliteThread.open(
      { dir, flushToDisk: Boolean(dir && opts.flushToDisk) },
      opts.onLost ? { onStopped: opts.onLost } : {},
    );
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = drizzlePglite(client as unknown as PGlite, { schema });
  return {
    db: db as unknown as Db,
    engine: 'pglite',
    location: dir ?? 'memory',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * A pool on a PostgreSQL server. With `migrationUrl` (the owner role's URL, DATABASE_MIGRATION_URL)
 * `migrate` applies the migrations on a connection of its own as the owner, then grants the pool's
 * role (the runtime role, without DDL rights) what the app needs, and closes it: the pool never
 * holds the owner's rights (docs/decisions/408-app-login-not-a-superuser.md). Without it the pool's
 * own role migrates, as before.
 */
export async function openPostgres(
  url: string,
  poolSize = 10,
  onIdleError: (err: Error) => void = (err) => console.warn(`PostgreSQL connection lost: ${err.message}`),
  opts: { migrationUrl?: string } = {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection the server drops (restart, failover, DROP DATABASE ... FORCE) is reported
  // here; without a listener it would be an uncaught error that stops the process.
  pool.on('error', onIdleError);
  const db = drizzlePg(pool, { schema });
  const migrationUrl = opts.migrationUrl;
  return {
    db,
    engine: 'postgres',
    location: url.replace(/\/\/[^@/]*@/, '//***@'),
    migrate: migrationUrl ? () => migrateAsOwner(migrationUrl, db) : () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}

async function migrateAsOwner(ownerUrl: string, runtime: Db): Promise<void> {
  const ownerPool = new pg.Pool({ connectionString: ownerUrl, max: 1 });
  ownerPool.on('error', () => undefined);
  try {
    const owner = drizzlePg(ownerPool, { schema });
    await migratePg(owner, { migrationsFolder });
    const who = await runtime.execute<{ role: string }>(sql`select current_user as role`);
    const role = who.rows[0]!.role;
    const ownerWho = await owner.execute<{ role: string }>(sql`select current_user as role`);
    if (ownerWho.rows[0]!.role !== role) await grantRuntimeRole(owner, role);
  } finally {
    await ownerPool.end();
  }
}

/**
 * The app's own database. `onLost` hears that the embedded database's thread stopped unasked: every
 * later statement would fail, so the server exits and its supervisor starts it again (decision 239).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  /** The owner role's URL for the migrations (DATABASE_MIGRATION_URL); PostgreSQL only. */
  migrationUrl?: string;
  dataDir: string;
  onLost?: (err: Error) => void;
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, undefined, undefined, { migrationUrl: opts.migrationUrl })
    : openPglite(path.join(opts.dataDir, 'db'), undefined, { flushToDisk: true, onLost: opts.onLost });
}

/** The session lock under which an instance migrates and seeds at start (decision 226). */
const START_UP_LOCK = 7301010;

/**
 * Runs start-up work (migrations, reference data, the first admin) holding a PostgreSQL advisory
 * lock, so instances starting together do it one after another: the second finds it done.
 * Drizzle's migrator takes no lock of its own. PGlite is one process: nothing to wait for.
 */
export async function oneInstanceAtATime<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.engine !== 'postgres') return work();
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [START_UP_LOCK]);
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [START_UP_LOCK]).catch(() => undefined);
    client.release();
  }
}

let journal: { entries: { tag: string; when: number }[] } | undefined;

/**
 * The migrations in `drizzle/` that this database has not applied, by tag (empty when up to date).
 * Drizzle records each applied migration's journal time in drizzle.__drizzle_migrations; the
 * same on both engines. For readiness (decision 225).
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  journal ??= JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const exists = await db.execute<{ present: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists.rows[0]?.present) return journal.entries.map((e) => e.tag);
  const applied = await db.execute<{ created_at: string | number }>(
    sql`select created_at from drizzle.__drizzle_migrations`,
  );
  const times = new Set(applied.rows.map((r) => Number(r.created_at)));
  return journal.entries.filter((e) => !times.has(e.when)).map((e) => e.tag);
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
