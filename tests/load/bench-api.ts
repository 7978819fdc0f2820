/**
 * npm run bench:api: the speed budgets where customers wait (docs/product.md "Public pages" and
 * "Bookings", decisions 230-233), on the production build started as its own process, over the
 * embedded database (PGlite) and then a PostgreSQL server from the machine's binaries, in one run.
 * autocannon is the load generator; a bare Fastify process (bare-server.ts) answering a body of the
 * same size is the yardstick for throughput. Prints one table and exits 1 if any budget is missed.
 *
 *   npm run build && npm run bench:api
 *   BENCH_ENGINES=pglite npm run bench:api     # one engine
 *   BENCH_SECONDS=5 npm run bench:api          # shorter runs
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { addDays, perthToday } from '../../src/shared/domain/perth-time';
import { closedReason } from '../../src/shared/domain/business-days';
import { freePort } from '../helpers/app-process';
import { benchDatabase, type BudgetRow, ensureBuilt, printBudgetTable } from './bench-table';
import { startBuiltApp, type BuiltApp } from '../helpers/built-app';
import { bookingRequests, freeSlots } from './booking-load';
import { runLoad, type LoadResult } from './load-runs';
import { runPaced } from './paced-load';
import { seedJobs } from './seed-volume';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim()) as (
  | 'pglite'
  | 'postgres'
)[];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;

const BUDGET = {
  slotsRate: 500,
  slotsP99Ms: 25,
  throughputShare: 0.4,
  bookingRate: 50,
  bookingP99Ms: 100,
  photoMs: 500,
  photoRssMb: 150,
};

/** Bookings sent before the measured ones; the horizon holds only about 250 free slots in all. */
const BOOKING_WARM_UP = 16;
/** Past jobs in the database while it is measured: a few years of a busy van. */
const HISTORY_JOBS = 4_000;

type Row = BudgetRow;

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const rps = (n: number) => `${Math.round(n).toLocaleString('en-AU')}/s`;

/** The bare Fastify yardstick, its own process like the app. */
async function startBare(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/load/bare-server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  if (!String(line).includes('listening')) throw new Error(`The bare server did not start: ${String(line)}`);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The next business days' dates, as the booking wizard asks for them. */
function nextBusinessDays(n: number): string[] {
  const days: string[] = [];
  for (let day = addDays(perthToday(new Date()), 1); days.length < n; day = addDays(day, 1))
    if (!closedReason(day, [1, 2, 3, 4, 5])) days.push(day);
  return days;
}

/**
 * A fresh database with history, before the app opens it (PGlite allows one process at a time).
 * PostgreSQL runs as in production (fsync on: `startPgServer`, as `npm run cluster` does). After
 * the seed, statistics are gathered and dirty pages written out, so the measured runs do not meet
 * autovacuum or a checkpoint catching up with the seed.
 */
function prepareDatabase(engine: 'pglite' | 'postgres') {
  const firstDay = addDays(perthToday(new Date()), -Math.ceil(HISTORY_JOBS / 4) - 30);
  return benchDatabase(engine, 'bench', async (database) => {
    await database.migrate();
    await seedJobs(database.db, { jobs: HISTORY_JOBS, firstDay });
    await database.db.execute(sql`vacuum analyze`);
    await database.db.execute(sql`checkpoint`);
    await database.close();
  });
}

async function bodySize(url: string): Promise<number> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.arrayBuffer()).byteLength;
}

/** Rounds of app-then-bare runs whose ratio is taken; the median round is reported. */
const SHARE_ROUNDS = 3;

/**
 * Closed loop on the app's route, then on the bare server answering as many bytes, in alternating
 * rounds: the bare yardstick itself moves by a factor of two or more within minutes on this
 * machine, so each round compares the two under the same conditions and the median round counts.
 */
async function throughputShare(
  engine: string,
  app: BuiltApp,
  bareUrl: string,
  label: string,
  paths: string[],
  type: 'json' | 'html',
): Promise<Row> {
  const size = await bodySize(`${app.baseUrl}${paths[0]}`);
  const requests = paths.map((p) => ({ method: 'GET' as const, path: p }));
  const durationS = Math.max(3, Math.round(SECONDS / 2));
  const rounds: { app: LoadResult; bare: LoadResult; share: number }[] = [];
  for (let i = 0; i < SHARE_ROUNDS; i++) {
    const appRun = await runLoad({ url: app.baseUrl, connections: CONNECTIONS, durationS, requests });
    const bareRun = await runLoad({
      url: `${bareUrl}/bytes/${size}?type=${type}`,
      connections: CONNECTIONS,
      durationS,
    });
    rounds.push({ app: appRun, bare: bareRun, share: appRun.rps / bareRun.rps });
  }
  const median = [...rounds].sort((x, y) => x.share - y.share)[Math.floor(SHARE_ROUNDS / 2)]!;
  const failed = rounds.reduce((n, r) => n + r.app.errors + r.app.non2xx, 0);
  return {
    engine,
    what: `${label} closed loop (${CONNECTIONS} conn., ${(size / 1024).toFixed(1)} KB body)`,
    figure: `${rps(median.app.rps)} = ${(median.share * 100).toFixed(0)}% of bare ${rps(median.bare.rps)} (median of ${rounds.map((r) => `${(r.share * 100).toFixed(0)}%`).join(', ')})${failed ? `, ${failed} failed` : ''}`,
    budget: `>= ${BUDGET.throughputShare * 100}%`,
    met: median.share >= BUDGET.throughputShare && failed === 0,
  };
}

function fixedRateRow(engine: string, what: string, r: LoadResult, p99Budget: number): Row {
  const failed = r.errors + r.non2xx;
  const codes = Object.entries(r.statusCounts)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, n]) => `${n}x${code}`)
    .join(' ');
  return {
    engine,
    what,
    figure: `p99 ${ms(r.p99)} (p50 ${ms(r.p50)}, max ${ms(r.max)}), ${r.total} req, ${failed} failed${codes ? ` (${codes})` : ''}`,
    budget: `p99 <= ${p99Budget} ms, 0 failed`,
    met: r.p99 <= p99Budget && failed === 0,
  };
}

async function benchEngine(engine: 'pglite' | 'postgres', bareUrl: string): Promise<Row[]> {
  console.log(`\n${engine}: preparing a database with ${HISTORY_JOBS.toLocaleString('en-AU')} past jobs`);
  const database = await prepareDatabase(engine);
  const app = await startBuiltApp({ PAYMENTS_SIMULATED: 'true', TRUST_PROXY: '1', LOG_LEVEL: 'warn', ...database.env });
  const rows: Row[] = [];
  try {
    const days = nextBusinessDays(10);
    const slotPaths = days.map((d) => `/api/time-slots?date=${d}`);
    const pagePaths = { home: ['/'], suburb: ['/suburb/mandurah'] };
    console.log(`${engine}: warming up`);
    for (const paths of [slotPaths, pagePaths.home, pagePaths.suburb]) {
      await runLoad({ url: app.baseUrl, connections: 8, durationS: 2, requests: paths.map((p) => ({ path: p })) });
    }

    console.log(`${engine}: GET /api/time-slots at ${BUDGET.slotsRate}/s for ${SECONDS} s`);
    const fixed = await runLoad({
      url: app.baseUrl,
      connections: CONNECTIONS,
      durationS: SECONDS,
      overallRate: BUDGET.slotsRate,
      requests: slotPaths.map((p) => ({ path: p })),
    });
    rows.push(
      fixedRateRow(engine, `GET /api/time-slots at ${BUDGET.slotsRate}/s, ${SECONDS} s`, fixed, BUDGET.slotsP99Ms),
    );

    console.log(`${engine}: closed-loop throughput against the bare server`);
    rows.push(await throughputShare(engine, app, bareUrl, 'GET /api/time-slots', slotPaths, 'json'));
    rows.push(await throughputShare(engine, app, bareUrl, 'GET /', pagePaths.home, 'html'));
    rows.push(await throughputShare(engine, app, bareUrl, 'GET /suburb/mandurah', pagePaths.suburb, 'html'));

    const free = await freeSlots(app.baseUrl);
    const requests = bookingRequests(free, `${engine}-${Date.now()}`);
    // The first few at a gentle pace warm the booking path up (compiled code, pooled connections).
    const warmUp = requests.splice(0, BOOKING_WARM_UP);
    await runPaced({ baseUrl: app.baseUrl, rate: 10, requests: warmUp, connections: 4 });
    const amount = Math.min(requests.length, BUDGET.bookingRate * SECONDS);
    console.log(
      `${engine}: ${amount} bookings (one per free slot, half prepaid) at ${BUDGET.bookingRate}/s, after ${warmUp.length} to warm up`,
    );
    const bookings = await runPaced({
      baseUrl: app.baseUrl,
      rate: BUDGET.bookingRate,
      requests: requests.slice(0, amount),
      connections: 20,
    });
    rows.push(
      fixedRateRow(
        engine,
        `POST /api/bookings (+ /quote) paced at ${BUDGET.bookingRate}/s, distinct free slots`,
        bookings,
        BUDGET.bookingP99Ms,
      ),
    );
  } finally {
    await app.stop();
    database.cleanup();
  }
  return rows;
}

/** The photo pipeline in its own process (tests/load/photo-pipeline.ts), so RSS is its own. */
async function benchPhotos(): Promise<Row[]> {
  console.log('\nphotos: a 5 MB JPEG through the app pipeline, alone and five at once');
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'tests/load/photo-pipeline.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const r = JSON.parse(out.trim().split('\n').pop()!) as {
    inputBytes: number;
    singleMs: number[];
    fiveAtOnceMs: number;
    rssGrowthMb: number;
  };
  const slowest = Math.max(...r.singleMs);
  const mb = (r.inputBytes / 1e6).toFixed(1);
  return [
    {
      engine: '-',
      what: `photo ${mb} MB JPEG 4000x3000 checked + re-encoded (slowest of ${r.singleMs.length})`,
      figure: `${ms(slowest)} (fastest ${ms(Math.min(...r.singleMs))})`,
      budget: `<= ${BUDGET.photoMs} ms`,
      met: slowest <= BUDGET.photoMs,
    },
    {
      engine: '-',
      what: `five ${mb} MB photos at once: RSS growth`,
      figure: `${r.rssGrowthMb.toFixed(0)} MB (all five in ${ms(r.fiveAtOnceMs)})`,
      budget: `<= ${BUDGET.photoRssMb} MB`,
      met: r.rssGrowthMb <= BUDGET.photoRssMb,
    },
  ];
}

async function main() {
  ensureBuilt();
  console.log(
    `Machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const bare = await startBare();
  const rows: Row[] = [];
  try {
    for (const engine of ENGINES) rows.push(...(await benchEngine(engine, bare.baseUrl)));
    rows.push(...(await benchPhotos()));
  } finally {
    await bare.stop();
  }
  process.exitCode = printBudgetTable(rows) ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
