import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireEmbeddedLock, EmbeddedDatabaseBusy, embeddedLockHolder, embeddedLockPath } from './embedded-lock';

let base: string;
let dbDir: string;
beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-lock-'));
  dbDir = path.join(base, 'db');
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

const writeLock = (pid: number) =>
  fs.writeFileSync(
    embeddedLockPath(dbDir),
    JSON.stringify({ pid, hostname: os.hostname(), since: '2026-11-23T07:00:00.000Z', purpose: 'app server' }),
  );

describe('the embedded database lock (one process per DATA_DIR)', () => {
  it('lives beside the data directory as DATA_DIR/db.lock, holds our pid while open and goes on release', () => {
    const lock = acquireEmbeddedLock(dbDir);
    expect(embeddedLockPath(dbDir)).toBe(path.join(base, 'db.lock'));
    expect(embeddedLockHolder(dbDir)?.pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(path.join(base, 'db.lock'))).toBe(false);
    expect(embeddedLockHolder(dbDir)).toBeNull();
  });

  it('is taken on a first start, when DATA_DIR does not exist yet', () => {
    const fresh = path.join(base, 'not-yet', 'data', 'db');
    const lock = acquireEmbeddedLock(fresh);
    expect(embeddedLockHolder(fresh)?.pid).toBe(process.pid);
    lock.release();
  });

  it('refuses a second opener while a live process holds it, naming that process and what to do', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      writeLock(other.pid!);
      let refused: unknown;
      try {
        acquireEmbeddedLock(dbDir);
      } catch (err) {
        refused = err;
      }
      expect(refused).toBeInstanceOf(EmbeddedDatabaseBusy);
      expect((refused as Error).message).toContain(`in use by process ${other.pid}`);
      expect((refused as Error).message).toContain('PGlite is single-process');
      expect(JSON.parse(fs.readFileSync(embeddedLockPath(dbDir), 'utf8')).pid).toBe(other.pid);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('refuses this same process opening it twice', () => {
    const lock = acquireEmbeddedLock(dbDir);
    try {
      expect(() => acquireEmbeddedLock(dbDir)).toThrow(EmbeddedDatabaseBusy);
    } finally {
      lock.release();
    }
  });

  it('takes over a lock left by a process that died (kill -9)', () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeLock(Number(dead.stdout));
    expect(embeddedLockHolder(dbDir)).toBeNull();
    const lock = acquireEmbeddedLock(dbDir);
    expect(embeddedLockHolder(dbDir)?.pid).toBe(process.pid);
    lock.release();
    expect(fs.readdirSync(base)).toEqual([]);
  });
});
