import { FILE_KINDS, type FileKind } from './manifest';
import type { BackupStores } from './files';

export type FileCopyReport = { copied: number; alreadyThere: number; total: number; byKind: Record<FileKind, number> };

/**
 * Copies every whole stored file that the other side does not hold yet, by name (docs/decisions/
 * 403-pgbackrest-backups.md): photos and invoice PDF versions are written once under a new name and
 * never changed in place, so a name already there is the same file. Nothing is removed from `to`: a
 * database restored to an earlier minute may name a file deleted since, and the copy still has it.
 */
export async function copyMissingFiles(from: BackupStores, to: BackupStores): Promise<FileCopyReport> {
  const report: FileCopyReport = { copied: 0, alreadyThere: 0, total: 0, byKind: { photos: 0, invoices: 0 } };
  for (const kind of FILE_KINDS) {
    const there = new Set((await to[kind].list()).filter((f) => !f.isTemporary).map((f) => f.name));
    for (const { name, isTemporary } of await from[kind].list()) {
      if (isTemporary) continue;
      if (there.has(name)) {
        report.alreadyThere++;
        continue;
      }
      const data = await from[kind].read(name).catch((err: unknown) => {
        // Removed between the listing and the read: nothing left to copy.
        if ((err as { code?: unknown })?.code === 'ENOENT') return undefined;
        throw err;
      });
      if (!data) continue;
      await to[kind].save(name, data);
      there.add(name);
      report.copied++;
    }
    report.byKind[kind] = there.size;
    report.total += there.size;
  }
  return report;
}
