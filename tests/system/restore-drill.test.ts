import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * PostgreSQL's backups through pgBackRest (docs/deploying.md "Backups",
 * docs/decisions/403-pgbackrest-backups.md): `npm run drill:restore` on a throwaway cluster with the
 * settings deploy/install.sh writes, its repository on disk and in the S3 stand-in over https, each
 * restored to a noted time; then `npm run backup:files` copies the photos and PDFs beside it, records
 * the drill's real pgBackRest backup for Settings -> System, and copies the files back.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-restore-drill-test-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

type Run = { status: number | null; stdout: string; stderr: string; seconds: number };

function runTsx(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(TSX, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr, seconds: (performance.now() - started) / 1000 }));
  });
}

const DRILL_LINE = /^restore drill: (\d+) of (\d+) rows back, (\d+) extra$/m;
const info = path.join(scratch, 'pgbackrest-info.json');

describe('npm run drill:restore', () => {
  let posix: Run;
  let s3: Run;
  beforeAll(async () => {
    // Side by side: each is mostly waiting on its own PostgreSQL and pgBackRest.
    [posix, s3] = await Promise.all([
      runTsx(['scripts/drill-restore.ts', '--rows', '300', '--save-info', info]),
      runTsx(['scripts/drill-restore.ts', '--repo', 's3', '--rows', '200']),
    ]);
  });

  it('with the repository on disk, every row written before the noted time is back and none after it', () => {
    expect(posix.stderr).not.toContain('failed');
    expect(posix.status, posix.stdout + posix.stderr).toBe(0);
    expect(posix.stdout.match(DRILL_LINE)?.slice(1)).toEqual(['300', '300', '0']);
    expect(posix.stdout).toMatch(/base backup \d{8}-\d{6}F \(full, encrypted\)/);
  });

  it('with the repository in the S3 stand-in over https, the same', () => {
    expect(s3.status, s3.stdout + s3.stderr).toBe(0);
    expect(s3.stdout).toContain('(S3 stand-in, https)');
    expect(s3.stdout.match(DRILL_LINE)?.slice(1)).toEqual(['200', '200', '0']);
  });

  it('npm run backup:files copies the photos and PDFs, records the backup, and copies them back', async () => {
    const dataDir = path.join(scratch, 'data');
    const copyDir = path.join(scratch, 'copy');
    const photo = `${'a1'.repeat(16)}.jpg`;
    const pdf = 'INV-000001-v1-0123abcd.pdf';
    fs.mkdirSync(path.join(dataDir, 'photos'), { recursive: true });
    fs.mkdirSync(path.join(dataDir, 'invoices'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'photos', photo), 'a photo of a tyre');
    fs.writeFileSync(path.join(dataDir, 'invoices', pdf), '%PDF-1.7 an invoice');
    const env = { NODE_ENV: 'test', DATA_DIR: dataDir, FILE_STORAGE: 'local', BACKUP_FILES_DIR: copyDir };
    const record = await runTsx(
      ['scripts/backup-files.ts', '--pgbackrest-info', info, '--repository', '/var/lib/pgbackrest'],
      env,
    );
    expect(record.stderr).toBe('');
    expect(record.status).toBe(0);
    expect(record.stdout).toContain('1 photo(s) and 1 invoice PDF(s)');
    expect(fs.readFileSync(path.join(copyDir, 'photos', photo), 'utf8')).toBe('a photo of a tyre');
    expect(fs.readFileSync(path.join(copyDir, 'invoices', pdf), 'utf8')).toBe('%PDF-1.7 an invoice');

    // The drill's own base backup, as pgBackRest described it.
    const backup = JSON.parse(fs.readFileSync(info, 'utf8'))[0].backup[0];
    const last = JSON.parse(fs.readFileSync(path.join(dataDir, 'last-backup.json'), 'utf8'));
    expect(last).toEqual({
      folder: `/var/lib/pgbackrest, pgBackRest backup ${backup.label}`,
      createdAt: new Date(backup.timestamp.stop * 1000).toISOString(),
      engine: 'postgres',
      databaseBytes: backup.info.repository.size,
      files: 2,
    });

    // A lost disk: the app's files are gone; the copy brings them back.
    fs.rmSync(path.join(dataDir, 'photos'), { recursive: true });
    fs.rmSync(path.join(dataDir, 'invoices'), { recursive: true });
    const back = await runTsx(['scripts/backup-files.ts', '--restore'], env);
    expect(back.status, back.stderr).toBe(0);
    expect(back.stdout).toContain('2 copied back');
    expect(fs.readFileSync(path.join(dataDir, 'photos', photo), 'utf8')).toBe('a photo of a tyre');
    expect(fs.readFileSync(path.join(dataDir, 'invoices', pdf), 'utf8')).toBe('%PDF-1.7 an invoice');
  });
});
