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
    const differs = Object.entries(manifest.tables).filter(([t, n]) => tables[t] !== n);
    if (differs.length) {
      throw new BackupError(
        `The restored database does not hold the rows the manifest lists: ${differs.map(([t, n]) => `${t} has ${tables[t] ?? 'no table'}, expected ${n}`).join('; ')}.`,
      );
    }
    const migrationsRun = await target.migrate();
    const removed = opts.force ? await removeFilesNotIn(opts.stores, manifest, present) : 0;
    return { manifest, tables, files: { ...files, removed }, migrationsRun };
  } finally {
    await target.close();
  }
}
