/**
 * npm run bench:sign-in: a flood of wrong sign-ins against the production build started as its own
 * process (NODE_ENV=production: scrypt at N=2^17, 128 MiB a hash), on the embedded database (PGlite)
 * and then a PostgreSQL server, while the owner signs in from their own browser
 * (docs/decisions/399-sign-in-flood.md):
 * - made-up usernames: 200 wrong sign-ins at once, each a name nobody has from an address of its own
 *   (X-Forwarded-For, read with TRUST_PROXY=1), so no per-address or per-username limit refuses them;
 * - a real username: 200 wrong sign-ins at once for the owner's name, each from an address of its own.
 * In each, 250 ms into the flood, the owner signs in with the known-device cookie an earlier sign-in
 * left, and a built asset is fetched (a file read on the thread pool, as a photo or an invoice PDF is).
 * Measured: the server's peak resident memory (VmHWM of /proc/<pid>/status, reset before each flood,
 * and VmRSS sampled), every answer's time and status, connection resets, the owner's answer.
 * Budgets: peak resident memory < 600 MB (where the idle process is already larger, as with the
 * embedded database living in it, the idle figure plus 300 MB: two hashes at once and the
 * connections), every answer < 5 s, no reset or connection error, the owner signs in (200).
 * Prints one table and exits 1 on a missed budget.
 *
 *   WEB_DIST_DIR=.dist-signin npm run build && WEB_DIST_DIR=.dist-signin npm run bench:sign-in
 *   BENCH_ENGINES=pglite npm run bench:sign-in   # one engine
 *   BENCH_FLOOD=100 npm run bench:sign-in        # a smaller flood
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchDatabase, type BudgetRow, ensureBuilt, printBudgetTable } from './bench-table';
import { startBuiltApp, type BuiltApp } from '../helpers/built-app';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.resolve(ROOT, process.env.WEB_DIST_DIR || 'dist');
const FLOOD = Number(process.env.BENCH_FLOOD ?? 200);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim()) as (
  | 'pglite'
  | 'postgres'
)[];
const OWNER = 'owner';
const OWNER_PASSWORD = 'Balcatta-tyre-bay-2026';
/** The owner's own browser, at the office. */
const OWNER_ADDRESS = '192.0.2.10';
/** How far into the flood the owner signs in. */
const OWNER_AFTER_MS = 250;
/** Long enough to see how slow an answer gets without the gate; past it an answer counts as a connection error. */
const CLIENT_TIMEOUT_MS = 180_000;

const BUDGET = {
  peakRssMb: 600,
  /** Above an idle process already near the budget: two hashes (128 MiB each) and the connections. */
  overIdleMb: 300,
  answerMs: 5_000,
};

type Answer = {
  status: number;
  ms: number;
  /** A reset, refused or timed-out connection instead of an answer. */
  error?: string;
  retryAfter?: string;
  setCookie: string[];
};

type Row = BudgetRow;

const ms = (n: number) => (n < 10_000 ? `${n.toFixed(0)} ms` : `${(n / 1000).toFixed(1)} s`);
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

/** One request on a connection of its own (no keep-alive), timed to its last byte. */
function send(
  baseUrl: string,
  opts: { method: 'GET' | 'POST'; path: string; address: string; body?: unknown; cookie?: string },
): Promise<Answer> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      `${baseUrl}${opts.path}`,
      {
        method: opts.method,
        agent: false,
        timeout: CLIENT_TIMEOUT_MS,
        headers: {
          'x-forwarded-for': opts.address,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
        },
      },
      (res) => {
        res.on('data', () => {});
        res.on('error', (err) =>
          resolve({
            status: 0,
            ms: performance.now() - started,
            error: (err as NodeJS.ErrnoException).code ?? err.message,
            setCookie: [],
          }),
        );
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            retryAfter: res.headers['retry-after'],
            setCookie: res.headers['set-cookie'] ?? [],
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (err) =>
      resolve({
        status: 0,
        ms: performance.now() - started,
        error: (err as NodeJS.ErrnoException).code ?? err.message,
        setCookie: [],
      }),
    );
    req.end(payload);
  });
}

/** The server's process: the child of this one running the build's main.js (startBuiltApp spawns it). */
function serverPid(): number {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (ppid === process.pid && cmdline.includes(path.join(DIST, 'server', 'main.js'))) return Number(entry);
    } catch {
      /* gone meanwhile */
    }
  }
  throw new Error('Could not find the server process under this one');
}

/** VmRSS and VmHWM (peak since start, or since the last reset) in kB. */
function memoryOf(pid: number): { rssKb: number; hwmKb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssKb: field('VmRSS'), hwmKb: field('VmHWM') };
}

/** Resets VmHWM to the current RSS (Linux: clear_refs 5), so a phase's peak is its own; false where refused. */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

function deviceCookieOf(answer: Answer): string {
  const device = answer.setCookie.map((c) => c.split(';')[0]!).find((c) => c.startsWith('device='));
  if (!device) throw new Error(`The owner's first sign-in left no device cookie (status ${answer.status})`);
  return device;
}

async function flood(
  app: BuiltApp,
  pid: number,
  label: string,
  opts: {
    engine: string;
    idleKb: number;
    usernameOf: (i: number) => string;
    subnet: number;
    ownerCookie: string;
    asset: string;
  },
): Promise<Row[]> {
  const peakResettable = resetPeak(pid);
  const startKb = memoryOf(pid).rssKb;
  let sampledPeakKb = startKb;
  const sampler = setInterval(() => {
    try {
      sampledPeakKb = Math.max(sampledPeakKb, memoryOf(pid).rssKb);
    } catch {
      /* the process is gone: the answers say so */
    }
  }, 20);
  console.log(`${opts.engine}: ${label}: ${FLOOD} wrong sign-ins at once`);
  const started = performance.now();
  const attempts = Array.from({ length: FLOOD }, (_, i) =>
    send(app.baseUrl, {
      method: 'POST',
      path: '/api/login',
      address: `10.${opts.subnet}.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      body: { username: opts.usernameOf(i), password: `wrong-guess-${i}-${started.toFixed(0)}` },
    }),
  );
  await new Promise((r) => setTimeout(r, OWNER_AFTER_MS));
  const [owner, file] = await Promise.all([
    send(app.baseUrl, {
      method: 'POST',
      path: '/api/login',
      address: OWNER_ADDRESS,
      body: { username: OWNER, password: OWNER_PASSWORD },
      cookie: opts.ownerCookie,
    }),
    send(app.baseUrl, { method: 'GET', path: opts.asset, address: '192.0.2.20' }),
  ]);
  const answers = await Promise.all(attempts);
  const floodMs = performance.now() - started;
  clearInterval(sampler);
  const memory = memoryOf(pid);
  const peakKb = Math.max(sampledPeakKb, peakResettable ? memory.hwmKb : 0);

  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  const slowest = times[times.length - 1]!;
  const over = times.filter((t) => t >= BUDGET.answerMs).length;
  const errors = answers.filter((a) => a.error);
  const statuses: Record<string, number> = {};
  for (const a of answers) statuses[a.error ?? String(a.status)] = (statuses[a.error ?? String(a.status)] ?? 0) + 1;
  const refused = answers.filter((a) => a.status === 503 || a.status === 429);
  const withoutRetryAfter = refused.filter((a) => !a.retryAfter).length;
  const unexpected = answers.filter((a) => !a.error && ![401, 429, 503].includes(a.status)).length;
  console.log(`${opts.engine}: ${label}: done in ${ms(floodMs)}`);
  const budgetMb = Math.max(BUDGET.peakRssMb, opts.idleKb / 1024 + BUDGET.overIdleMb);
  const rows: Omit<Row, 'engine'>[] = [
    {
      what: `${label}: peak resident memory`,
      figure: `${mb(peakKb)}: ${mb(startKb)} at the start, +${mb(peakKb - startKb)} (${peakResettable ? 'VmHWM' : 'VmRSS sampled'}; ${mb(memory.rssKb)} after)`,
      budget:
        budgetMb === BUDGET.peakRssMb
          ? `< ${BUDGET.peakRssMb} MB`
          : `< idle ${mb(opts.idleKb)} + ${BUDGET.overIdleMb} MB`,
      met: peakKb / 1024 < budgetMb,
    },
    {
      what: `${label}: ${FLOOD} answers`,
      figure: `p50 ${ms(percentile(times, 0.5))}, p99 ${ms(percentile(times, 0.99))}, max ${ms(slowest)}; ${over} over 5 s`,
      budget: `every one < ${ms(BUDGET.answerMs)}`,
      met: over === 0,
    },
    {
      what: `${label}: statuses`,
      figure: Object.entries(statuses)
        .map(([code, n]) => `${n}x${code}`)
        .join(' '),
      budget: '401/429/503 only; 429/503 with Retry-After',
      met: unexpected === 0 && withoutRetryAfter === 0,
    },
    {
      what: `${label}: connection resets and errors`,
      figure: String(errors.length),
      budget: '0',
      met: errors.length === 0,
    },
    {
      what: `${label}: the owner's sign-in (known device), ${OWNER_AFTER_MS} ms in`,
      figure: `${owner.error ?? owner.status} in ${ms(owner.ms)}`,
      budget: '200, < 5 s',
      met: owner.status === 200 && owner.ms < BUDGET.answerMs,
    },
    {
      what: `${label}: a built asset read from disk, ${OWNER_AFTER_MS} ms in`,
      figure: `${file.error ?? file.status} in ${ms(file.ms)}`,
      budget: 'reported',
    },
  ];
  return rows.map((r) => ({ engine: opts.engine, ...r }));
}

/** The database the app opens: the embedded one in its data directory, or a fresh PostgreSQL server (fsync on). */
async function benchEngine(engine: 'pglite' | 'postgres'): Promise<Row[]> {
  const database = await benchDatabase(engine, 'bench-sign-in');
  const app = await startBuiltApp({
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: OWNER,
    ADMIN_PASSWORD: OWNER_PASSWORD,
    ...database.env,
  });
  const rows: Row[] = [];
  try {
    const pid = serverPid();
    const asset = fs
      .readdirSync(path.join(DIST, 'client/assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => ({ f, size: fs.statSync(path.join(DIST, 'client/assets', f)).size }))
      .sort((a, b) => b.size - a.size)[0]!.f;

    // The owner signs in once as on any morning: the browser keeps the device cookie.
    const first = await send(app.baseUrl, {
      method: 'POST',
      path: '/api/login',
      address: OWNER_ADDRESS,
      body: { username: OWNER, password: OWNER_PASSWORD },
    });
    if (first.status !== 200) throw new Error(`The owner's first sign-in answered ${first.status}`);
    const ownerCookie = deviceCookieOf(first);
    // A wrong password from elsewhere, as happens: one more real hash measured before the flood.
    await send(app.baseUrl, {
      method: 'POST',
      path: '/api/login',
      address: '192.0.2.30',
      body: { username: OWNER, password: 'a-typo-of-the-owner' },
    });
    const idle = memoryOf(pid);
    rows.push({
      engine,
      what: 'before the floods: resident memory',
      figure: `${mb(idle.rssKb)} (peak so far ${mb(idle.hwmKb)}); the owner's first sign-in ${ms(first.ms)}`,
      budget: 'reported',
    });

    const run = Date.now().toString(36);
    const common = { engine, idleKb: idle.rssKb, ownerCookie, asset: `/assets/${asset}` };
    rows.push(
      ...(await flood(app, pid, 'made-up usernames', {
        ...common,
        usernameOf: (i) => `nobody-${run}-${i}`,
        subnet: 1,
      })),
    );
    await new Promise((r) => setTimeout(r, 2_000));
    rows.push(...(await flood(app, pid, 'a real username', { ...common, usernameOf: () => OWNER, subnet: 2 })));
  } finally {
    await app.stop();
    database.cleanup();
  }
  return rows;
}

async function main() {
  ensureBuilt();
  console.log(
    `Machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; build ${path.relative(ROOT, DIST)}`,
  );
  const rows: Row[] = [];
  for (const engine of ENGINES) rows.push(...(await benchEngine(engine)));
  process.exitCode = printBudgetTable(rows) ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
