import type { Manifest } from './manifest';
import type { RestoreReport } from './restore';

const ENGINE = { postgres: 'PostgreSQL', pglite: 'embedded PostgreSQL (PGlite)' } as const;
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

function rowsLine(tables: Record<string, number>): string {
  const entries = Object.entries(tables).filter(([t]) => !t.startsWith('drizzle.'));
  const total = entries.reduce((n, [, c]) => n + c, 0);
  const biggest = entries
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([t, n]) => `${t.replace(/^public\./, '')} ${n}`);
  return `${total} rows in ${entries.length} tables${biggest.length ? ` (${biggest.join(', ')}${entries.length > biggest.length ? ', ...' : ''})` : ''}`;
}

function filesLine(manifest: Manifest): string {
  const of = (kind: 'photos' | 'invoices') => manifest.files.filter((f) => f.kind === kind);
  const photos = of('photos');
  const pdfs = of('invoices');
  const size = (list: { size: number }[]) => mb(list.reduce((n, f) => n + f.size, 0));
  return `${photos.length} photos (${size(photos)}), ${pdfs.length} invoice PDFs (${size(pdfs)})`;
}

/** What `npm run db:backup` prints when done. */
export function backupSummary(folder: string, manifest: Manifest): string[] {
  const lines = [
    `Backed up ${ENGINE[manifest.engine]} ${manifest.serverVersion} (migration ${manifest.migrations.lastTag ?? manifest.migrations.applied}) to ${folder}`,
    `  database: ${rowsLine(manifest.tables)}; dump ${mb(manifest.database.size)}`,
    `  files: ${filesLine(manifest)}`,
  ];
  if (manifest.engine === 'pglite')
    lines.push(
      manifest.secretsKey
        ? '  two-factor key: secrets.key (keep the folder as private as the data folder)'
        : '  two-factor key: not in the backup (SECRETS_KEY is set in the environment: keep a copy of it with the backups)',
    );
  if (manifest.missingFiles.length) {
    lines.push(
      `  warning: ${manifest.missingFiles.length} file(s) a row named were removed while the backup ran: ${manifest.missingFiles.map((f) => `${f.kind}/${f.name}`).join(', ')}`,
    );
  }
  return lines;
}

/** What `npm run db:restore` prints when done. */
export function restoreSummary(report: RestoreReport): string[] {
  const m = report.manifest;
  const lines = [
    `Restored the backup of ${m.createdAtPerth} (Perth; app ${m.app.version}, ${ENGINE[m.engine]} ${m.serverVersion})`,
    `  database: ${rowsLine(report.tables)}`,
    `  files: ${filesLine(m)}; ${report.files.written} written, ${report.files.unchanged} already there${report.files.removed ? `, ${report.files.removed} not in the backup removed` : ''}`,
    report.migrationsRun
      ? `  schema: brought forward by ${report.migrationsRun} migration(s) of this app version`
      : '  schema: already at this app version',
  ];
  if (report.secretsKey === 'restored') lines.push('  two-factor key: secrets.key put back in DATA_DIR');
  if (report.secretsKey === 'not in the backup' && m.engine === 'pglite')
    lines.push(
      '  two-factor key: not in the backup: start the app with the SECRETS_KEY it had, or two-factor must be reset for everyone',
    );
  if (m.missingFiles.length)
    lines.push(
      `  warning: ${m.missingFiles.length} file(s) were removed while the backup was made and are not in it: ${m.missingFiles.map((f) => `${f.kind}/${f.name}`).join(', ')}`,
    );
  return lines;
}
