import fs from 'node:fs/promises';
import path from 'node:path';
import { BackupError } from './errors';
import { FILE_KINDS, sha256Of, type BackupFile, type FileKind, type Manifest } from './manifest';

/** What a backup needs of a file store (adapters/storage's FileStore, on local disk or S3). */
export type StoreForBackup = {
  list(): Promise<{ name: string; isTemporary: boolean }[]>;
  read(name: string): Promise<Buffer>;
  save(name: string, data: Buffer): Promise<void>;
  remove(name: string): Promise<void>;
};
export type BackupStores = Record<FileKind, StoreForBackup>;

const isMissing = (err: unknown) => (err as { code?: unknown })?.code === 'ENOENT';

/**
 * Copies every whole stored file (temporary ones are writes in progress) into files/<kind>/ of the
 * backup folder, after the database dump: a file that a dumped row names was written before that
 * row committed (decision 194), so it is there, unless it was removed since (reported as missing).
 */
export async function copyFilesOut(stores: BackupStores, folder: string, named: Record<FileKind, string[]>) {
  const files: BackupFile[] = [];
  const missingFiles: Manifest['missingFiles'] = [];
  for (const kind of FILE_KINDS) {
    const dir = path.join(folder, 'files', kind);
    await fs.mkdir(dir, { recursive: true });
    const copied = new Set<string>();
    for (const { name, isTemporary } of await stores[kind].list()) {
      if (isTemporary) continue;
      const data = await stores[kind].read(name).catch((err: unknown) => {
        if (isMissing(err)) return undefined;
        throw err;
      });
      if (!data) continue;
      await fs.writeFile(path.join(dir, name), data);
      files.push({ kind, name, path: `files/${kind}/${name}`, size: data.length, sha256: sha256Of(data) });
      copied.add(name);
    }
    for (const name of named[kind]) if (!copied.has(name)) missingFiles.push({ kind, name });
  }
  return { files, missingFiles };
}

/** Stored files now, per kind (temporary ones too): what a restore would overwrite or leave behind. */
export async function storedFiles(stores: BackupStores): Promise<Record<FileKind, string[]>> {
  const out = {} as Record<FileKind, string[]>;
  for (const kind of FILE_KINDS) out[kind] = (await stores[kind].list()).map((f) => f.name);
  return out;
}

/** Puts every file of the backup into the stores; a file already there with the same bytes is kept. */
export async function restoreFiles(
  stores: BackupStores,
  folder: string,
  manifest: Manifest,
  present: Record<FileKind, string[]>,
): Promise<{ written: number; unchanged: number }> {
  let written = 0;
  let unchanged = 0;
  for (const f of manifest.files) {
    const data = await fs.readFile(path.join(folder, f.path));
    if (sha256Of(data) !== f.sha256)
      throw new BackupError(
        `${f.path} changed while being restored (it no longer matches its sha256); the database was not touched.`,
      );
    const store = stores[f.kind];
    if (present[f.kind].includes(f.name)) {
      const current = await store.read(f.name).catch(() => undefined);
      if (current && sha256Of(current) === f.sha256) {
        unchanged++;
        continue;
      }
      // Only reached with --force: invoice PDFs are never overwritten in place, so the old one goes first.
      await store.remove(f.name);
    }
    await store.save(f.name, data);
    written++;
  }
  return { written, unchanged };
}

/** With --force, after the database is restored: stored files the backup does not hold are removed. */
export async function removeFilesNotIn(
  stores: BackupStores,
  manifest: Manifest,
  present: Record<FileKind, string[]>,
): Promise<number> {
  let removed = 0;
  for (const kind of FILE_KINDS) {
    const keep = new Set(manifest.files.filter((f) => f.kind === kind).map((f) => f.name));
    for (const name of present[kind]) {
      if (keep.has(name)) continue;
      await stores[kind].remove(name);
      removed++;
    }
  }
  return removed;
}
