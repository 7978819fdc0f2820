import { z } from 'zod';
import { SYSTEM_PROBLEM_KINDS } from '../domain/system-health';

/** Instants travel as ISO 8601 strings; lengths of time as whole seconds. */
const instant = z.string();
const seconds = z.number().int().nonnegative();

/** A problem the owner has been told of and that has not cleared (docs/decisions/400-system-health.md). */
export const systemAlert = z.object({
  kind: z.enum(SYSTEM_PROBLEM_KINDS),
  title: z.string(),
  /** The figure in words as the last check saw it, e.g. "The last backup was 30 hours ago." */
  detail: z.string(),
  /** When the problem was first seen. */
  since: instant,
});
export type SystemAlert = z.infer<typeof systemAlert>;

/** The system's figures, as Settings, "System" shows them to an admin (docs/decisions/400-system-health.md). */
export const systemHealth = z.object({
  checkedAt: instant,
  version: z.object({
    /** package.json's version. */
    version: z.string(),
    /** The git commit the build was made from, when the build recorded one (dist/build-info.json). */
    commit: z.string().nullable(),
    builtAt: instant.nullable(),
  }),
  /** The instances seen in the last two minutes, oldest first. */
  instances: z.array(
    z.object({
      name: z.string(),
      startedAt: instant,
      lastSeenAt: instant,
      uptimeSeconds: seconds,
      /** The instance that answered this request. */
      answering: z.boolean(),
    }),
  ),
  backup: z.object({
    /**
     * ok: the last backup is recent; late: it is older than the limit; none-yet: no backup has been
     * recorded, and the app has not looked for one that long yet; none: no backup for that long.
     */
    state: z.enum(['ok', 'late', 'none-yet', 'none']),
    lastAt: instant.nullable(),
    ageSeconds: seconds.nullable(),
    /** The backup's folder on this machine. */
    folder: z.string().nullable(),
    /** Without a backup: since when the app has been looking for one (null before the first check). */
    lookingSince: instant.nullable(),
    warning: z.boolean(),
  }),
  messages: z.object({
    emailsWaiting: z.number().int().nonnegative(),
    textsWaiting: z.number().int().nonnegative(),
    /** How long the message waiting longest has waited to go; null when none waits. */
    oldestWaitSeconds: seconds.nullable(),
    warning: z.boolean(),
  }),
  /** The disk that holds DATA_DIR; null when it cannot be read. */
  disk: z
    .object({
      path: z.string(),
      freeBytes: z.number().nonnegative(),
      totalBytes: z.number().nonnegative(),
      usedPercent: z.number().min(0).max(100),
      warning: z.boolean(),
    })
    .nullable(),
  database: z.object({
    engine: z.enum(['postgres', 'pglite']),
    bytes: z.number().nonnegative(),
    /** What was measured: the database on the server, or the embedded database's folder. */
    measured: z.enum(['database', 'data folder']),
  }),
  certificate: z.discriminatedUnion('state', [
    z.object({
      state: z.literal('known'),
      path: z.string(),
      expiresAt: instant,
      daysLeft: z.number().int(),
      warning: z.boolean(),
    }),
    z.object({
      state: z.literal('unknown'),
      /** The file looked for, when there was one to look for. */
      path: z.string().nullable(),
      reason: z.string(),
    }),
  ]),
  /** The problems raised and not cleared: what the dashboard's banner shows. */
  alerts: z.array(systemAlert),
});
export type SystemHealth = z.infer<typeof systemHealth>;
