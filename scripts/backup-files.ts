// npm run backup:files -- [--restore] [--pgbackrest-info <file|->] [--repository <where>]
// The photos and invoice PDFs beside pgBackRest's backups (docs/deploying.md "Backups",
// docs/decisions/403-pgbackrest-backups.md). Run by deploy/backup-nightly.sh after each base backup.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { createFileStorage, type FileStorage } from '../src/server/adapters/storage-choice';
import { BackupError } from '../src/server/backup/errors';
import { copyMissingFiles } from '../src/server/backup/file-copy';
import { recordBackup } from '../src/server/backup/last-backup';
import { newestPgbackrestBackup } from '../src/server/backup/pgbackrest-info';
import { loadConfigOrExit } from '../src/server/config';

const USAGE = `Usage: npm run backup:files -- [--restore] [--pgbackrest-info <file|->] [--repository <where>]
  Copies the photos and invoice PDFs the backup copy does not hold yet: to the S3 bucket BACKUP_S3_BUCKET
  (under files/) when set, else to BACKUP_FILES_DIR (default /var/backups/tyre-booking/files).
  --restore          the other way: copies back into the app's storage the files it does not hold
  --pgbackrest-info  then records pgBackRest's newest backup (pgbackrest --output=json info, - for stdin)
                     in DATA_DIR/last-backup.json, which Settings -> System shows
  --repository       where that backup is, for the record (e.g. /var/lib/pgbackrest)`;

let values;
try {
  ({ values } = parseArgs({
    options: {
      restore: { type: 'boolean', default: false },
      'pgbackrest-info': { type: 'string' },
      repository: { type: 'string' },
      stanza: { type: 'string', default: 'tyres' },
      help: { type: 'boolean' },
    },
  }));
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const config = loadConfigOrExit();
const env = process.env;
const bucket = env.BACKUP_S3_BUCKET?.trim();
const copyDir = env.BACKUP_FILES_DIR?.trim() || '/var/backups/tyre-booking/files';
const backupCopy: FileStorage = createFileStorage({
  dataDir: copyDir,
  fileStorage: bucket
    ? {
        kind: 's3',
        bucket,
        region: env.BACKUP_S3_REGION?.trim() || 'ap-southeast-2',
        endpoint: env.BACKUP_S3_ENDPOINT?.trim() || undefined,
        forcePathStyle: /^(1|true|yes)$/i.test(env.BACKUP_S3_PATH_STYLE ?? ''),
        credentials:
          env.BACKUP_S3_ACCESS_KEY_ID && env.BACKUP_S3_SECRET_ACCESS_KEY
            ? { accessKeyId: env.BACKUP_S3_ACCESS_KEY_ID, secretAccessKey: env.BACKUP_S3_SECRET_ACCESS_KEY }
            : undefined,
        prefix: 'files/',
      }
    : { kind: 'local' },
});
const copyName = bucket ? `s3://${bucket}/files` : copyDir;
const storage = createFileStorage(config);
const stores = (s: FileStorage) => ({ photos: s.photos, invoices: s.pdfs });
try {
  const [from, to] = values.restore ? [backupCopy, storage] : [storage, backupCopy];
  const report = await copyMissingFiles(stores(from), stores(to));
  console.log(
    values.restore
      ? `Files: ${report.copied} copied back from ${copyName}, ${report.alreadyThere} already there.`
      : `Files: ${report.copied} new copied to ${copyName}; it holds ${report.byKind.photos} photo(s) and ${report.byKind.invoices} invoice PDF(s).`,
  );
  const infoSource = values['pgbackrest-info'];
  if (infoSource !== undefined) {
    const json = fs.readFileSync(infoSource === '-' ? 0 : infoSource, 'utf8');
    const backup = newestPgbackrestBackup(json, values.stanza);
    if (!backup.encrypted)
      console.warn(`WARNING: the pgBackRest repository of stanza ${backup.stanza} is not encrypted.`);
    // Settings -> System shows its age; the owner is told when it is over 26 hours (decision 400).
    await recordBackup(config.dataDir, {
      folder: `${values.repository ?? 'pgBackRest'}, pgBackRest backup ${backup.label}`,
      createdAt: backup.stoppedAt.toISOString(),
      engine: 'postgres',
      databaseBytes: backup.repositoryBytes,
      files: report.total,
    });
    console.log(
      `Recorded pgBackRest backup ${backup.label} (${backup.type}, ended ${backup.stoppedAt.toISOString()}) in ${config.dataDir}/last-backup.json.`,
    );
  }
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(`Backup failed: ${err.message}`);
  process.exitCode = 1;
} finally {
  storage.close();
  backupCopy.close();
}
