/**
 * The staff half of `npm run bench:web` (docs/decisions/342-staff-first-screen.md): every staff
 * tab, signed in as the owner over the demo month (`npm run db:seed:demo`), Lighthouse mobile,
 * median of three runs, with the budgets of the fast first screen.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const STAFF_TABS = [
  'jobs',
  'schedule',
  'invoices',
  'prices',
  'expenses',
  'time-slots',
  'reports',
  'team',
  'settings',
] as const;
/** The address of a dashboard tab (the jobs tab is the dashboard's own). */
export const staffTabPath = (tab: string) => (tab === 'jobs' ? '/dashboard' : `/dashboard?tab=${tab}`);
export const STAFF_BUDGET = {
  performance: 90,
  accessibility: 100,
  'best-practices': 100,
  lcpMs: 2500,
  tbtMs: 200,
} as const;
export const BENCH_OWNER = { username: 'owner', password: 'tyre-van-keys-4417' };

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A fresh data directory holding the demo month, seeded exactly as `npm run db:seed:demo` does. */
export function seedDemoDataDir(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-bench-staff-'));
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'scripts/seed-demo.ts')],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PUBLIC_BASE_URL: 'http://localhost',
        ADMIN_USERNAME: BENCH_OWNER.username,
        ADMIN_PASSWORD: BENCH_OWNER.password,
      },
    },
  );
  return dataDir;
}

/** Signs in through the API, as the login form does, and returns the Cookie header for Lighthouse. */
export async function signInCookie(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(BENCH_OWNER),
  });
  if (res.status !== 200) throw new Error(`Signing in as the owner answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** `ownCpuMs`: the same blocking estimated from the CPU time the page's main thread got (tests/load/thread-time.ts); null when the trace had no first paint. */
export type StaffRun = {
  performance: number;
  accessibility: number;
  'best-practices': number;
  lcpMs: number;
  tbtMs: number;
  ownCpuMs: number | null;
  failing: string[];
};
/** A tab's median run, with each run's total blocking time so the table shows how far they spread. */
export type MedianRun = StaffRun & { tbtRunsMs: number[]; ownCpuRunsMs: (number | null)[] };

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The median of each figure over the runs; the failing audits of the median-performance run. */
export function medianRun(runs: StaffRun[]): MedianRun {
  const cpu = runs.flatMap((r) => (r.ownCpuMs === null ? [] : [r.ownCpuMs]));
  const byPerf = [...runs].sort((a, b) => a.performance - b.performance);
  return {
    performance: median(runs.map((r) => r.performance)),
    accessibility: median(runs.map((r) => r.accessibility)),
    'best-practices': median(runs.map((r) => r['best-practices'])),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    ownCpuMs: cpu.length ? median(cpu) : null,
    failing: byPerf[Math.floor(byPerf.length / 2)]!.failing,
    tbtRunsMs: runs.map((r) => r.tbtMs),
    ownCpuRunsMs: runs.map((r) => r.ownCpuMs),
  };
}

export function meetsBudget(r: StaffRun): boolean {
  return (
    r.performance >= STAFF_BUDGET.performance &&
    r.accessibility >= STAFF_BUDGET.accessibility &&
    r['best-practices'] >= STAFF_BUDGET['best-practices'] &&
    r.lcpMs <= STAFF_BUDGET.lcpMs &&
    r.tbtMs <= STAFF_BUDGET.tbtMs
  );
}

/**
 * One row of the printed table: page, performance, a11y, best practices, LCP, TBT (median, then
 * each run's), the same runs' blocking by the page's own CPU time, budget met.
 */
export function tableRows(rows: { page: string; run: MedianRun }[]): string[] {
  const head = [
    'page',
    'performance',
    'a11y',
    'best practices',
    'LCP',
    'TBT',
    'TBT of each run',
    'own CPU of each run',
    'budget met',
  ];
  const body = rows.map(({ page, run }) => [
    page,
    String(run.performance),
    String(run.accessibility),
    String(run['best-practices']),
    `${(run.lcpMs / 1000).toFixed(1)} s`,
    `${Math.round(run.tbtMs)} ms`,
    run.tbtRunsMs.map((ms) => Math.round(ms)).join(', '),
    run.ownCpuRunsMs.map((ms) => (ms === null ? '-' : Math.round(ms))).join(', '),
    meetsBudget(run) ? 'yes' : 'NO',
  ]);
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...body.map((cells) => `| ${cells.join(' | ')} |`),
  ];
}
