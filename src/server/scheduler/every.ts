import { lt, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../db/client';
import { schedulerTicks } from '../db/schema';

/**
 * The one scheduler for periodic work (docs/decisions/393-one-scheduler.md): the hold sweep, the
 * overdue invoice reminders, the automated messages, the outboxes' retry ticks and the live
 * notifications' upkeep all run on `every`.
 *
 * - Time is cut into periods of the interval, counted from 1970 (UTC), and a job ticks once in each,
 *   at a random moment between its middle and its middle plus the jitter: two instances started
 *   together do not fire together, and a clock a little off another still names the same tick.
 * - In one process a job never overlaps itself: a tick that comes while a run is going is skipped.
 * - A job given `claimIn` runs each tick in one instance only: the run holds a session advisory
 *   lock on the job's name (no other instance runs it meanwhile, however long it takes) and claims
 *   its tick in `scheduler_ticks` (no other instance runs that tick after it). Without `claimIn` the
 *   work is this process's own (its sockets, its delivery pass) and every instance does it.
 * - A run that fails is logged; the next tick runs as usual. `stop()` cancels the timer and waits
 *   for a run in progress.
 */

export type EveryLog = {
  debug(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
};

/** A tick: `n` whole intervals since 1970, starting `at`. */
export type Tick = { n: number; at: Date };

export type EveryOptions = {
  /** Names the job in the logs and, with `claimIn`, its lock and its row in scheduler_ticks. */
  name: string;
  intervalMs: number;
  /** How far after the middle of its period a tick may fire; by default a tenth of the interval, at most a second. */
  jitterMs?: number;
  log: EveryLog;
  /** The database the instances share: each tick then runs in one instance only. */
  claimIn?: Db;
  run(tick: Tick): unknown;
};

export type Periodic = {
  readonly name: string;
  /** Runs the current tick now, under the same rules as the timer's; answers whether it ran here. */
  runNow(): Promise<boolean>;
  /** No tick after this; waits for a run in progress. */
  stop(): Promise<void>;
};

/**
 * The advisory lock class of the scheduler's jobs: `pg_try_advisory_lock(7301020, hashtext(name))`.
 * Other keys in use: decision 222.
 */
const SCHEDULER_LOCK_CLASS = 7301020;

export function every(opts: EveryOptions): Periodic {
  const { name, intervalMs: interval, log, claimIn } = opts;
  if (!Number.isInteger(interval) || interval <= 0)
    throw new Error(`every(${name}): the interval must be a positive whole number of milliseconds, not ${interval}`);
  // Ticks fire in the middle quarter of their period at most, so a tick is never mistaken for its neighbour.
  const jitter = Math.max(0, Math.min(opts.jitterMs ?? Math.min(1_000, interval / 10), interval / 4));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<boolean> | undefined;
  let stopped = false;
  /** The last tick the timer was set for: ticks only move forward, whatever the clock does. */
  let armedFor = Number.NEGATIVE_INFINITY;

  function arm() {
    if (stopped) return;
    const now = Date.now();
    const offset = interval / 2 + Math.random() * jitter;
    let n = Math.max(armedFor + 1, Math.floor(now / interval));
    if (n * interval + offset <= now) n++;
    armedFor = n;
    timer = setTimeout(
      () => {
        arm();
        void tick(n);
      },
      n * interval + offset - now,
    );
    timer.unref();
  }

  async function runTick(n: number): Promise<boolean> {
    const at = new Date(n * interval);
    try {
      if (!claimIn) {
        await opts.run({ n, at });
        return true;
      }
      return await runClaimed(claimIn, name, at, log, () => opts.run({ n, at }));
    } catch (err) {
      log.error({ err, job: name }, `Periodic job ${name} failed; the next tick runs as usual`);
      return false;
    }
  }

  function tick(n: number): Promise<boolean> {
    if (stopped) return Promise.resolve(false);
    if (running) {
      log.debug({ job: name }, `Periodic job ${name}: tick skipped, the last run is still running`);
      return Promise.resolve(false);
    }
    const run = runTick(n);
    running = run;
    void run.finally(() => {
      if (running === run) running = undefined;
    });
    return run;
  }

  arm();
  return {
    name,
    runNow: () => tick(Math.floor(Date.now() / interval)),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** One connection for the run's length: the session that holds the job's lock. */
type Session = { db: Db; release(err?: Error): void };

async function openSession(db: Db): Promise<Session> {
  const client = (db as unknown as { $client?: unknown }).$client;
  // PGlite (the embedded database) is one process on one connection: the lock is always granted
  // there (it is re-entrant in a session), and the tick's claim alone decides.
  if (!(client instanceof pg.Pool)) return { db, release() {} };
  const conn = await client.connect();
  // A checked-out connection has no listener for a connection lost while idle: without one, the error would stop the process.
  const onError = () => undefined;
  conn.on('error', onError);
  return {
    db: drizzle(conn) as unknown as Db,
    release(err) {
      conn.removeListener('error', onError);
      conn.release(err);
    },
  };
}

/** Runs `work` if this instance gets the job's lock and claims the tick starting `at`; answers whether it ran. */
async function runClaimed(db: Db, name: string, at: Date, log: EveryLog, work: () => unknown): Promise<boolean> {
  const session = await openSession(db);
  /** A statement of the session failed: the connection is dropped, not returned, so its session (and any lock) ends. */
  let broken: Error | undefined;
  const onSession = async <T>(statement: Promise<T>): Promise<T> => {
    try {
      return await statement;
    } catch (err) {
      broken = err instanceof Error ? err : new Error(String(err));
      throw err;
    }
  };
  try {
    const lock = await onSession(
      session.db.execute<{ locked: boolean }>(
        sql`select pg_try_advisory_lock(${SCHEDULER_LOCK_CLASS}, hashtext(${name})) as locked`,
      ),
    );
    if (!lock.rows[0]?.locked) {
      log.debug({ job: name }, `Periodic job ${name}: tick skipped, another instance is running it`);
      return false;
    }
    try {
      const claimed = await onSession(
        session.db
          .insert(schedulerTicks)
          .values({ job: name, periodStart: at, claimedAt: sql`now()` })
          .onConflictDoUpdate({
            target: schedulerTicks.job,
            set: { periodStart: at, claimedAt: sql`now()` },
            setWhere: lt(schedulerTicks.periodStart, at),
          })
          .returning({ job: schedulerTicks.job }),
      );
      if (claimed.length === 0) {
        log.debug({ job: name }, `Periodic job ${name}: tick skipped, another instance has run it`);
        return false;
      }
      await work();
      return true;
    } finally {
      await onSession(
        session.db.execute(sql`select pg_advisory_unlock(${SCHEDULER_LOCK_CLASS}, hashtext(${name}))`),
      ).catch(() => undefined);
    }
  } finally {
    session.release(broken);
  }
}
