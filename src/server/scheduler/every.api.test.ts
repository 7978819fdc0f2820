import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../../tests/helpers/database';
import { openPostgres, type Database, type Db } from '../db/client';
import { every, type EveryLog, type Periodic } from './every';

/**
 * A periodic job given `claimIn` runs each tick in one instance only (docs/decisions/393-one-scheduler.md).
 * Each job here records its runs in a table; the tests wait for runs to happen (events), never for
 * a fixed time, so a slow machine makes them slower, not wrong.
 */

const INTERVAL = 100;
const JITTER = 20;
/** How long a wait for runs may take before the test fails (a bound, not a pause: waits end at the event). */
const PATIENCE_MS = 20_000;

type Run = { tick: number; instance: string };

/** The runs of the jobs under test, as they happen, and waits on them. */
function runLog() {
  const runs: Run[] = [];
  let waiters: { done: () => boolean; resolve: () => void }[] = [];
  const wake = () => {
    waiters = waiters.filter((w) => {
      if (!w.done()) return true;
      w.resolve();
      return false;
    });
  };
  return {
    runs,
    add(run: Run) {
      runs.push(run);
      wake();
    },
    wake,
    /** Resolves when `done()` holds, checked at every run (or wake). */
    until(done: () => boolean, what: string): Promise<void> {
      if (done()) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const bound = setTimeout(
          () => reject(new Error(`No ${what} within ${PATIENCE_MS} ms; runs so far: ${JSON.stringify(runs)}`)),
          PATIENCE_MS,
        );
        waiters.push({
          done,
          resolve: () => {
            clearTimeout(bound);
            resolve();
          },
        });
      });
    },
  };
}

/** An instance's logger: keeps the messages, and wakes the waits at each. */
function instanceLog(onLine: () => void) {
  const lines: string[] = [];
  const keep = (obj: object | string, msg?: string) => {
    lines.push(typeof obj === 'string' ? obj : (msg ?? ''));
    onLine();
  };
  const log: EveryLog = { debug: keep, warn: keep, error: keep };
  return { log, lines };
}

async function createRunsTable(db: Db) {
  await db.execute(
    sql`create table if not exists every_test_runs (job text not null, tick bigint not null, instance text not null)`,
  );
}

async function record(db: Db, job: string, run: Run) {
  await db.execute(
    sql`insert into every_test_runs (job, tick, instance) values (${job}, ${run.tick}, ${run.instance})`,
  );
}

/** Ticks recorded more than once: none, if each tick's work ran once. */
async function doubleRuns(db: Db, job: string) {
  const r = await db.execute<{ tick: string; runs: number }>(
    sql`select tick, count(*)::int as runs from every_test_runs where job = ${job} group by tick having count(*) > 1`,
  );
  return r.rows;
}

async function recordedTicks(db: Db, job: string) {
  const r = await db.execute<{ ticks: number }>(
    sql`select count(distinct tick)::int as ticks from every_test_runs where job = ${job}`,
  );
  return r.rows[0]!.ticks;
}

/** The scheduler's advisory lock on `job`, as the server lists it (held by any session on this database). */
async function locksHeld(db: Db, job: string) {
  const r = await db.execute<{ held: number }>(
    sql`select count(*)::int as held from pg_locks
        where locktype = 'advisory' and classid = 7301020 and objsubid = 2
          and objid::bigint = (hashtext(${job})::bigint & 4294967295)
          and database = (select oid from pg_database where datname = current_database())`,
  );
  return r.rows[0]!.held;
}

const jobName = (what: string) => `test-${what}-${randomBytes(4).toString('hex')}`;

/** Two instances of one job over `dbA` and `dbB` (separate pools, or one database), each recording its runs. */
function twoInstances(
  dbA: Db,
  dbB: Db,
  job: string,
  opts: { during?: (run: Run) => Promise<void> } = {},
): {
  log: ReturnType<typeof runLog>;
  a: Periodic;
  b: Periodic;
  logs: Record<'A' | 'B', ReturnType<typeof instanceLog>>;
} {
  const log = runLog();
  const logs = { A: instanceLog(log.wake), B: instanceLog(log.wake) };
  const start = (instance: 'A' | 'B', db: Db) =>
    every({
      name: job,
      intervalMs: INTERVAL,
      jitterMs: JITTER,
      log: logs[instance].log,
      claimIn: db,
      run: async (tick) => {
        const run = { tick: tick.n, instance };
        await opts.during?.(run);
        await record(db, job, run);
        log.add(run);
      },
    });
  return { log, a: start('A', dbA), b: start('B', dbB), logs };
}

describe('on the suite database (PGlite: two schedulers in one process, as one instance could hold)', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
    await createRunsTable(database.db);
  });
  afterAll(async () => database?.dispose());

  it('runs each tick once, holding the lock while it runs and not after', async () => {
    const db = database.db;
    const job = jobName('one-db');
    const heldDuringRun: number[] = [];
    const { log, a, b } = twoInstances(db, db, job, {
      during: async () => void heldDuringRun.push(await locksHeld(db, job)),
    });
    try {
      await log.until(() => new Set(log.runs.map((r) => r.tick)).size >= 8, '8 ticks');
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(await doubleRuns(db, job)).toEqual([]);
    expect(await recordedTicks(db, job)).toBe(log.runs.length);
    // PGlite runs PostgreSQL itself: the advisory lock is real there, on its one connection.
    expect(heldDuringRun.every((n) => n >= 1)).toBe(true);
    expect(await locksHeld(db, job)).toBe(0);
  });
});

/** Set in the PostgreSQL run (npm run test:pg); otherwise this file starts a throwaway server of its own. */
const pgTemplate = inject('pgTemplate');

describe('two instances over one PostgreSQL server (separate pools)', () => {
  let dbA: Database;
  let dbB: Database;
  let cleanUp: () => Promise<void>;

  beforeAll(async () => {
    let url: string;
    if (pgTemplate) {
      const name = `t_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: pgTemplate.url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate.template}`);
      await admin.end();
      const u = new URL(pgTemplate.url);
      u.pathname = `/${name}`;
      url = u.toString();
      cleanUp = async () => {
        const c = new pg.Client({ connectionString: pgTemplate.url });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      };
    } else {
      // The PGlite run has no server: one is started from the machine's binaries (scripts/lib/pg-cluster.mjs).
      const clusterModule: string = '../../../scripts/lib/pg-cluster.mjs';
      const { startPgCluster } = (await import(clusterModule)) as {
        startPgCluster(): Promise<{ url: string; stop(): void }>;
      };
      const cluster = await startPgCluster();
      url = cluster.url;
      cleanUp = async () => cluster.stop();
      const migrating = await openPostgres(url, 1);
      await migrating.migrate();
      await migrating.close();
    }
    // Two pools, as two processes would have: nothing is shared but the database server.
    [dbA, dbB] = await Promise.all([openPostgres(url, 5, () => undefined), openPostgres(url, 5, () => undefined)]);
    await createRunsTable(dbA.db);
  });
  afterAll(async () => {
    await dbA?.close();
    await dbB?.close();
    await cleanUp?.();
  });

  it('runs each tick once across both, and the other keeps the work going when one stops', async () => {
    const job = jobName('two-pools');
    const { log, a, b } = twoInstances(dbA.db, dbB.db, job);
    let afterStop: Run[];
    try {
      await log.until(() => new Set(log.runs.map((r) => r.tick)).size >= 10, '10 ticks');
      await a.stop();
      const stoppedAt = log.runs.length;
      afterStop = log.runs.slice(stoppedAt);
      await log.until(() => log.runs.length - stoppedAt >= 4, '4 more ticks after A stopped');
      afterStop = log.runs.slice(stoppedAt);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(await doubleRuns(dbA.db, job)).toEqual([]);
    expect(await recordedTicks(dbA.db, job)).toBe(log.runs.length);
    expect(afterStop.map((r) => r.instance)).toEqual(afterStop.map(() => 'B'));
    expect(await locksHeld(dbA.db, job)).toBe(0);
  });

  it('a run longer than the interval holds the job: the other instance skips its ticks until it ends', async () => {
    const job = jobName('slow');
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let holder: 'A' | 'B' | undefined;
    let running = 0;
    let mostAtOnce = 0;
    const { log, a, b, logs } = twoInstances(dbA.db, dbB.db, job, {
      during: async (run) => {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        if (!holder) {
          holder = run.instance as 'A' | 'B';
          log.wake();
          await released;
        }
        running--;
      },
    });
    try {
      await log.until(() => holder !== undefined, 'first run');
      const other = holder === 'A' ? 'B' : 'A';
      const skipped = () => logs[other!].lines.filter((l) => l.includes('another instance is running it')).length;
      await log.until(() => skipped() >= 3, `3 ticks skipped by instance ${other}`);
      expect(log.runs).toEqual([]);
      release();
      await log.until(() => log.runs.length >= 3, 'runs after the slow one');
    } finally {
      release();
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(mostAtOnce).toBe(1);
    expect(await doubleRuns(dbA.db, job)).toEqual([]);
  });
});
