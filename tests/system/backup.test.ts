import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module shared with scripts/test-pg.mjs, typed by use below.
import { startPgCluster } from '../../scripts/lib/pg-cluster.mjs';
import { testConfig, type Config } from '../../src/server/config';
import { eq } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { totpSecretOf } from '../../src/server/auth/mfa';
import { matchingStep, newTotpSecret, totpCodeAt } from '../../src/server/auth/mfa-codes';
import { openDatabase, openPostgres, type Db } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { insertExpense } from '../../src/server/db/seed/factories';
import { KEY_FILE_NAME, keyFromDataDir, sealSecret } from '../../src/server/secrets/at-rest';
import { removeAllFiles, runBackupScript, seedBusiness, snapshotFiles, snapshotRows } from '../helpers/backup-business';
import { startS3StandIn, type S3StandIn } from '../helpers/s3-stand-in';

/**
 * Backups (README "Backups", decisions 235-237): npm run db:backup and db:restore as the operator
 * runs them, on the embedded database and on a PostgreSQL server, with files on local disk and in
 * an S3 bucket. A business is backed up, wiped, restored, and every row, sequence and file (bytes)
 * is back; a damaged backup, the wrong engine and a target in use are refused with nothing changed.
 */

type Snapshot = { rows: Record<string, string[]>; files: Record<string, string> };

async function snapshot(config: Config): Promise<Snapshot> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return { rows: await snapshotRows(database.db), files: await snapshotFiles(config) };
  } finally {
    await database.close();
  }
}

async function seededSnapshot(config: Config, andThen?: (db: Db) => Promise<unknown>): Promise<Snapshot> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    await seedBusiness(database.db, config);
    await andThen?.(database.db);
  } finally {
    await database.close();
  }
  const before = await snapshot(config);
  // The seed is a business: every kind of row and file is there to be lost.
  for (const table of [
    'public.users',
    'public.sessions',
    'public.jobs',
    'public.job_photos',
    'public.customer_invoices',
    'public.customer_invoice_pdfs',
    'public.purchase_invoices',
    'public.business_expenses',
  ]) {
    expect(before.rows[table]?.length, table).toBeGreaterThan(0);
  }
  expect(Object.keys(before.files).filter((f) => f.startsWith('photos/'))).toHaveLength(8);
  expect(Object.keys(before.files).filter((f) => f.startsWith('invoices/'))).toHaveLength(4);
  return before;
}

/** The one backup folder a run made in `out`. */
function onlyBackupIn(out: string): string {
  const made = fs.readdirSync(out).filter((n) => n.startsWith('tyres-backup-'));
  expect(made).toHaveLength(1);
  expect(made[0]).toMatch(/^tyres-backup-\d{4}-\d{2}-\d{2}-\d{6}$/);
  return path.join(out, made[0]!);
}

/** A copy of a backup with one byte of one file changed. */
function damagedCopy(folder: string, file: string): string {
  const copy = `${folder}-damaged`;
  fs.cpSync(folder, copy, { recursive: true });
  const target = path.join(copy, file);
  const bytes = fs.readFileSync(target);
  const middle = Math.floor(bytes.length / 2);
  bytes.writeUInt8(bytes.readUInt8(middle) ^ 0xff, middle);
  fs.writeFileSync(target, bytes);
  return copy;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-backup-test-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('backups of the embedded database (PGlite) with files on local disk', () => {
  const dataDir = path.join(work, 'embedded-data');
  const out = path.join(work, 'embedded-backups');
  const env = { DATA_DIR: dataDir };
  const config = testConfig(env);
  let before: Snapshot;
  let backup: string;
  // The admins' authenticator app, sealed with the key a production start makes in DATA_DIR when
  // SECRETS_KEY is unset (decision 401), which the backup carries (decision 403).
  const authenticator = newTotpSecret();

  beforeAll(async () => {
    const { ring } = keyFromDataDir(dataDir);
    before = await seededSnapshot(config, (db) =>
      db
        .update(users)
        .set({ mfaSecret: sealSecret(ring, authenticator), mfaEnabledAt: new Date() })
        .where(eq(users.role, 'admin')),
    );
  });

  it('is refused while the app holds DATA_DIR, saying how to schedule it', async () => {
    const running = await openDatabase({ dataDir });
    try {
      const r = await runBackupScript('db-backup', ['--out', out], env);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`is in use by process ${process.pid}`);
      expect(r.stderr).toContain('stop the app, run npm run db:backup, start the app again');
      expect(fs.existsSync(out) ? fs.readdirSync(out) : []).toEqual([]);
    } finally {
      await running.close();
    }
  });

  it('backs up every row and file, and after DATA_DIR is deleted a restore brings every one back', async () => {
    const made = await runBackupScript('db-backup', ['--out', out], env);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toContain('Backed up embedded PostgreSQL (PGlite)');
    expect(made.stdout).toContain('8 photos');
    expect(made.stdout).toContain('4 invoice PDFs');
    backup = onlyBackupIn(out);
    expect(fs.statSync(backup).mode & 0o777).toBe(0o700);
    const manifest = JSON.parse(fs.readFileSync(path.join(backup, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      engine: 'pglite',
      app: { name: 'mobile-tyre-booking' },
      database: { path: 'database.tar.gz' },
      missingFiles: [],
    });
    expect(manifest.tables['public.jobs']).toBe(before.rows['public.jobs']!.length);

    expect(made.stdout).toContain('two-factor key: secrets.key');
    expect(manifest.secretsKey).toMatchObject({ path: 'secrets.key' });
    expect(fs.statSync(path.join(backup, 'secrets.key')).mode & 0o777).toBe(0o600);

    // A lost disk: DATA_DIR goes, its key with it.
    fs.rmSync(dataDir, { recursive: true, force: true });
    const restored = await runBackupScript('db-restore', [backup], env);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('12 written');
    expect(restored.stdout).toContain('two-factor key: secrets.key put back in DATA_DIR');
    expect(await snapshot(config)).toEqual(before);

    // Two-factor still works: the next start reads the restored key, and the admin's authenticator
    // code opens with it as sign-in checks it.
    expect(fs.statSync(path.join(dataDir, KEY_FILE_NAME)).mode & 0o777).toBe(0o600);
    const start = keyFromDataDir(dataDir);
    expect(start.created).toBe(false);
    const database = await openDatabase({ dataDir });
    try {
      const admins = await database.db.select().from(users).where(eq(users.role, 'admin'));
      expect(admins.length).toBeGreaterThan(0);
      const now = new Date();
      for (const admin of admins) {
        const secret = totpSecretOf({ secrets: start.ring }, admin.mfaSecret!);
        expect(matchingStep(secret, totpCodeAt(authenticator, now), now), admin.username).not.toBeNull();
      }
    } finally {
      await database.close();
    }
  });

  it('refuses to replace a database that holds data without --force', async () => {
    const r = await runBackupScript('db-restore', [backup], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /The target already holds data \(.*users: 2.*\); nothing was changed\. Run again with --force/,
    );
  });

  it('refuses a damaged backup before touching anything, even with --force', async () => {
    const pdf = (
      JSON.parse(fs.readFileSync(path.join(backup, 'manifest.json'), 'utf8')) as {
        files: { kind: string; path: string }[];
      }
    ).files.find((f) => f.kind === 'invoices')!;
    // The wiped-and-restored target gets a new row first, so "untouched" is told apart from "restored again".
    const database = await openDatabase({ dataDir });
    await database.db.execute("UPDATE business_expenses SET description = 'Changed after the backup'");
    await database.close();
    const changed = await snapshot(config);
    const r = await runBackupScript('db-restore', [damagedCopy(backup, pdf.path), '--force'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${pdf.path} does not match its sha256 (altered or corrupt)`);
    expect(r.stderr).toContain('nothing was restored');
    expect(await snapshot(config)).toEqual(changed);
  });

  it('with --force wipes what is there and restores the backup in its place', async () => {
    const r = await runBackupScript('db-restore', [backup, '--force'], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(await snapshot(config)).toEqual(before);
  });

  it('tells what is wrong with a folder that is not a backup', async () => {
    const missing = await runBackupScript('db-restore', [path.join(work, 'nowhere')], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No backup at');
    const partial = path.join(work, 'not-a-backup');
    fs.mkdirSync(partial);
    const noManifest = await runBackupScript('db-restore', [partial], env);
    expect(noManifest.code).toBe(1);
    expect(noManifest.stderr).toContain('has no manifest.json');
  });
});

describe('backups of a PostgreSQL server', () => {
  let cluster: { url: string; stop(): void };
  let s3: S3StandIn;
  const urlOf = (name: string) => cluster.url.replace(/\/postgres$/, `/${name}`);
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: cluster.url });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    cluster = (await startPgCluster()) as typeof cluster;
    s3 = await startS3StandIn({ bucket: 'tyres-backup-test' });
  });
  afterAll(async () => {
    await s3?.stop();
    cluster?.stop();
  });

  it('backs up while the business keeps writing: the backup holds one moment, and its counts are those of the rows it holds', async () => {
    await admin('CREATE DATABASE shop_busy');
    const live = await openPostgres(urlOf('shop_busy'), 2);
    await live.migrate();
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) await insertExpense(live.db, { description: `Fuel ${String(written++).padStart(6, '0')}` });
    })();
    const out = path.join(work, 'busy-backups');
    const env = { DATA_DIR: path.join(work, 'busy-data') };
    const made = await runBackupScript('db-backup', ['--out', out], { ...env, DATABASE_URL: urlOf('shop_busy') });
    writing = false;
    await writer;
    await live.close();
    expect(made.code, made.stderr).toBe(0);
    const backup = onlyBackupIn(out);
    const inBackup = JSON.parse(fs.readFileSync(path.join(backup, 'manifest.json'), 'utf8')).tables[
      'public.business_expenses'
    ] as number;
    expect(inBackup).toBeGreaterThan(0);
    expect(inBackup).toBeLessThan(written);

    await admin('CREATE DATABASE shop_busy_restored');
    const restored = await runBackupScript('db-restore', [backup], {
      ...env,
      DATABASE_URL: urlOf('shop_busy_restored'),
    });
    expect(restored.code, restored.stderr).toBe(0);
    const check = await openPostgres(urlOf('shop_busy_restored'), 1);
    const { rows } = (await check.db.execute(
      'SELECT description FROM business_expenses ORDER BY description',
    )) as unknown as { rows: { description: string }[] };
    await check.close();
    // Written one after another, so one moment holds exactly the first ones.
    expect(rows.map((r) => r.description)).toEqual(
      Array.from({ length: inBackup }, (_, i) => `Fuel ${String(i).padStart(6, '0')}`),
    );
  });

  it("says which client programs to install when the machine's pg_dump is older than the server", async () => {
    const oldTools = path.join(work, 'postgresql-14-bin');
    fs.mkdirSync(oldTools);
    fs.writeFileSync(path.join(oldTools, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 14.12"\n', { mode: 0o755 });
    const out = path.join(work, 'old-tools-backups');
    const r = await runBackupScript('db-backup', ['--out', out], {
      DATA_DIR: path.join(work, 'old-tools-data'),
      DATABASE_URL: cluster.url,
      PG_BIN: oldTools,
    });
    expect(r.code).toBe(1);
    const server = /is older than the PostgreSQL (\d+) server/.exec(r.stderr)?.[1];
    expect(r.stderr).toContain(
      `pg_dump 14 (${oldTools}/pg_dump) is older than the PostgreSQL ${server} server and would refuse to dump it`,
    );
    expect(r.stderr).toContain(`sudo apt-get install -y postgresql-client-${server}`);
    expect(fs.readdirSync(out)).toEqual([]);
  });

  it('restores a backup made by an older app version and brings its schema forward; refuses one made by a newer version', async () => {
    const migrations = path.resolve(import.meta.dirname, '../../drizzle');
    const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number; tag: string }[];
    };
    // The app as it was two migrations ago.
    const olderFolder = path.join(work, 'older-app-migrations');
    fs.cpSync(migrations, olderFolder, { recursive: true });
    fs.writeFileSync(
      path.join(olderFolder, 'meta', '_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, -2) }),
    );
    await admin('CREATE DATABASE shop_older');
    const older = await openPostgres(urlOf('shop_older'), 1);
    await migrate(older.db, { migrationsFolder: olderFolder });
    await older.db.execute(
      "INSERT INTO customers (name, email, phone) VALUES ('Older Customer', 'older@example.com', '0400 000 001')",
    );
    await older.close();
    const out = path.join(work, 'older-backups');
    const env = { DATA_DIR: path.join(work, 'older-data') };
    const made = await runBackupScript('db-backup', ['--out', out], { ...env, DATABASE_URL: urlOf('shop_older') });
    expect(made.code, made.stderr).toBe(0);
    const backup = onlyBackupIn(out);

    await admin('CREATE DATABASE shop_upgraded');
    const restored = await runBackupScript('db-restore', [backup], { ...env, DATABASE_URL: urlOf('shop_upgraded') });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('schema: brought forward by 2 migration(s) of this app version');
    const upgraded = await openPostgres(urlOf('shop_upgraded'), 1);
    const rows = async (query: string) =>
      ((await upgraded.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(await rows('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).toEqual([
      { n: journal.entries.length },
    ]);
    expect(await rows('SELECT name FROM customers')).toEqual([{ name: 'Older Customer' }]);
    await upgraded.close();

    const newer = `${backup}-from-a-newer-app`;
    fs.cpSync(backup, newer, { recursive: true });
    const manifest = JSON.parse(fs.readFileSync(path.join(newer, 'manifest.json'), 'utf8'));
    manifest.migrations = {
      applied: journal.entries.length + 1,
      lastTag: '9999_from_the_future',
      lastCreatedAt: journal.entries.at(-1)!.when + 1,
    };
    fs.writeFileSync(path.join(newer, 'manifest.json'), JSON.stringify(manifest));
    await admin('CREATE DATABASE shop_behind');
    const refused = await runBackupScript('db-restore', [newer], { ...env, DATABASE_URL: urlOf('shop_behind') });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('This backup was made by a newer version of the app');
    expect(refused.stderr).toContain('Upgrade the app first, then restore.');
  });

  describe.each([
    ['local disk', 'shop_local', () => ({})],
    ['an S3 bucket', 'shop_s3', () => s3.env],
  ] as const)('with files on %s', (_storage, dbName, storageEnv) => {
    const dataDir = path.join(work, `${dbName}-data`);
    const out = path.join(work, `${dbName}-backups`);
    let env: Record<string, string>;
    let config: Config;
    let before: Snapshot;
    let backup: string;

    beforeAll(async () => {
      await admin(`CREATE DATABASE ${dbName}`);
      env = { DATA_DIR: dataDir, DATABASE_URL: urlOf(dbName), ...storageEnv() };
      config = testConfig(env);
      before = await seededSnapshot(config);
    });

    it('backs up online, and after the database is dropped and the files deleted a restore brings every row and file back', async () => {
      // The app stays connected while the backup runs: no downtime.
      const running = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
      try {
        const made = await runBackupScript('db-backup', ['--out', out], env);
        expect(made.stderr).toBe('');
        expect(made.code).toBe(0);
        expect(made.stdout).toContain('Backed up PostgreSQL 15');
      } finally {
        await running.close();
      }
      backup = onlyBackupIn(out);
      const manifest = JSON.parse(fs.readFileSync(path.join(backup, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({
        engine: 'postgres',
        database: { path: 'database.pgdump' },
        fileStorage: config.fileStorage.kind,
      });
      expect(manifest.files).toHaveLength(12);

      await admin(`DROP DATABASE ${dbName} WITH (FORCE)`);
      await admin(`CREATE DATABASE ${dbName}`);
      await removeAllFiles(config);
      expect(await snapshotFiles(config)).toEqual({});

      const restored = await runBackupScript('db-restore', [backup], env);
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      expect(restored.stdout).toContain('12 written');
      expect(await snapshot(config)).toEqual(before);
    });

    it('refuses a damaged dump before touching anything, even with --force', async () => {
      const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
      await database.db.execute("UPDATE business_expenses SET description = 'Changed after the backup'");
      await database.close();
      const changed = await snapshot(config);
      const r = await runBackupScript('db-restore', [damagedCopy(backup, 'database.pgdump'), '--force'], env);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('database.pgdump does not match its sha256 (altered or corrupt)');
      expect(await snapshot(config)).toEqual(changed);
    });

    it('refuses while an app instance is connected, then with --force replaces the database', async () => {
      const running = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
      try {
        await running.db.execute('SELECT 1');
        const r = await runBackupScript('db-restore', [backup, '--force'], env);
        expect(r.code).toBe(1);
        expect(r.stderr).toContain('other connection(s) are open to this database: stop every app instance first');
      } finally {
        await running.close();
      }
      const r = await runBackupScript('db-restore', [backup, '--force'], env);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(await snapshot(config)).toEqual(before);
    });

    it('refuses to restore a PostgreSQL backup into the embedded database', async () => {
      const embedded = { ...env, DATA_DIR: path.join(work, `${dbName}-embedded`) };
      delete (embedded as Record<string, string>).DATABASE_URL;
      const r = await runBackupScript('db-restore', [backup], embedded);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        'This backup holds a PostgreSQL server (DATABASE_URL), but the target is the embedded database',
      );
      expect(fs.existsSync(path.join(embedded.DATA_DIR, 'db'))).toBe(false);
    });
  });
});
