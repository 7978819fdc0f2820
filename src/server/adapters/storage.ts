import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** A stored file: a whole file, or (local disk only) the temporary file of a write still in progress or cut off by a crash. */
export type StoredFile = { name: string; modifiedAt: Date; isTemporary: boolean };

/**
 * One kind of stored file (photos or invoice PDFs) on local disk or in an S3-compatible bucket
 * (decision 220). Names are chosen by the server, never by an uploader; other names are refused.
 * `list`, `read` and `save` are also what a backup and its restore use to copy every file.
 */
export type FileStore = {
  /** Resolves once the file is durably in place under its name (never a half-written file). */
  save(name: string, data: Buffer): Promise<void>;
  /** The file's bytes; a missing file throws StoredFileMissingError, whatever the backend. */
  read(name: string): Promise<Buffer>;
  /** Removes a file (or a temporary file); removing a missing file is not an error. */
  remove(name: string): Promise<void>;
  /** Every stored (and temporary) file with this store's names: for crash clean-up, backups and orphan checks. */
  list(): Promise<StoredFile[]>;
};

/** Where uploaded photos live (decision 194). */
export type PhotoStorage = FileStore;

/** The same error on every backend for a file that is not there. */
export class StoredFileMissingError extends Error {
  readonly code = 'ENOENT';
  constructor(readonly fileName: string) {
    super(`No stored file named ${fileName}`);
  }
}

/** Saving under a name that already holds a file, in a store that never overwrites (invoice PDFs, decision 200). */
export class StoredFileExistsError extends Error {
  readonly code = 'EEXIST';
  constructor(readonly fileName: string) {
    super(`A stored file named ${fileName} already exists and is never overwritten`);
  }
}

/** The names one kind of file may have: what the server generates, and its temporary form on local disk. */
export type FileNames = { label: string; safe: RegExp; temporary: RegExp };

export const PHOTO_NAMES: FileNames = {
  label: 'photo',
  safe: /^[a-f0-9]{32}\.(jpg|png|webp)$/,
  temporary: /^\.[a-f0-9]{32}\.(jpg|png|webp)\.[a-f0-9]{8}\.tmp$/,
};

export function assertSafeName(names: FileNames, name: string, opts: { temporaryToo?: boolean } = {}): void {
  if (!names.safe.test(name) && !(opts.temporaryToo && names.temporary.test(name)))
    throw new Error(`Refusing unsafe ${names.label} file name: ${name}`);
}

/** A read of a missing local file becomes the backend-independent error. */
export async function readLocalFile(dir: string, name: string): Promise<Buffer> {
  return fs.readFile(path.join(dir, name)).catch((err: NodeJS.ErrnoException) => {
    throw err.code === 'ENOENT' ? new StoredFileMissingError(name) : err;
  });
}

/** The files in `dir` that have one of the store's names (a missing folder is an empty store). */
export async function listLocalFiles(dir: string, names: FileNames): Promise<StoredFile[]> {
  const entries = await fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const files: StoredFile[] = [];
  for (const name of entries) {
    const isTemporary = names.temporary.test(name);
    if (!isTemporary && !names.safe.test(name)) continue;
    const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
    if (stat?.isFile()) files.push({ name, modifiedAt: stat.mtime, isTemporary });
  }
  return files;
}

/** Flushes a directory entry (a rename) to disk; some platforms cannot open a directory, which is fine there. */
export async function syncDirectory(dir: string): Promise<void> {
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
 * Writes `data` to a temporary file beside `name`, flushes it to disk, moves it into place with
 * `place` (rename, or link to refuse an existing name) and flushes the folder; the temporary file
 * never outlives the call, whatever fails (decision 194).
 */
export async function placeLocalFile(
  dir: string,
  name: string,
  data: Buffer,
  place: (tmp: string, final: string) => Promise<void>,
): Promise<void> {
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
    await place(tmp, path.join(dir, name));
    await syncDirectory(dir);
  } finally {
    await fs.rm(tmp, { force: true });
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
      assertSafeName(PHOTO_NAMES, name);
      await placeLocalFile(dir, name, data, (tmp, final) => fs.rename(tmp, final));
    },
    async read(name) {
      assertSafeName(PHOTO_NAMES, name);
      return readLocalFile(dir, name);
    },
    async remove(name) {
      assertSafeName(PHOTO_NAMES, name, { temporaryToo: true });
      await fs.rm(path.join(dir, name), { force: true });
    },
    list: () => listLocalFiles(dir, PHOTO_NAMES),
  };
}
