import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const MEMORY = '/dev/shm';
/** statfs's type for tmpfs: files there live in memory. */
const TMPFS = 0x01021994;
/** Room the test suites' throwaway databases need at most at once, with plenty to spare. */
const ROOM = 2 * 1024 ** 3;

let root;

/**
 * Where tests keep throwaway database files: in memory (/dev/shm) when the machine has a tmpfs there
 * with room to spare, else the system's temporary folder. Every API test file copies a migrated
 * database (41 MB, 1,200 files) and deletes it afterwards, and the PostgreSQL suite's server creates
 * and drops a database per file; on a disk mounted with `discard`, copying and deleting took 1.5 to
 * 2.3 s per file, a third of the API suite (docs/decisions/386-test-databases-in-memory.md).
 */
function scratchRoot() {
  if (root === undefined) {
    try {
      const fsInfo = fs.statfsSync(MEMORY);
      root = fsInfo.type === TMPFS && fsInfo.bavail * fsInfo.bsize >= ROOM ? MEMORY : os.tmpdir();
    } catch {
      root = os.tmpdir();
    }
  }
  return root;
}

/** A new empty folder for throwaway database files (see scratchRoot), its name starting with `prefix`. */
export function makeScratchDir(prefix) {
  return fs.mkdtempSync(path.join(scratchRoot(), prefix));
}
