// npm run db:backup -- [--out <folder>] [--keep-days <n>]   (README "Backups", decision 235)
import { parseArgs } from 'node:util';
import { createFileStorage } from '../src/server/adapters/storage-choice';
import { createBackup } from '../src/server/backup/backup';
import { BackupError } from '../src/server/backup/errors';
import { recordLastBackup } from '../src/server/backup/last-backup';
import { pruneBackups } from '../src/server/backup/prune';
import { backupSummary } from '../src/server/backup/summary';
import { loadConfigOrExit } from '../src/server/config';

const USAGE =
  'Usage: npm run db:backup -- [--out <folder>] [--keep-days <n>]\n  --out        where backups go (default: BACKUP_DIR, else ./backups)\n  --keep-days  afterwards, remove backups older than this many days (the newest is always kept)';

let values;
try {
  ({ values } = parseArgs({
    options: { out: { type: 'string' }, 'keep-days': { type: 'string' }, help: { type: 'boolean' } },
  }));
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const keepDays = values['keep-days'] === undefined ? undefined : Number(values['keep-days']);
if (keepDays !== undefined && (!Number.isInteger(keepDays) || keepDays < 1)) {
  console.error(`--keep-days must be a whole number of days, at least 1 (got ${values['keep-days']}).\n${USAGE}`);
  process.exit(2);
}
const outDir = values.out ?? process.env.BACKUP_DIR ?? 'backups';

const config = loadConfigOrExit();
const storage = createFileStorage(config);
try {
  const { folder, manifest } = await createBackup({
    // The owner role reads every table whatever the runtime role was granted (decision 408).
    databaseUrl: config.databaseMigrationUrl ?? config.databaseUrl,
    dataDir: config.dataDir,
    outDir,
    stores: { photos: storage.photos, invoices: storage.pdfs },
    fileStorage: config.fileStorage.kind,
  });
  for (const line of backupSummary(folder, manifest)) console.log(line);
  // The app shows the last backup's age and warns when it is late (docs/decisions/400-system-health.md).
  await recordLastBackup(config.dataDir, folder, manifest).catch((err: Error) =>
    console.warn(`The backup is complete, but could not be recorded in ${config.dataDir}: ${err.message}`),
  );
  if (keepDays !== undefined) {
    const removed = await pruneBackups(outDir, keepDays, new Date());
    console.log(
      removed.length
        ? `Removed ${removed.length} backup(s) older than ${keepDays} days: ${removed.join(', ')}`
        : `No backup older than ${keepDays} days to remove.`,
    );
  }
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(`Backup failed: ${err.message}`);
  process.exitCode = 1;
} finally {
  storage.close();
}
