import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { perthTimestamp } from '../../shared/domain/perth-time';
import { backupFolderName, BACKUP_FORMAT, FORMAT_VERSION, type Manifest } from './manifest';
import { pruneBackups } from './prune';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function manifestAt(at: Date): Manifest {
  return {
    format: BACKUP_FORMAT,
    formatVersion: FORMAT_VERSION,
    createdAt: at.toISOString(),
    createdAtPerth: perthTimestamp(at),
    app: { name: 'mobile-tyre-booking', version: '0.1.0' },
    engine: 'pglite',
    serverVersion: '18.6',
    dumpTool: 'PGlite dumpDataDir',
    migrations: { applied: 1, lastTag: '0000_init', lastCreatedAt: 1 },
    database: { path: 'database.tar.gz', size: 1, sha256: 'a'.repeat(64) },
    tables: {},
    files: [],
    missingFiles: [],
    fileStorage: 'local',
  };
}

function backupsFolder(days: number[], now: Date): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prune-'));
  dirs.push(dir);
  for (const d of days) {
    const at = new Date(now.getTime() - d * 86_400_000);
    fs.mkdirSync(path.join(dir, backupFolderName(at)));
    fs.writeFileSync(path.join(dir, backupFolderName(at), 'manifest.json'), JSON.stringify(manifestAt(at)));
  }
  return dir;
}

describe('backup folder names and keeping N days (README "Backups")', () => {
  it('names a backup by its Perth date and time, whatever the machine zone', () => {
    expect(backupFolderName(new Date('2026-11-22T19:00:12Z'))).toBe('tyres-backup-2026-11-23-030012');
    expect(perthTimestamp(new Date('2026-11-22T19:00:12Z'))).toBe('2026-11-23 03:00:12');
  });

  it('removes backups older than the days kept and leaves the rest of the folder alone', async () => {
    const now = new Date('2026-11-23T03:00:00+08:00');
    const dir = backupsFolder([0, 1, 6, 8, 30], now);
    fs.mkdirSync(path.join(dir, 'tyres-backup-by-hand'));
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'kept');
    const removed = await pruneBackups(dir, 7, now);
    expect(removed.sort()).toEqual(
      [
        backupFolderName(new Date(now.getTime() - 8 * 86_400_000)),
        backupFolderName(new Date(now.getTime() - 30 * 86_400_000)),
      ].sort(),
    );
    expect(fs.readdirSync(dir).sort()).toEqual(
      [
        ...[0, 1, 6].map((d) => backupFolderName(new Date(now.getTime() - d * 86_400_000))),
        'notes.txt',
        'tyres-backup-by-hand',
      ].sort(),
    );
  });

  it('always keeps the newest backup, however old', async () => {
    const now = new Date('2026-11-23T03:00:00+08:00');
    const dir = backupsFolder([40, 50], now);
    expect(await pruneBackups(dir, 7, now)).toEqual([backupFolderName(new Date(now.getTime() - 50 * 86_400_000))]);
  });
});
