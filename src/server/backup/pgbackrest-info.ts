import { z } from 'zod';
import { BackupError } from './errors';

/**
 * What `pgbackrest --output=json info` says of a stanza's backups, as far as the app reads it: the
 * newest one's label, when it ended and its size in the repository (docs/decisions/
 * 403-pgbackrest-backups.md). Other fields are ignored, so a newer pgBackRest adding some is fine.
 */
const infoSchema = z.array(
  z.object({
    name: z.string(),
    status: z.object({ code: z.number(), message: z.string() }),
    cipher: z.string().optional(),
    repo: z.array(z.object({ key: z.number(), cipher: z.string().optional() })).optional(),
    backup: z.array(
      z.object({
        label: z.string(),
        type: z.string(),
        timestamp: z.object({ start: z.number(), stop: z.number() }),
        error: z.boolean().optional(),
        info: z.object({
          size: z.number(),
          repository: z.object({ size: z.number().optional(), delta: z.number() }),
        }),
      }),
    ),
  }),
);

export type PgbackrestBackup = {
  stanza: string;
  label: string;
  type: string;
  stoppedAt: Date;
  /** Bytes of the whole backup set in the repository, compressed (what a restore reads). */
  repositoryBytes: number;
  /** The database's own size. */
  databaseBytes: number;
  encrypted: boolean;
};

/** The newest complete backup of the stanza; a stanza without one is refused with what to run. */
export function newestPgbackrestBackup(json: string, stanza: string): PgbackrestBackup {
  let parsed;
  try {
    parsed = infoSchema.safeParse(JSON.parse(json));
  } catch {
    throw new BackupError("pgBackRest's info is not JSON: give the output of `pgbackrest --output=json info`.");
  }
  if (!parsed.success)
    throw new BackupError(`pgBackRest's info does not read as expected: ${z.prettifyError(parsed.error)}`);
  const entry = parsed.data.find((s) => s.name === stanza);
  if (!entry) throw new BackupError(`pgBackRest knows no stanza '${stanza}' (pgbackrest info lists the stanzas).`);
  const complete = entry.backup.filter((b) => !b.error);
  const newest = complete.reduce<(typeof complete)[number] | undefined>(
    (a, b) => (!a || b.timestamp.stop > a.timestamp.stop ? b : a),
    undefined,
  );
  if (!newest)
    throw new BackupError(
      `Stanza '${stanza}' has no complete backup yet (${entry.status.message}): run \`pgbackrest --stanza=${stanza} backup\` as postgres.`,
    );
  const cipher = entry.cipher ?? entry.repo?.[0]?.cipher ?? 'none';
  return {
    stanza,
    label: newest.label,
    type: newest.type,
    stoppedAt: new Date(newest.timestamp.stop * 1000),
    repositoryBytes: newest.info.repository.size ?? newest.info.repository.delta,
    databaseBytes: newest.info.size,
    encrypted: cipher !== 'none',
  };
}
