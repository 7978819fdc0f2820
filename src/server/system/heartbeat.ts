import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { asc, eq, gt, lt } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { appInstances } from '../db/schema';
import { every, type Periodic } from '../scheduler/every';

/** How often each instance says it is alive. */
export const HEARTBEAT_MS = 30_000;
/** An instance not heard from for this long is not listed: stopped without saying so (killed, or its machine lost). */
export const INSTANCE_SILENT_MS = 2 * 60_000;
/** A silent instance's row is removed this long after it was last seen. */
const FORGET_AFTER_MS = 86_400_000;

/** INSTANCE_NAME, else the machine's name and the port: how Settings, "System" names this instance. */
export function instanceNameOf(config: AppDeps['config']): string {
  return config.instanceName ?? `${os.hostname()}:${config.port}`;
}

export type Heartbeat = {
  /** This process's row. */
  readonly id: string;
  readonly name: string;
  /** Writes the row now and then every HEARTBEAT_MS. */
  start(): Promise<void>;
  /** No more beats; the row is removed, so a stopped instance leaves the list at once. */
  stop(): Promise<void>;
};

/**
 * Each instance's row in `app_instances` (docs/decisions/400-system-health.md): written as it
 * starts and every 30 seconds by every instance (each beats for itself, so the job is not claimed
 * once across instances), removed as it stops. The beat also forgets instances silent for a day.
 */
export function createHeartbeat(deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'log'>): Heartbeat {
  const id = randomUUID();
  const name = instanceNameOf(deps.config);
  let startedAt: Date | undefined;
  let periodic: Periodic | undefined;

  async function beat() {
    const now = deps.clock.now();
    startedAt ??= now;
    await deps.db
      .insert(appInstances)
      .values({ id, name, startedAt, lastSeenAt: now })
      .onConflictDoUpdate({ target: appInstances.id, set: { lastSeenAt: now } });
    await deps.db.delete(appInstances).where(lt(appInstances.lastSeenAt, new Date(now.getTime() - FORGET_AFTER_MS)));
  }

  return {
    id,
    name,
    async start() {
      await beat();
      periodic ??= every({ name: 'instance-heartbeat', intervalMs: HEARTBEAT_MS, log: deps.log, run: beat });
    },
    async stop() {
      await periodic?.stop();
      periodic = undefined;
      await deps.db
        .delete(appInstances)
        .where(eq(appInstances.id, id))
        .catch((err: unknown) => deps.log.warn({ err }, 'Could not remove this instance from the list of instances'));
    },
  };
}

/** The instances heard from in the last two minutes, the longest running first. */
export async function liveInstances(db: Executor, now: Date) {
  return db
    .select()
    .from(appInstances)
    .where(gt(appInstances.lastSeenAt, new Date(now.getTime() - INSTANCE_SILENT_MS)))
    .orderBy(asc(appInstances.startedAt), asc(appInstances.name));
}
