import { X509Certificate } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import {
  backupIsLate,
  BACKUP_MAX_AGE_HOURS,
  certificateEndsSoon,
  diskIsFull,
  messagesAreLate,
  SYSTEM_PROBLEM_KINDS,
  SYSTEM_PROBLEM_TITLES,
} from '../../shared/domain/system-health';
import type { SystemAlert, SystemHealth } from '../../shared/schemas/system';
import { readLastBackup, type LastBackup } from '../backup/last-backup';
import { appVersion } from '../backup/version';
import type { Db, Executor } from '../db/client';
import { systemAlerts } from '../db/schema';
import type { AppDeps } from '../deps';
import { distDir } from '../site/serve';
import { liveInstances } from './heartbeat';
import { waitingMessages } from './waiting-messages';

/**
 * The system's figures for Settings, "System" (docs/decisions/400-system-health.md), each read when
 * asked: nothing is kept between requests but the build's description, which does not change while
 * the process runs.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

const secondsBetween = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));

let buildInfo: Promise<{ commit: string | null; builtAt: string | null }> | undefined;

/** The running build's commit and time from dist/build-info.json, when the build wrote them. */
function readBuildInfo() {
  buildInfo ??= fs
    .readFile(path.join(distDir, 'build-info.json'), 'utf8')
    .then((text) => {
      const info = JSON.parse(text) as { commit?: unknown; builtAt?: unknown };
      return {
        commit: typeof info.commit === 'string' && info.commit ? info.commit : null,
        builtAt: typeof info.builtAt === 'string' && !Number.isNaN(Date.parse(info.builtAt)) ? info.builtAt : null,
      };
    })
    .catch(() => ({ commit: null, builtAt: null }));
  return buildInfo;
}

export type BackupFigure = SystemHealth['backup'];

/**
 * The last backup's state: late past BACKUP_MAX_AGE_HOURS; with none recorded, the app's first look
 * for one starts the same allowance, so a new install is not told on its first day that it has no
 * backup (docs/decisions/400-system-health.md).
 */
export function backupFigure(last: LastBackup | null, lookingSince: Date | null, now: Date): BackupFigure {
  if (last) {
    const lastAt = new Date(last.createdAt);
    const ageSeconds = secondsBetween(lastAt, now);
    const late = backupIsLate(ageSeconds);
    return {
      state: late ? 'late' : 'ok',
      lastAt: lastAt.toISOString(),
      ageSeconds,
      folder: last.folder,
      lookingSince: null,
      warning: late,
    };
  }
  const none = lookingSince !== null && now.getTime() - lookingSince.getTime() > BACKUP_MAX_AGE_HOURS * 3_600_000;
  return {
    state: none ? 'none' : 'none-yet',
    lastAt: null,
    ageSeconds: null,
    folder: null,
    lookingSince: lookingSince?.toISOString() ?? null,
    warning: none,
  };
}

/** DATA_DIR, or the nearest folder above it that exists (a PostgreSQL install makes DATA_DIR with its first photo). */
async function existingFolder(dir: string): Promise<string> {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if (
      await fs.stat(at).then(
        (s) => s.isDirectory(),
        () => false,
      )
    )
      return at;
    if (path.dirname(at) === at) return at;
  }
}

/** Free space on the disk that holds DATA_DIR, as `df` counts it (space kept for root is not free). */
export async function diskFigure(dataDir: string): Promise<SystemHealth['disk']> {
  try {
    const at = await existingFolder(dataDir);
    const s = await fs.statfs(at);
    const used = (s.blocks - s.bfree) * s.bsize;
    const free = s.bavail * s.bsize;
    const usedPercent = used + free > 0 ? Math.min(100, (used / (used + free)) * 100) : 0;
    return {
      path: dataDir,
      freeBytes: free,
      totalBytes: s.blocks * s.bsize,
      usedPercent: Math.round(usedPercent * 10) / 10,
      warning: diskIsFull(usedPercent),
    };
  } catch {
    return null;
  }
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await folderBytes(full);
    else if (entry.isFile()) total += (await fs.lstat(full).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/** The database's size: the server's own count on PostgreSQL; the embedded database's folder (all it keeps on disk). */
async function databaseFigure(db: Db, config: Deps['config']): Promise<SystemHealth['database']> {
  const onServer = (db as unknown as { $client?: unknown }).$client instanceof pg.Pool;
  const folder = path.join(config.dataDir, 'db');
  if (!onServer && !config.databaseUrl) {
    const bytes = await folderBytes(folder).catch(() => null);
    if (bytes !== null) return { engine: 'pglite', bytes, measured: 'data folder' };
  }
  const result = await db.execute<{ bytes: string | number }>(
    sql`select pg_database_size(current_database())::bigint as bytes`,
  );
  return {
    engine: onServer ? 'postgres' : 'pglite',
    bytes: Number(result.rows[0]?.bytes ?? 0),
    measured: 'database',
  };
}

/** The certificate file: CERT_PATH, else Let's Encrypt's for PUBLIC_BASE_URL's host when it is https. */
function certificatePath(config: Deps['config']): string | null {
  if (config.certPath) return path.resolve(config.certPath);
  const url = new URL(config.publicBaseUrl);
  if (url.protocol !== 'https:') return null;
  return `/etc/letsencrypt/live/${url.hostname}/fullchain.pem`;
}

export async function certificateFigure(config: Deps['config'], now: Date): Promise<SystemHealth['certificate']> {
  const file = certificatePath(config);
  if (!file)
    return {
      state: 'unknown',
      path: null,
      reason: 'The site is not served over https by this address (PUBLIC_BASE_URL), and CERT_PATH is not set.',
    };
  let pem: Buffer;
  try {
    pem = await fs.readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return {
      state: 'unknown',
      path: file,
      reason:
        code === 'ENOENT'
          ? `There is no certificate at ${file}.`
          : code === 'EACCES'
            ? `The app may not read ${file}: set CERT_PATH to a copy it may read.`
            : `${file} could not be read (${code ?? 'error'}).`,
    };
  }
  try {
    // The first certificate of a chain is the site's own.
    const expires = new Date(Date.parse(new X509Certificate(pem).validTo));
    if (Number.isNaN(expires.getTime())) throw new Error('no expiry');
    const daysLeft = Math.floor((expires.getTime() - now.getTime()) / 86_400_000);
    return {
      state: 'known',
      path: file,
      expiresAt: expires.toISOString(),
      daysLeft,
      warning: certificateEndsSoon(daysLeft),
    };
  } catch {
    return { state: 'unknown', path: file, reason: `${file} is not a PEM certificate.` };
  }
}

/** The problems raised and not cleared, oldest first: the banner and the section's list. */
export async function raisedAlerts(db: Executor): Promise<SystemAlert[]> {
  const rows = await db
    .select()
    .from(systemAlerts)
    // Only the kinds this release knows: a newer one may be serving beside it during an upgrade.
    .where(
      and(
        isNotNull(systemAlerts.raisedAt),
        isNull(systemAlerts.clearedAt),
        inArray(systemAlerts.kind, [...SYSTEM_PROBLEM_KINDS]),
      ),
    )
    .orderBy(asc(systemAlerts.openedAt));
  return rows.map((r) => ({
    kind: r.kind,
    title: SYSTEM_PROBLEM_TITLES[r.kind],
    detail: r.detail,
    since: r.openedAt.toISOString(),
  }));
}

/** Since when the app has looked for a backup without finding one: the open backup row's opening. */
async function backupLookingSince(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({ openedAt: systemAlerts.openedAt })
    .from(systemAlerts)
    .where(and(eq(systemAlerts.kind, 'backup'), isNull(systemAlerts.clearedAt)));
  return row?.openedAt ?? null;
}

export async function readSystemHealth(deps: Deps, answering: { id: string }): Promise<SystemHealth> {
  const { db, config } = deps;
  const now = deps.clock.now();
  const [build, instances, last, lookingSince, messages, disk, database, certificate, alerts] = await Promise.all([
    readBuildInfo(),
    liveInstances(db, now),
    readLastBackup(config.dataDir),
    backupLookingSince(db),
    waitingMessages(db, now),
    diskFigure(config.dataDir),
    databaseFigure(db, config),
    certificateFigure(config, now),
    raisedAlerts(db),
  ]);
  return {
    checkedAt: now.toISOString(),
    version: { version: appVersion().version, ...build },
    instances: instances.map((i) => ({
      name: i.name,
      startedAt: i.startedAt.toISOString(),
      lastSeenAt: i.lastSeenAt.toISOString(),
      uptimeSeconds: secondsBetween(i.startedAt, now),
      answering: i.id === answering.id,
    })),
    backup: backupFigure(last, lookingSince, now),
    messages: { ...messages, warning: messagesAreLate(messages.oldestWaitSeconds) },
    disk,
    database,
    certificate,
    alerts,
  };
}
