import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { FileStore } from './storage';

/**
 * Old enough that no write still in progress (in this or another process) can own the file: an
 * upload or a PDF writes its file and commits its row within seconds.
 */
export const LEFTOVER_GRACE_MS = 60 * 60_000;

/**
 * Removes what a crash between writing a file and committing its row left behind (decision 194):
 * temporary files, and files that no row names, once older than the grace period. Files are
 * always written before their rows, so a row never loses its file this way.
 */
export async function removeFileLeftovers(opts: {
  store: FileStore;
  clock: Clock;
  log: FastifyBaseLogger;
  /** What the files are, for the log line: 'photo', 'invoice PDF'. */
  what: string;
  /** The names among these that a database row names. */
  namedByRows: (names: string[]) => Promise<string[]>;
}): Promise<{ temporary: number; orphaned: number }> {
  const cutoff = opts.clock.now().getTime() - LEFTOVER_GRACE_MS;
  const old = (await opts.store.list()).filter((f) => f.modifiedAt.getTime() < cutoff);
  const temporary = old.filter((f) => f.isTemporary).map((f) => f.name);
  const stored = old.filter((f) => !f.isTemporary).map((f) => f.name);
  const named = new Set<string>();
  for (let i = 0; i < stored.length; i += 500) {
    for (const name of await opts.namedByRows(stored.slice(i, i + 500))) named.add(name);
  }
  const orphaned = stored.filter((name) => !named.has(name));
  for (const name of [...temporary, ...orphaned]) await opts.store.remove(name);
  if (temporary.length || orphaned.length) {
    opts.log.info(
      { temporary: temporary.length, orphaned: orphaned.length },
      `Removed ${opts.what} files left behind by an interrupted write`,
    );
  }
  return { temporary: temporary.length, orphaned: orphaned.length };
}
