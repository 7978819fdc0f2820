import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** A file in photo storage: a stored photo, or the temporary file of a write still in progress (or cut off by a crash). */
export type StoredFile = { name: string; modifiedAt: Date; isTemporary: boolean };

/** Where uploaded photos live. Names are chosen by the server (random), never by the uploader. */
export type PhotoStorage = {
  /** Resolves once the file is durably in place under its name (never a half-written file). */
  save(name: string, data: Buffer): Promise<void>;
  read(name: string): Promise<Buffer>;
  /** Removes a photo or a temporary file; other names are refused. */
  remove(name: string): Promise<void>;
  /** Every photo and temporary file, for the start-up clean-up of what a crash left (decision 194). */
  list(): Promise<StoredFile[]>;
};

const SAFE_NAME = /^[a-f0-9]{32}\.(jpg|png|webp)$/;
const TEMPORARY_NAME = /^\.[a-f0-9]{32}\.(jpg|png|webp)\.[a-f0-9]{8}\.tmp$/;

function assertSafeName(name: string, opts: { temporaryToo?: boolean } = {}): void {
  if (!SAFE_NAME.test(name) && !(opts.temporaryToo && TEMPORARY_NAME.test(name))) throw new Error(`Refusing unsafe photo file name: ${name}`);
}

/** Flushes a directory entry (a rename) to disk; some platforms cannot open a directory, which is fine there. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // Not supported on this file system: the rename is still atomic.
  } finally {
    await handle.close();
  }
}

/**
 * Local disk under DATA_DIR/photos. A write goes to a temporary file, is flushed to disk, then
 * renamed into place (and the directory flushed), so a crash leaves either nothing under the final
 * name or the whole file: the row that names it is committed only after this (decision 194).
 */
export function createLocalPhotoStorage(dataDir: string): PhotoStorage {
  const dir = path.join(dataDir, 'photos');
  return {
    async save(name, data) {
      assertSafeName(name);
      await fs.mkdir(dir, { recursive: true });
      const tmp = path.join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
      try {
        const handle = await fs.open(tmp, 'wx');
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(tmp, path.join(dir, name));
        await syncDirectory(dir);
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
    },
    async read(name) {
      assertSafeName(name);
      return fs.readFile(path.join(dir, name));
    },
    async remove(name) {
      assertSafeName(name, { temporaryToo: true });
      await fs.rm(path.join(dir, name), { force: true });
    },
    async list() {
      const names = await fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [];
        throw err;
      });
      const files: StoredFile[] = [];
      for (const name of names) {
        const isTemporary = TEMPORARY_NAME.test(name);
        if (!isTemporary && !SAFE_NAME.test(name)) continue;
        const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
        if (stat?.isFile()) files.push({ name, modifiedAt: stat.mtime, isTemporary });
      }
      return files;
    },
  };
}
