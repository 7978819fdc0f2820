import fs from 'node:fs/promises';
import path from 'node:path';
import { KEY_FILE_NAME } from '../secrets/at-rest';
import type { RestoreTarget } from './engine';
import { BackupError } from './errors';
import { removeFilesNotIn, restoreFiles, storedFiles, type BackupStores } from './files';
import { FILE_KINDS, readManifest, verifyBackupFiles, type Manifest } from './manifest';
import { prepareRestorePglite } from './pglite';
import { prepareRestorePostgres } from './postgres';
import { appMigrations, tablesInUse } from './tables';

export type RestoreOptions = {
  folder: string;
  /** Set: restore into that PostgreSQL database; unset: into the embedded one in DATA_DIR. */
  databaseUrl?: string;
  dataDir: string;
  stores: BackupStores;
  /** Replace a database (and files) that already hold the business's data. */
  force?: boolean;
};

export type RestoreReport = {
  manifest: Manifest;
  /** Rows per table as restored (before any migration ran). */
  tables: Record<string, number>;
  files: { written: number; unchanged: number; removed: number };
  migrationsRun: number;
  /** DATA_DIR/secrets.key (embedded database): put back from the backup, already the same, or not in it. */
  secretsKey: 'restored' | 'unchanged' | 'not in the backup' | 'not used';
};

const ENGINE_NAMES = {
  postgres: 'a PostgreSQL server (DATABASE_URL)',
  pglite: 'the embedded database (PGlite in DATA_DIR)',
} as const;

function assertSameEngine(manifest: Manifest, engine: Manifest['engine']): void {
  if (manifest.engine === engine) return;
  const how =
    manifest.engine === 'postgres'
      ? 'set DATABASE_URL to the PostgreSQL database to restore into'
      : 'unset DATABASE_URL so the target is DATA_DIR';
  throw new BackupError(
    `This backup holds ${ENGINE_NAMES[manifest.engine]}, but the target is ${ENGINE_NAMES[engine]}: ${how}. A backup restores into the engine it came from.`,
  );
}

function assertNotNewerThanApp(manifest: Manifest): void {
  const shipped = appMigrations();
  const last = shipped.at(-1);
  if (manifest.migrations.lastCreatedAt !== null && last && manifest.migrations.lastCreatedAt > last.when) {
    throw new BackupError(
      `This backup was made by a newer version of the app (app ${manifest.app.version}, migration ${manifest.migrations.lastTag ?? manifest.migrations.applied}); ` +
        `this one knows migrations up to ${last.tag}. Upgrade the app first, then restore.`,
    );
  }
}

function describeInUse(tables: [string, number][], files: Record<string, string[]>): string {
  const parts = tables.map(([t, n]) => `${t.replace(/^public\./, '')}: ${n}`);
  for (const kind of FILE_KINDS) if (files[kind]!.length) parts.push(`${kind} in storage: ${files[kind]!.length}`);
  return parts.join(', ');
}

/**
 * The backup's key for secrets at rest back in DATA_DIR, written whole (a temporary file renamed,
 * mode 600): the restored two-factor secrets are sealed with it (decision 401), and a key the app
 * made at a first start on this machine would not open them.
 */
async function restoreSecretsKey(
  folder: string,
  dataDir: string,
  manifest: Manifest,
): Promise<RestoreReport['secretsKey']> {
  if (!manifest.secretsKey) return 'not in the backup';
  const key = await fs.readFile(path.join(folder, manifest.secretsKey.path));
  const file = path.join(dataDir, KEY_FILE_NAME);
  const current = await fs.readFile(file).catch(() => undefined);
  if (current?.equals(key)) return 'unchanged';
  const partial = `${file}.${process.pid}.partial`;
  try {
    await fs.writeFile(partial, key, { mode: 0o600 });
    await fs.rename(partial, file);
  } catch (err) {
    await fs.rm(partial, { force: true });
    throw new BackupError(
      `The database is restored, but its two-factor key could not be written to ${file} (${(err as Error).message}): copy ${path.join(folder, manifest.secretsKey.path)} there (mode 600) before starting the app.`,
    );
  }
  return 'restored';
}

/**
 * Everything is checked before anything is touched (manifest, every sha256, engine, versions, the
 * target); then the files go in first and the database after (a file before the row that names it,
 * decision 194); the row counts are compared with the manifest, and this app's newer migrations run.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreReport> {
  const manifest = await readManifest(opts.folder);
  const engine = opts.databaseUrl ? 'postgres' : 'pglite';
  assertSameEngine(manifest, engine);
  assertNotNewerThanApp(manifest);
  await verifyBackupFiles(opts.folder, manifest);
  const target: RestoreTarget = opts.databaseUrl
    ? await prepareRestorePostgres(opts.databaseUrl, opts.folder, manifest)
    : await prepareRestorePglite(opts.dataDir, opts.folder, manifest);
  try {
    const present = await storedFiles(opts.stores);
    const inUse = tablesInUse(target.currentTables);
    const storedCount = FILE_KINDS.reduce((n, k) => n + present[k].length, 0);
    if ((inUse.length || storedCount) && !opts.force) {
      throw new BackupError(
        `The target already holds data (${describeInUse(inUse, present)}); nothing was changed. Run again with --force to wipe it and restore the backup in its place.`,
      );
    }
    const files = await restoreFiles(opts.stores, opts.folder, manifest, present);
    const tables = await target.load();
    // After the database it opens is in place (decision 403): a failed load leaves the old pair.
    const secretsKey = engine === 'pglite' ? await restoreSecretsKey(opts.folder, opts.dataDir, manifest) : 'not used';
    const differs = Object.entries(manifest.tables).filter(([t, n]) => tables[t] !== n);
    if (differs.length) {
      throw new BackupError(
        `The restored database does not hold the rows the manifest lists: ${differs.map(([t, n]) => `${t} has ${tables[t] ?? 'no table'}, expected ${n}`).join('; ')}.`,
      );
    }
    const migrationsRun = await target.migrate();
    const removed = opts.force ? await removeFilesNotIn(opts.stores, manifest, present) : 0;
    return { manifest, tables, files: { ...files, removed }, migrationsRun, secretsKey };
  } finally {
    await target.close();
  }
}
