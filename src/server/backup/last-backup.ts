import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Manifest } from './manifest';

/**
 * Where `npm run db:backup` records the last backup it completed: `DATA_DIR/last-backup.json`, which
 * the app reads for Settings, "System" and its alerts (docs/decisions/400-system-health.md). Beside
 * the data, not in the database: an embedded database is stopped while it is backed up, and a
 * backup may go to any folder (`--out`), which the app is not told of.
 */
export const LAST_BACKUP_FILE = 'last-backup.json';

const lastBackupSchema = z.object({
  /** The backup's folder, absolute. */
  folder: z.string().min(1),
  /** The manifest's createdAt: the moment of the dump. */
  createdAt: z.iso.datetime({ offset: true }),
  engine: z.enum(['postgres', 'pglite']),
  /** The database dump's size in bytes. */
  databaseBytes: z.number().int().nonnegative(),
  files: z.number().int().nonnegative(),
});
export type LastBackup = z.infer<typeof lastBackupSchema>;

/** Records a backup just completed; written whole (a temporary file renamed), so a reader never sees half of it. */
export async function recordLastBackup(dataDir: string, folder: string, manifest: Manifest): Promise<void> {
  await recordBackup(dataDir, {
    folder: path.resolve(folder),
    createdAt: manifest.createdAt,
    engine: manifest.engine,
    databaseBytes: manifest.database.size,
    files: manifest.files.length,
  });
}

/**
 * Records any completed backup: npm run db:backup's folder, or the nightly pgBackRest backup with its
 * repository in `folder` (docs/decisions/403-pgbackrest-backups.md).
 */
export async function recordBackup(dataDir: string, backup: LastBackup): Promise<void> {
  const record = lastBackupSchema.parse(backup);
  await fs.mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, LAST_BACKUP_FILE);
  const partial = `${file}.${process.pid}.partial`;
  await fs.writeFile(partial, `${JSON.stringify(record, null, 2)}\n`);
  await fs.rename(partial, file);
}

/** The last backup recorded in `dataDir`; null when none was (or the record cannot be read). */
export async function readLastBackup(dataDir: string): Promise<LastBackup | null> {
  const text = await fs.readFile(path.join(dataDir, LAST_BACKUP_FILE), 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    const parsed = lastBackupSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
