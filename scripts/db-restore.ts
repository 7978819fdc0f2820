// npm run db:restore -- <backup folder> [--force]   (README "Backups", decision 235)
import { parseArgs } from 'node:util';
import { createFileStorage } from '../src/server/adapters/storage-choice';
import { BackupError } from '../src/server/backup/errors';
import { restoreBackup } from '../src/server/backup/restore';
import { restoreSummary } from '../src/server/backup/summary';
import { loadConfigOrExit } from '../src/server/config';

const USAGE =
  'Usage: npm run db:restore -- <backup folder> [--force]\n' +
  '  Restores into DATABASE_MIGRATION_URL or else DATABASE_URL (PostgreSQL) or DATA_DIR (embedded), and the file storage FILE_STORAGE names.\n' +
  '  --force  wipe a target that already holds data and restore the backup in its place';

let parsed;
try {
  parsed = parseArgs({
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean' } },
    allowPositionals: true,
  });
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (parsed.values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (parsed.positionals.length !== 1) {
  console.error(`Give exactly one backup folder.\n${USAGE}`);
  process.exit(2);
}

const config = loadConfigOrExit();
const storage = createFileStorage(config);
try {
  const report = await restoreBackup({
    folder: parsed.positionals[0]!,
    // The owner role: a restore replaces the schema (docs/decisions/408-app-login-not-a-superuser.md).
    databaseUrl: config.databaseMigrationUrl ?? config.databaseUrl,
    dataDir: config.dataDir,
    stores: { photos: storage.photos, invoices: storage.pdfs },
    force: parsed.values.force,
  });
  for (const line of restoreSummary(report)) console.log(line);
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(`Restore failed: ${err.message}`);
  process.exitCode = 1;
} finally {
  storage.close();
}
