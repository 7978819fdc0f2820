import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { acquireEmbeddedLock, EmbeddedDatabaseBusy } from '../db/embedded-lock';
import { flushingPgliteOptions } from '../db/pglite-durability';
import type { DumpResult, RestoreTarget } from './engine';
import { BackupError } from './errors';
import type { Manifest } from './manifest';
import { countRows, migrationLevel, migrationsFolder, namedFiles, serverVersion } from './tables';

export const PGLITE_DUMP_FILE = 'database.tar.gz';

/** Where the app keeps its embedded database (as in db/client.ts's openDatabase). */
const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'db');
const isPgliteDir = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));

/**
 * PGlite lives in one process: a backup or restore takes the data directory's lock like the server
 * does, and is refused while the server (or another backup) holds it (decision 236).
 */
function lockFor(dir: string, purpose: 'backup' | 'restore'): { release(): void } {
  try {
    return acquireEmbeddedLock(dir, purpose === 'backup' ? 'npm run db:backup' : 'npm run db:restore');
  } catch (err) {
    if (!(err instanceof EmbeddedDatabaseBusy)) throw err;
    throw new BackupError(
      `The embedded database in ${dir} is in use by process ${err.holder.pid} (${err.holder.purpose}, since ${err.holder.since}). ` +
        `PGlite is single-process, so a ${purpose} cannot run beside the app: stop the app, run npm run db:${purpose}, start the app again ` +
        '(README "Backups" has a systemd timer that does exactly that), or move to PostgreSQL (DATABASE_URL) for backups without a stop.',
    );
  }
}

/**
 * Flushes every file of a restored data directory, and the directory entries, to disk: the tarball
 * is unpacked through PGlite's file system, which never flushes (decision 238), and a restore
 * reported done must survive a power cut.
 */
function flushTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) flushTree(full);
    else if (entry.isFile()) flushFile(full);
  }
  flushFile(dir);
}

function flushFile(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } catch {
    // A directory some file systems cannot flush: its renames are still atomic.
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Opened as the app opens it, every write flushed to disk (decision 238); a restore's staging copy
 * is unpacked without flushes and flushed as a whole once it is in place (flushTree).
 */
async function open(dir: string, options: { loadDataDir?: Blob } = {}): Promise<PGlite> {
  const client = options.loadDataDir ? new PGlite(dir, options) : new PGlite(flushingPgliteOptions(dir));
  await client.waitReady;
  return client;
}

/** The whole PGlite data directory as PGlite's own gzipped tarball, with the same counts as the manifest. */
export async function dumpPglite(dataDir: string, folder: string): Promise<DumpResult> {
  const dir = pgliteDirOf(dataDir);
  if (!isPgliteDir(dir))
    throw new BackupError(
      `There is no embedded database in ${dir}: check DATA_DIR (now ${dataDir}), or set DATABASE_URL to back up a PostgreSQL server.`,
    );
  const lock = lockFor(dir, 'backup');
  try {
    const client = await open(dir);
    try {
      const server = await serverVersion(client);
      const tables = await countRows(client);
      const migrations = await migrationLevel(client);
      const files = await namedFiles(client);
      const tarball = await client.dumpDataDir('gzip');
      fs.writeFileSync(path.join(folder, PGLITE_DUMP_FILE), Buffer.from(await tarball.arrayBuffer()));
      return {
        serverVersion: server.text,
        dumpTool: `PGlite dumpDataDir (PostgreSQL ${server.text})`,
        tables,
        migrations,
        namedFiles: files,
      };
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/** Holds DATA_DIR's lock from the checks to the end, so the app cannot start on a half-restored database. */
export async function prepareRestorePglite(
  dataDir: string,
  folder: string,
  manifest: Manifest,
): Promise<RestoreTarget> {
  const dir = pgliteDirOf(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = lockFor(dir, 'restore');
  try {
    let currentTables: Record<string, number> = {};
    if (isPgliteDir(dir)) {
      const client = await open(dir);
      try {
        currentTables = await countRows(client);
      } finally {
        await client.close();
      }
    } else if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
      throw new BackupError(
        `${dir} holds files but no embedded database: move it away before restoring into DATA_DIR ${dataDir}.`,
      );
    }
    const dumpFile = path.join(folder, manifest.database.path);
    return {
      currentTables,
      async load() {
        // Loaded beside the live folder, checked, then swapped in: a failure leaves the old database as it was.
        const suffix = randomBytes(4).toString('hex');
        const staging = path.join(dataDir, `.db-restoring-${suffix}`);
        let counts: Record<string, number>;
        try {
          const client = await open(staging, { loadDataDir: new Blob([fs.readFileSync(dumpFile)]) }).catch(
            (err: Error) => {
              throw new BackupError(
                `This app's PGlite could not open the backed-up database (made on PostgreSQL ${manifest.serverVersion} by app ${manifest.app.version}): ${err.message}. ` +
                  'Restore it with the app version that made it; nothing was changed.',
              );
            },
          );
          try {
            counts = await countRows(client);
          } finally {
            await client.close();
          }
        } catch (err) {
          fs.rmSync(staging, { recursive: true, force: true });
          throw err;
        }
        const replaced = path.join(dataDir, `.db-replaced-${suffix}`);
        const hadOne = fs.existsSync(dir);
        if (hadOne) fs.renameSync(dir, replaced);
        try {
          fs.renameSync(staging, dir);
        } catch (err) {
          if (hadOne) fs.renameSync(replaced, dir);
          throw err;
        }
        fs.rmSync(replaced, { recursive: true, force: true });
        return counts;
      },
      async migrate() {
        const client = await open(dir);
        try {
          const before = (await migrationLevel(client)).applied;
          await migrate(drizzle(client), { migrationsFolder });
          return (await migrationLevel(client)).applied - before;
        } finally {
          await client.close();
          flushTree(dir);
          flushFile(dataDir);
        }
      },
      close: async () => lock.release(),
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}
