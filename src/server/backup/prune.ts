import fs from 'node:fs/promises';
import path from 'node:path';
import { readManifest } from './manifest';

const BACKUP_NAME = /^tyres-backup-\d{4}-\d{2}-\d{2}-\d{6}(-[a-f0-9]{4})?$/;
const PARTIAL_NAME = /^\.tyres-backup-.*\.partial$/;
const DAY_MS = 86_400_000;

/**
 * Keeps `keepDays` days of backups in `outDir`: older complete backups (by their manifest's time)
 * and older interrupted ".partial" folders are removed; the newest backup is always kept, and
 * nothing else in the folder is touched. Returns the names removed.
 */
export async function pruneBackups(outDir: string, keepDays: number, now: Date): Promise<string[]> {
  const cutoff = now.getTime() - keepDays * DAY_MS;
  const entries = await fs.readdir(outDir, { withFileTypes: true });
  const backups: { name: string; at: number }[] = [];
  const removed: string[] = [];
  for (const e of entries) {
    if (!e.isDirectory()) continue;
    const full = path.join(outDir, e.name);
    if (BACKUP_NAME.test(e.name)) {
      const manifest = await readManifest(full).catch(() => undefined);
      if (manifest) backups.push({ name: e.name, at: Date.parse(manifest.createdAt) });
    } else if (PARTIAL_NAME.test(e.name) && (await fs.stat(full)).mtimeMs < cutoff) {
      await fs.rm(full, { recursive: true, force: true });
      removed.push(e.name);
    }
  }
  const newest = Math.max(...backups.map((b) => b.at));
  for (const b of backups) {
    if (b.at >= cutoff || b.at === newest) continue;
    await fs.rm(path.join(outDir, b.name), { recursive: true, force: true });
    removed.push(b.name);
  }
  return removed;
}
