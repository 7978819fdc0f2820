import fs from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** Emscripten's errno for an I/O error: what PostgreSQL sees when a flush to disk fails. */
const EIO = 29;

type EmscriptenModule = {
  NODEFS: { stream_ops: Record<string, unknown> };
  FS: { ErrnoError: new (errno: number) => Error };
};
type Stream = { nfd: number };

let flushes = 0;

/** Files flushed to disk by this thread's flushing file systems so far (the durability test reads it). */
export function flushCount(): number {
  return flushes;
}

/**
 * The data directory through Node's file system, as PGlite's NodeFS, plus the one operation it
 * lacks: fsync. Emscripten's NODEFS has none, so PostgreSQL's flushes would do nothing (decision 238).
 */
class FlushingNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const result = await super.init(...args);
    const preRun = [...(result.emscriptenOpts.preRun ?? [])];
    preRun.push((mod: EmscriptenModule) => {
      mod.NODEFS.stream_ops.fsync = (stream: Stream) => {
        try {
          fs.fsyncSync(stream.nfd);
          flushes++;
          return 0;
        } catch {
          // PostgreSQL stops on a failed flush rather than carry on with data it cannot trust.
          throw new mod.FS.ErrnoError(EIO);
        }
      };
    });
    return { ...result, emscriptenOpts: { ...result.emscriptenOpts, preRun } };
  }
}

/**
 * PGlite options for a data directory whose commits are on disk when they are acknowledged
 * (decision 238): PostgreSQL runs with fsync on (PGlite's default start parameters turn it off
 * with -F) and flushes the WAL with fsync (its fdatasync is a no-op under Emscripten), through a
 * file system that really flushes.
 */
export function flushingPgliteOptions(dir: string): PGliteOptions {
  return {
    fs: new FlushingNodeFS(dir),
    startParams: [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'],
  };
}
