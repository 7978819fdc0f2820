/**
 * Web budgets (docs/product.md "Public pages", decision 120): Lighthouse mobile scores on /, /about
 * and a suburb page, and the JavaScript a visitor downloads before the booking dialog opens (budget
 * 100 KB brotli).
 *
 * Builds nothing: run `npm run build` first (WEB_DIST_DIR picks another build). Starts the built
 * app in production mode on a free port with a fresh data directory, as the e2e setup does.
 * Then every staff tab, signed in as the owner over the demo month (tests/load/staff-pages.ts),
 * median of 3, one table with the budgets of docs/decisions/342-staff-first-screen.md.
 *   npm run bench:web            # exits 1 when a budget is missed
 *   BENCH_WEB_ONLY=staff npm run bench:web   # only the staff table (or =public)
 *   BENCH_WEB_TABS=jobs,reports ...  # only these staff tabs
 *   BENCH_WEB_PROFILE=1 ...      # also prints each staff page's script evaluation per file
 *   BENCH_WEB_LHR=dir ...        # also writes each run's Lighthouse report (JSON) into dir
 *   BENCH_WEB_BLOCK='*sw-register.js' ...  # Lighthouse blocks these URL patterns (here: no service worker)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../helpers/browser';
import { startBuiltApp } from '../helpers/built-app';
import { rawGet } from '../helpers/raw-get';
import { blockingEstimate, type TraceEvent } from './thread-time';
import {
  medianRun,
  meetsBudget,
  seedDemoDataDir,
  signInCookie,
  STAFF_TABS,
  staffTabPath,
  tableRows,
  type MedianRun,
  type StaffRun,
} from './staff-pages';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.resolve(ROOT, process.env.WEB_DIST_DIR || 'dist');
const PAGES = ['/', '/about', '/suburb/mandurah'];
const JS_BUDGET_BYTES = 100 * 1024;
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
type Category = keyof typeof TARGETS;

/**
 * Every JS file the home page loads before anyone clicks: the entry script and module preloads in
 * the HTML, plus the chunks they import statically. Dynamic import() chunks (the booking wizard,
 * the checkout, the staff app) are left out: they load on demand.
 */
async function initialJs(baseUrl: string) {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const queue = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  const seen = new Set<string>();
  const files: { url: string; raw: number; servedBrotli: number; brotli11: number }[] = [];
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const res = await rawGet(new URL(url, baseUrl).href, 'br');
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    const source = res.encoding === 'br' ? zlib.brotliDecompressSync(res.body) : res.body;
    const brotli11 = zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    files.push({ url, raw: source.length, servedBrotli: res.encoding === 'br' ? res.body.length : brotli11, brotli11 });
    const text = source.toString('utf8');
    // Static imports only: `import"./x.js"` / `from"./x.js"`, never `import("./x.js")`.
    for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"']+\.js)["']/g))
      queue.push(new URL(m[1]!, new URL(url, baseUrl)).pathname);
  }
  return files;
}

type LhResult = {
  url: string;
  scores: Record<Category, number>;
  failing: string[];
  scriptBytes: number;
  lcpMs: number;
  tbtMs: number;
  ownCpuMs: number | null;
  bootup: string[];
};

async function runLighthouse(url: string, cookie?: string): Promise<LhResult> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    const flags = {
      port: chrome.port,
      output: 'json' as const,
      logLevel: 'error' as const,
      onlyCategories: Object.keys(TARGETS),
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      ...(process.env.BENCH_WEB_BLOCK ? { blockedUrlPatterns: process.env.BENCH_WEB_BLOCK.split(',') } : {}),
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const lhr = result.lhr;
    // BENCH_WEB_LHR=dir keeps each run's whole report (LCP element, long tasks, bootup time) for reading afterwards.
    if (process.env.BENCH_WEB_LHR) {
      fs.mkdirSync(process.env.BENCH_WEB_LHR, { recursive: true });
      const name = new URL(url).pathname.slice(1).replace(/\W+/g, '-') + new URL(url).search.replace(/\W+/g, '-');
      fs.writeFileSync(
        path.join(process.env.BENCH_WEB_LHR, `${name || 'home'}-${Date.now()}.json`),
        JSON.stringify(lhr),
      );
    }
    // A run Chromium could not finish (a timeout on a loaded machine) scores 0: say why instead.
    if (lhr.runtimeError)
      throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      Object.keys(TARGETS).map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Record<Category, number>;
    const failing = Object.values(lhr.categories).flatMap((cat) =>
      cat.auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id]!)
        .filter((a) => a.score !== null && a.score < 1)
        .map((a) => `${cat.id}: ${a.id} (${a.score}) ${a.displayValue ?? ''}`.trim()),
    );
    const requests =
      (
        lhr.audits['network-requests']?.details as
          | { items?: { resourceType?: string; transferSize?: number }[] }
          | undefined
      )?.items ?? [];
    const scriptBytes = requests
      .filter((r) => r.resourceType === 'Script')
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    const lcpMs = lhr.audits['largest-contentful-paint']?.numericValue ?? 0;
    const tbtMs = lhr.audits['total-blocking-time']?.numericValue ?? 0;
    const bootupItems =
      (
        lhr.audits['bootup-time']?.details as
          | { items?: { url: string; total: number; scripting: number; scriptParseCompile: number }[] }
          | undefined
      )?.items ?? [];
    const bootup = bootupItems.map(
      (i) =>
        `${i.url}  total ${Math.round(i.total)} ms, scripting ${Math.round(i.scripting)} ms, parse ${Math.round(i.scriptParseCompile)} ms`,
    );
    const trace = (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
    const ownCpuMs = trace ? (blockingEstimate(trace.traceEvents)?.cpuMs ?? null) : null;
    return { url, scores, failing, scriptBytes, lcpMs, tbtMs, ownCpuMs, bootup };
  } finally {
    await chrome.kill();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Every staff tab, signed in over the demo month: median of 3 each, one table. */
async function staffTabs(): Promise<boolean> {
  const dataDir = seedDemoDataDir();
  const app = await startBuiltApp({ PAYMENTS_SIMULATED: 'true', DATA_DIR: dataDir });
  const rows: { page: string; run: MedianRun }[] = [];
  try {
    const cookie = await signInCookie(app.baseUrl);
    const wanted = process.env.BENCH_WEB_TABS?.split(',');
    // A server that has just started renders its first pages slowly (nothing compiled or cached
    // yet), and here that CPU is taken from the browser being measured: each page is asked for
    // twice first, as a server that has been running would have been.
    for (let i = 0; i < 2; i++)
      for (const tab of STAFF_TABS)
        await (await fetch(`${app.baseUrl}${staffTabPath(tab)}`, { headers: { cookie } })).text();
    for (const tab of STAFF_TABS.filter((t) => !wanted || wanted.includes(t))) {
      const page = staffTabPath(tab);
      const runs: StaffRun[] = [];
      // Three measured runs; a run Lighthouse could not finish is reported and tried again (at most three times).
      for (let attempt = 0; runs.length < 3 && attempt < 6; attempt++) {
        const r = await runLighthouse(`${app.baseUrl}${page}`, cookie).catch((err: unknown) => {
          console.log(`    ${page}: ${String(err)}`);
          return null;
        });
        if (!r) continue;
        runs.push({ ...r.scores, lcpMs: r.lcpMs, tbtMs: r.tbtMs, ownCpuMs: r.ownCpuMs, failing: r.failing });
        if (process.env.BENCH_WEB_PROFILE && runs.length === 1)
          for (const line of r.bootup) console.log(`    ${page}: ${line}`);
      }
      if (runs.length === 0)
        runs.push({
          performance: 0,
          accessibility: 0,
          'best-practices': 0,
          lcpMs: 0,
          tbtMs: 0,
          ownCpuMs: null,
          failing: ['no run finished'],
        });
      rows.push({ page, run: medianRun(runs) });
    }
  } finally {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `Staff tabs, signed in as the owner over the demo month (median of 3, ${new Date().toISOString().slice(0, 10)}, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}):`,
  );
  for (const line of tableRows(rows)) console.log(line);
  for (const { page, run } of rows)
    if (!meetsBudget(run)) for (const f of run.failing) console.log(`      ${page} - ${f}`);
  return rows.every((r) => meetsBudget(r.run));
}

async function main() {
  const only = process.env.BENCH_WEB_ONLY;
  let ok = only === 'staff' ? true : await publicPages();
  if (only !== 'public') ok = (await staffTabs()) && ok;
  console.log(`\n${ok ? 'All budgets met.' : 'Some budgets were missed (marked ! or NO).'}`);
  process.exitCode = ok ? 0 : 1;
}

async function publicPages(): Promise<boolean> {
  const app = await startBuiltApp({ PAYMENTS_SIMULATED: 'true' });
  let ok = true;
  try {
    console.log(`Built app from ${path.relative(ROOT, DIST) || '.'} at ${app.baseUrl}\n`);
    const files = await initialJs(app.baseUrl);
    const served = files.reduce((s, f) => s + f.servedBrotli, 0);
    const best = files.reduce((s, f) => s + f.brotli11, 0);
    console.log('JavaScript loaded by / before the booking dialog opens:');
    for (const f of files)
      console.log(`  ${f.url}  raw ${kb(f.raw)}  served br ${kb(f.servedBrotli)}  br-11 ${kb(f.brotli11)}`);
    const jsOk = served <= JS_BUDGET_BYTES;
    ok &&= jsOk;
    console.log(
      `  total served brotli ${kb(served)} (brotli q11 ${kb(best)}), budget ${kb(JS_BUDGET_BYTES)}: ${jsOk ? 'OK' : 'OVER BUDGET'}\n`,
    );

    console.log('Lighthouse (mobile preset, simulated throttling):');
    for (const p of PAGES) {
      const r = await runLighthouse(`${app.baseUrl}${p}`);
      const line = (Object.keys(TARGETS) as Category[])
        .map((c) => `${c} ${r.scores[c]}${r.scores[c] < TARGETS[c] ? '!' : ''}`)
        .join('  ');
      console.log(`  ${p.padEnd(18)} ${line}  (scripts transferred ${kb(r.scriptBytes)})`);
      for (const f of r.failing) console.log(`      - ${f}`);
      ok &&= (Object.keys(TARGETS) as Category[]).every((c) => r.scores[c] >= TARGETS[c]);
    }
  } finally {
    await app.stop();
  }
  console.log('');
  return ok;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
