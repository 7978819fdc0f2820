import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { perthTimestamp } from '../../shared/domain/perth-time';
import { BackupError } from './errors';

/** What kind of folder this is; a restore refuses any other (docs/decisions/235-backups.md). */
export const BACKUP_FORMAT = 'mobile-tyre-booking-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
/** The embedded database's key for secrets at rest, as kept in a backup folder (decision 403). */
export const SECRETS_KEY_FILE = 'secrets.key';

export const FILE_KINDS = ['photos', 'invoices'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

const checkedFile = z.object({
  path: z.string().min(1),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[a-f0-9]{64}$/),
});

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  createdAt: z.iso.datetime({ offset: true }),
  /** The same instant as shown in the folder name (Perth time). */
  createdAtPerth: z.string(),
  app: z.object({ name: z.string(), version: z.string() }),
  engine: z.enum(['postgres', 'pglite']),
  /** The database server's version, e.g. "15.18" or PGlite's "18.6". */
  serverVersion: z.string(),
  /** What made the database dump, e.g. "pg_dump (PostgreSQL) 15.18": a restore needs a pg_restore at least as new. */
  dumpTool: z.string(),
  migrations: z.object({
    applied: z.number().int().nonnegative(),
    lastTag: z.string().nullable(),
    lastCreatedAt: z.number().nullable(),
  }),
  database: checkedFile,
  /** Rows per table (schema.table) at the moment of the dump. */
  tables: z.record(z.string(), z.number().int().nonnegative()),
  files: z.array(checkedFile.extend({ kind: z.enum(FILE_KINDS), name: z.string().min(1) })),
  /** Files a row named at the moment of the dump but that were gone when the files were copied (removed meanwhile). */
  missingFiles: z.array(z.object({ kind: z.enum(FILE_KINDS), name: z.string() })),
  fileStorage: z.enum(['local', 's3']),
  /**
   * The embedded database's DATA_DIR/secrets.key, which seals the two-factor secrets in it (decision
   * 401): without it a restore on a new machine loses everyone's two-factor. Absent when the key is
   * SECRETS_KEY in the environment (every PostgreSQL server), or in a backup made before decision 403.
   */
  secretsKey: checkedFile.optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type BackupFile = Manifest['files'][number];

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The backup folder's name: tyres-backup-2026-11-23-030012 (Perth date and time), sorting by age. */
export function backupFolderName(at: Date): string {
  return `tyres-backup-${perthTimestamp(at).replace(' ', '-').replaceAll(':', '')}`;
}

/** Safe relative paths only: a manifest must not point outside its folder. */
function assertInside(folder: string, relative: string): string {
  const full = path.resolve(folder, relative);
  if (path.isAbsolute(relative) || !full.startsWith(path.resolve(folder) + path.sep))
    throw new BackupError(`The manifest names a file outside the backup folder (${relative}): refusing this backup.`);
  return full;
}

/** Reads the manifest of a backup folder; a missing folder, missing or malformed manifest is refused with what is wrong. */
export async function readManifest(folder: string): Promise<Manifest> {
  const stat = await fs.stat(folder).catch(() => undefined);
  if (!stat)
    throw new BackupError(
      `No backup at ${folder}: give the folder that npm run db:backup made (it holds ${MANIFEST_FILE}).`,
    );
  if (!stat.isDirectory())
    throw new BackupError(
      `${folder} is not a folder: give the backup folder that npm run db:backup made (unpack it first if you archived it).`,
    );
  const text = await fs.readFile(path.join(folder, MANIFEST_FILE), 'utf8').catch(() => undefined);
  if (text === undefined)
    throw new BackupError(
      `${folder} has no ${MANIFEST_FILE}: it is not a complete backup (an interrupted backup never gets one).`,
    );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${path.join(folder, MANIFEST_FILE)} is not valid JSON: the backup is damaged.`);
  }
  if (json && typeof json === 'object' && (json as { format?: unknown }).format !== BACKUP_FORMAT)
    throw new BackupError(`${folder} is not a backup of this app (its manifest is not a ${BACKUP_FORMAT}).`);
  if (
    json &&
    typeof json === 'object' &&
    typeof (json as { formatVersion?: unknown }).formatVersion === 'number' &&
    (json as { formatVersion: number }).formatVersion > FORMAT_VERSION
  ) {
    throw new BackupError(
      `${folder} was made by a newer version of the app (backup format ${(json as { formatVersion: number }).formatVersion}); restore it with that version or newer.`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success)
    throw new BackupError(`${path.join(folder, MANIFEST_FILE)} is damaged: ${z.prettifyError(parsed.error)}`);
  for (const f of [
    parsed.data.database,
    ...parsed.data.files,
    ...(parsed.data.secretsKey ? [parsed.data.secretsKey] : []),
  ])
    assertInside(folder, f.path);
  return parsed.data;
}

/**
 * Every file the manifest lists is there with its size and sha256, before a restore touches anything:
 * an altered, truncated or missing file refuses the whole backup, naming the files.
 */
export async function verifyBackupFiles(folder: string, manifest: Manifest): Promise<void> {
  const problems: string[] = [];
  for (const f of [manifest.database, ...manifest.files, ...(manifest.secretsKey ? [manifest.secretsKey] : [])]) {
    const full = assertInside(folder, f.path);
    const stat = await fs.stat(full).catch(() => undefined);
    if (!stat?.isFile()) problems.push(`${f.path} is missing`);
    else if (stat.size !== f.size) problems.push(`${f.path} is ${stat.size} bytes, the manifest says ${f.size}`);
    else if ((await sha256OfFile(full)) !== f.sha256)
      problems.push(`${f.path} does not match its sha256 (altered or corrupt)`);
    if (problems.length >= 10) break;
  }
  if (problems.length)
    throw new BackupError(`The backup at ${folder} is damaged; nothing was restored:\n  - ${problems.join('\n  - ')}`);
}

export async function writeManifest(folder: string, manifest: Manifest): Promise<void> {
  await fs.writeFile(path.join(folder, MANIFEST_FILE), `${JSON.stringify(manifestSchema.parse(manifest), null, 2)}\n`);
}
