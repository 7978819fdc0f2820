// npm run bench:jobs: the jobs list and job detail with 10,000 jobs, on PGlite and on PostgreSQL, and the
// Jobs tab's first page in Chromium (built app, embedded database). Exits non-zero when a budget is missed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { createUser } from '../../src/server/auth/users';
import { startSession } from '../../src/server/auth/sessions';
import { systemClock } from '../../src/server/clock';
import { testConfig } from '../../src/server/config';
import { openPglite, type Database } from '../../src/server/db/client';
import { jobs } from '../../src/server/db/schema';
import { launchTestBrowser } from '../helpers/browser';
import { startBuiltApp } from '../helpers/built-app';
import { measure, report, withEngine, type Engine, type Measurement } from './bench-harness';
import { seedJobs } from './seed-volume';

const JOBS = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const LIST_BUDGET_MS = 150;
const DETAIL_BUDGET_MS = 50;
const FIRST_PAGE_BUDGET_MS = 1000;

async function seed(database: Database) {
  const config = testConfig();
  const admin = await createUser(
    { db: database.db, config },
    { username: 'bench-admin', password: 'bench-password', role: 'admin', email: null },
  );
  const tech = await createUser(
    { db: database.db, config },
    { username: 'bench-tech', password: 'bench-password', role: 'technician', email: null },
  );
  const started = Date.now();
  await seedJobs(database.db, { jobs: JOBS, technicianIds: [tech.id] });
  console.log(`  seeded ${JOBS} jobs in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { admin, tech, config };
}

async function benchApi(engine: Engine): Promise<Measurement[]> {
  return withEngine(engine, async (database) => {
    console.log(`\n${engine}:`);
    const { admin, tech, config } = await seed(database);
    const app = await buildApp({ config, db: database.db, clock: systemClock, web: 'none' });
    await app.ready();
    const adminCookie = `sid=${await startSession({ db: database.db, clock: systemClock, config }, admin.id)}`;
    const techCookie = `sid=${await startSession({ db: database.db, clock: systemClock, config }, tech.id)}`;
    const [someJob] = await database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.status, 'completed')).limit(1);
    const get =
      (url: string, cookie = adminCookie) =>
      async () => {
        const res = await app.inject({ method: 'GET', url, headers: { cookie } });
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
      };
    const lists: [string, string, string?][] = [
      ['jobs list, first page', '/api/dashboard/jobs'],
      ['jobs list, status completed', '/api/dashboard/jobs?status=completed'],
      ['jobs list, search a customer name', '/api/dashboard/jobs?search=Customer%20123'],
      ['jobs list, search phone digits', '/api/dashboard/jobs?search=0400001234'],
      ['jobs list, search a job number', '/api/dashboard/jobs?search=JOB-15000'],
      ['jobs list, a month', '/api/dashboard/jobs?from=2024-03-01&to=2024-03-31'],
      ['jobs list, page 300', '/api/dashboard/jobs?page=300'],
      ["jobs list, a technician's own", '/api/dashboard/jobs', techCookie],
    ];
    const results: Measurement[] = [];
    for (const [label, url, cookie] of lists)
      results.push(await measure(label, engine, RUNS, get(url, cookie), LIST_BUDGET_MS));
    results.push(
      await measure('job detail', engine, RUNS, get(`/api/dashboard/jobs/${someJob!.id}`), DETAIL_BUDGET_MS),
    );
    await app.close();
    return results;
  });
}

/** Navigation to the Jobs tab until the first job number shows, in Chromium against the built app. */
async function benchFirstPage(): Promise<Measurement> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-bench-'));
  const database = await openPglite(path.join(dataDir, 'db'));
  await database.migrate();
  console.log('\nChromium, built app, embedded database:');
  await seed(database);
  await database.close();
  const server = await startBuiltApp({ DATA_DIR: dataDir });
  const browser = await launchTestBrowser();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${server.baseUrl}/auth`);
    await page.getByLabel('Username').fill('bench-admin');
    await page.getByLabel('Password').fill('bench-password');
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    return await measure(
      'Jobs tab: navigation to the first job number shown',
      'chromium',
      7,
      async () => {
        await page.goto(`${server.baseUrl}/dashboard?tab=jobs`);
        await page
          .getByText(/JOB-\d+/)
          .first()
          .waitFor({ timeout: 10_000 });
      },
      FIRST_PAGE_BUDGET_MS,
    );
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [
  ...(await benchApi('pglite')),
  ...(await benchApi('postgres')),
  ...(process.env.BENCH_SKIP_BROWSER ? [] : [await benchFirstPage()]),
];
process.exit(
  report(
    `Jobs with ${JOBS} jobs (${RUNS} runs each after 3 warm-ups; API timed in-process through app.inject)`,
    results,
  )
    ? 1
    : 0,
);
