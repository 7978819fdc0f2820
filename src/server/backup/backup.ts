import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { perthTimestamp } from '../../shared/domain/perth-time';
import type { DumpResult } from './engine';
import { BackupError } from './errors';
import { copyFilesOut, type BackupStores } from './files';
import { KEY_FILE_NAME } from '../secrets/at-rest';
import {
  backupFolderName,
  BACKUP_FORMAT,
  FORMAT_VERSION,
  SECRETS_KEY_FILE,
  sha256Of,
  sha256OfFile,
  writeManifest,
  type Manifest,
} from './manifest';
import { dumpPglite, PGLITE_DUMP_FILE } from './pglite';
import { dumpPostgres, POSTGRES_DUMP_FILE } from './postgres';
import { appVersion } from './version';

export type BackupOptions = {
  /** Set: back up that PostgreSQL database; unset: the embedded one in DATA_DIR. */
  databaseUrl?: string;
  dataDir: string;
  /** The folder that receives the backup folder (made if missing). */
  outDir: string;
  stores: BackupStores;
  fileStorage: 'local' | 's3';
  now?: () => Date;
};

/**
 * One self-describing folder (docs/decisions/235-backups.md): the database dump, every photo and
 * invoice PDF, and manifest.json with counts, sizes and sha256s. It is built under a hidden
 * ".partial" name and renamed when whole, so a folder with the final name is always complete.
 */
export async function createBackup(opts: BackupOptions): Promise<{ folder: string; manifest: Manifest }> {
  const at = (opts.now ?? (() => new Date()))();
  await fs.mkdir(opts.outDir, { recursive: true }).catch((err: Error) => {
    throw new BackupError(`Cannot make the backup folder ${opts.outDir}: ${err.message}`);
  });
  let name = backupFolderName(at);
  if (await exists(path.join(opts.outDir, name))) name = `${name}-${randomBytes(2).toString('hex')}`;
  const partial = path.join(opts.outDir, `.${name}.partial`);
  const folder = path.join(opts.outDir, name);
  // Customers' details, password hashes and sessions: readable by the app's user only.
  await fs.mkdir(partial, { mode: 0o700 });
  try {
    const engine = opts.databaseUrl ? 'postgres' : 'pglite';
    const dumpFile = engine === 'postgres' ? POSTGRES_DUMP_FILE : PGLITE_DUMP_FILE;
    const dump: DumpResult = opts.databaseUrl
      ? await dumpPostgres(opts.databaseUrl, partial)
      : await dumpPglite(opts.dataDir, partial);
    const { files, missingFiles } = await copyFilesOut(opts.stores, partial, dump.namedFiles);
    const dumpPath = path.join(partial, dumpFile);
    const secretsKey = engine === 'pglite' ? await copySecretsKey(opts.dataDir, partial) : undefined;
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: at.toISOString(),
      createdAtPerth: perthTimestamp(at),
      app: appVersion(),
      engine,
      serverVersion: dump.serverVersion,
      dumpTool: dump.dumpTool,
      migrations: dump.migrations,
      database: { path: dumpFile, size: (await fs.stat(dumpPath)).size, sha256: await sha256OfFile(dumpPath) },
      tables: dump.tables,
      files,
      missingFiles,
      fileStorage: opts.fileStorage,
      ...(secretsKey ? { secretsKey } : {}),
    };
    await writeManifest(partial, manifest);
    await fs.rename(partial, folder);
    return { folder, manifest };
  } catch (err) {
    await fs.rm(partial, { recursive: true, force: true });
    throw err;
  }
}

/**
 * The embedded database's key file, beside the dump it opens (decision 403): the backup restores a
 * working two-factor on any machine, and the folder is as secret as DATA_DIR itself (mode 700).
 * None when SECRETS_KEY is set in the environment: the app then never made one.
 */
async function copySecretsKey(dataDir: string, folder: string): Promise<Manifest['secretsKey']> {
  const data = await fs.readFile(path.join(dataDir, KEY_FILE_NAME)).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw new BackupError(`Cannot read ${path.join(dataDir, KEY_FILE_NAME)}: ${err.message}`);
  });
  if (!data) return undefined;
  await fs.writeFile(path.join(folder, SECRETS_KEY_FILE), data, { mode: 0o600 });
  return { path: SECRETS_KEY_FILE, size: data.length, sha256: sha256Of(data) };
}

const exists = (p: string) =>
  fs.stat(p).then(
    () => true,
    () => false,
  );
