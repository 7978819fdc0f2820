import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The embedded database (PGlite) lives inside one process: two processes on one data directory
 * corrupt it. So whoever opens it first writes `<dir>.lock` (for the server: DATA_DIR/db.lock)
 * holding its pid, and every other process is refused while that pid lives; a lock left by a
 * process that died (kill -9, power cut) is taken over (decision 227).
 */
export type EmbeddedLockHolder = { pid: number; hostname: string; since: string; purpose: string };

export class EmbeddedDatabaseBusy extends Error {
  constructor(
    readonly lockPath: string,
    readonly holder: EmbeddedLockHolder,
  ) {
    super(
      `The embedded database ${lockPath.replace(/\.lock$/, '')} is in use by process ${holder.pid}` +
        `${holder.hostname === os.hostname() ? '' : ` on ${holder.hostname}`} (${holder.purpose}, since ${holder.since}). ` +
        'PGlite is single-process: stop that process first, or give this one its own DATA_DIR, ' +
        `or run several instances over a PostgreSQL server (DATABASE_URL). If no such process runs, delete ${lockPath}.`,
    );
  }
}

/** Where the lock of a PGlite data directory lives: beside it, so a copy of the directory never carries it. */
export const embeddedLockPath = (pgliteDir: string) => `${pgliteDir.replace(/[\\/]+$/, '')}.lock`;

/** Locks this process holds, so its own pid in a lock file is told apart from a previous life's (pid 1 in a container). */
const heldHere = new Set<string>();

function readHolder(lockPath: string): EmbeddedLockHolder | null {
  let text: string;
  try {
    text = fs.readFileSync(lockPath, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const parsed = JSON.parse(text) as Partial<EmbeddedLockHolder>;
    if (typeof parsed.pid === 'number')
      return {
        pid: parsed.pid,
        hostname: parsed.hostname ?? '',
        since: parsed.since ?? '',
        purpose: parsed.purpose ?? 'unknown',
      };
  } catch {
    /* not ours: treated as held, below */
  }
  return { pid: -1, hostname: '', since: '', purpose: `unreadable lock file` };
}

function isAlive(holder: EmbeddedLockHolder, lockPath: string): boolean {
  if (holder.pid <= 0) return true;
  // Another machine's pid cannot be checked from here: assume it lives (a shared disk).
  if (holder.hostname && holder.hostname !== os.hostname()) return true;
  if (holder.pid === process.pid) return heldHere.has(lockPath);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process holding the lock of this PGlite data directory, or null when none lives. */
export function embeddedLockHolder(pgliteDir: string): EmbeddedLockHolder | null {
  const lockPath = embeddedLockPath(pgliteDir);
  const holder = readHolder(lockPath);
  return holder && isAlive(holder, lockPath) ? holder : null;
}

/**
 * Takes the lock of a PGlite data directory or throws EmbeddedDatabaseBusy. The file appears
 * whole or not at all (written aside, then hard-linked into place, which fails if it exists).
 */
export function acquireEmbeddedLock(pgliteDir: string, purpose = 'app server'): { release(): void } {
  const lockPath = embeddedLockPath(pgliteDir);
  const body = JSON.stringify({
    pid: process.pid,
    hostname: os.hostname(),
    since: new Date().toISOString(),
    purpose,
  } satisfies EmbeddedLockHolder);
  const aside = `${lockPath}.${process.pid}.${Date.now()}.tmp`;
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  fs.writeFileSync(aside, body, { flush: true });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        fs.linkSync(aside, lockPath);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw err;
      }
      const holder = readHolder(lockPath);
      if (!holder) continue;
      if (isAlive(holder, lockPath)) throw new EmbeddedDatabaseBusy(lockPath, holder);
      // A dead holder's lock: move it aside, and put it back if another process took over meanwhile.
      const stale = `${lockPath}.stale.${process.pid}`;
      try {
        fs.renameSync(lockPath, stale);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err;
      }
      const moved = readHolder(stale);
      if (moved && moved.pid !== holder.pid) {
        fs.renameSync(stale, lockPath);
        throw new EmbeddedDatabaseBusy(lockPath, moved);
      }
      fs.rmSync(stale, { force: true });
    }
  } finally {
    fs.rmSync(aside, { force: true });
  }
  heldHere.add(lockPath);
  return {
    release() {
      if (!heldHere.delete(lockPath)) return;
      if (readHolder(lockPath)?.pid === process.pid) fs.rmSync(lockPath, { force: true });
    },
  };
}
