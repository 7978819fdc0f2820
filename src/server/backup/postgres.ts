import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../db/client';
import type { DumpResult, RestoreTarget } from './engine';
import { BackupError } from './errors';
import type { Manifest } from './manifest';
import { connectionOf, missingTool, pgTool, runTool, toolVersion } from './pg-tools';
import { countRows, migrationLevel, namedFiles, serverVersion, type SqlRunner } from './tables';

export const POSTGRES_DUMP_FILE = 'database.pgdump';

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(
      `Cannot reach the PostgreSQL server at ${connectionOf(url).url.replace(/\/\/[^@/]*@/, '//***@')}: ${(err as Error).message}`,
    );
  }
  return client;
}

/**
 * pg_dump in its custom format, online: a read-only snapshot is exported and pg_dump reads through
 * it, so the row counts and the file names in the manifest are those of the very rows dumped.
 */
export async function dumpPostgres(url: string, folder: string): Promise<DumpResult> {
  const pgDump = pgTool('pg_dump');
  const tool = await toolVersion(pgDump).catch((err: NodeJS.ErrnoException) => {
    throw err.code === 'ENOENT' ? missingTool(pgDump) : err;
  });
  const client = await connect(url);
  try {
    const server = await serverVersion(client as SqlRunner);
    if (tool.major < server.major) {
      throw new BackupError(
        `pg_dump ${tool.major} (${pgDump}) is older than the PostgreSQL ${server.major} server and would refuse to dump it: ` +
          `install the client programs of version ${server.major} or newer (Debian: sudo apt-get install -y postgresql-client-${server.major}) or set PG_BIN to their folder.`,
      );
    }
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
    const tables = await countRows(client as SqlRunner);
    const migrations = await migrationLevel(client as SqlRunner);
    const files = await namedFiles(client as SqlRunner);
    const conn = connectionOf(url);
    const r = await runTool(
      pgDump,
      [
        '--format=custom',
        `--snapshot=${rows[0]!.id}`,
        '--file',
        path.join(folder, POSTGRES_DUMP_FILE),
        '--dbname',
        conn.url,
      ],
      { env: conn.env },
    );
    if (r.code !== 0) throw new BackupError(`pg_dump failed: ${r.stderr.trim()}`);
    await client.query('COMMIT');
    return { serverVersion: server.text, dumpTool: tool.text, tables, migrations, namedFiles: files };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** pg_restore's SQL piped into one psql transaction that first wipes the schemas: all or nothing. */
function wipeAndLoad(url: string, dumpFile: string): Promise<void> {
  const conn = connectionOf(url);
  const wipe = [
    'SET client_min_messages = warning;',
    'DROP SCHEMA IF EXISTS drizzle CASCADE;',
    'DROP SCHEMA IF EXISTS public CASCADE;',
    'CREATE SCHEMA public;',
    'GRANT USAGE ON SCHEMA public TO PUBLIC;',
    // PostgreSQL 15 makes the database's owner own a new database's public schema; do the same where allowed.
    "DO $$ BEGIN EXECUTE 'ALTER SCHEMA public OWNER TO pg_database_owner'; EXCEPTION WHEN others THEN NULL; END $$;",
    '',
  ].join('\n');
  return new Promise((resolve, reject) => {
    const restoreBin = pgTool('pg_restore');
    const psqlBin = pgTool('psql');
    const psql = spawn(
      psqlBin,
      ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '--dbname', conn.url, '-f', '-'],
      { env: conn.env, stdio: ['pipe', 'ignore', 'pipe'] },
    );
    const restore = spawn(restoreBin, ['--no-owner', '--no-privileges', '--file', '-', dumpFile], {
      env: conn.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let psqlErr = '';
    let restoreErr = '';
    let failed: Error | undefined;
    psql.stderr.on('data', (d: Buffer) => (psqlErr += d.toString()));
    restore.stderr.on('data', (d: Buffer) => (restoreErr += d.toString()));
    psql.on('error', (err: NodeJS.ErrnoException) => (failed ??= err.code === 'ENOENT' ? missingTool(psqlBin) : err));
    restore.on(
      'error',
      (err: NodeJS.ErrnoException) => (failed ??= err.code === 'ENOENT' ? missingTool(restoreBin) : err),
    );
    // A psql that stops early (an error) closes its input; the rest of pg_restore's output is dropped.
    psql.stdin.on('error', () => undefined);
    psql.stdin.write(wipe);
    restore.stdout.pipe(psql.stdin);
    let restoreCode: number | null = null;
    restore.on('close', (code) => (restoreCode = code));
    psql.on('close', (code) => {
      if (failed) return reject(failed);
      if (restoreCode !== null && restoreCode !== 0)
        return reject(new BackupError(`pg_restore could not read the dump; nothing was changed: ${restoreErr.trim()}`));
      if (code !== 0)
        return reject(
          new BackupError(`Loading the dump failed and was rolled back; the database is as it was: ${psqlErr.trim()}`),
        );
      resolve();
    });
  });
}

/** Checks a PostgreSQL target: the tools can read this dump, and no app instance is connected to it. */
export async function prepareRestorePostgres(url: string, folder: string, manifest: Manifest): Promise<RestoreTarget> {
  const restoreBin = pgTool('pg_restore');
  const tool = await toolVersion(restoreBin).catch((err: NodeJS.ErrnoException) => {
    throw err.code === 'ENOENT' ? missingTool(restoreBin) : err;
  });
  const dumpedWith = Number(/(\d+)/.exec(manifest.dumpTool)?.[1] ?? 0);
  if (tool.major < dumpedWith) {
    throw new BackupError(
      `This backup was made by pg_dump ${dumpedWith}; pg_restore ${tool.major} (${restoreBin}) cannot read it: install the client programs of version ${dumpedWith} or newer, or set PG_BIN.`,
    );
  }
  await toolVersion(pgTool('psql')).catch((err: NodeJS.ErrnoException) => {
    throw err.code === 'ENOENT' ? missingTool(pgTool('psql')) : err;
  });
  const client = await connect(url);
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'",
    );
    const others = Number(rows[0]?.n ?? 0);
    if (others > 0) {
      throw new BackupError(
        `${others} other connection(s) are open to this database: stop every app instance first (e.g. sudo systemctl stop tyres on each machine), ` +
          'then restore and start them again. A restore replaces the whole database under them.',
      );
    }
    const currentTables = await countRows(client as SqlRunner);
    const dumpFile = path.join(folder, manifest.database.path);
    return {
      currentTables,
      async load() {
        await wipeAndLoad(url, dumpFile);
        return countRows(client as SqlRunner);
      },
      async migrate() {
        const before = (await migrationLevel(client as SqlRunner)).applied;
        const database = await openPostgres(url, 1);
        try {
          await database.migrate();
        } finally {
          await database.close();
        }
        return (await migrationLevel(client as SqlRunner)).applied - before;
      },
      close: () => client.end(),
    };
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
}
