// npm run bench:reports: the GST, payables, P&L and receivables reports (JSON and CSV) over 10,000
// jobs with their invoices, 2,000 purchase invoices and 2,000 expenses, on PGlite and on PostgreSQL.
// The business books one job per slot, four a day, so 10,000 jobs span about seven years
// (seedJobs): the "whole span" runs read every row, a heavier case than one year of that volume;
// the financial-year runs read one year's share. Exits non-zero when a budget is missed.
import { buildApp } from '../../src/server/app';
import { createUser } from '../../src/server/auth/users';
import { startSession } from '../../src/server/auth/sessions';
import { fixedClock } from '../../src/server/clock';
import { testConfig } from '../../src/server/config';
import { measure, report, withEngine, type Engine, type Measurement } from './bench-harness';
import { seedExpenses, seedInvoices, seedJobs, seedPurchases } from './seed-volume';

const JOBS = 10_000;
const PURCHASES = 2_000;
const EXPENSES = 2_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const REPORT_BUDGET_MS = 300;
const WHOLE_SPAN = 'startDate=2020-01-01&endDate=2026-12-31';
const ONE_YEAR = 'startDate=2023-07-01&endDate=2024-06-30';

async function benchReports(engine: Engine): Promise<Measurement[]> {
  return withEngine(engine, async (database) => {
    console.log(`\n${engine}:`);
    const config = testConfig();
    const admin = await createUser(
      { db: database.db, config },
      { username: 'bench-admin', password: 'bench-password', role: 'admin', email: null },
    );
    const techs = await Promise.all(
      ['a', 'b', 'c'].map((n) =>
        createUser(
          { db: database.db, config },
          { username: `bench-tech-${n}`, password: 'bench-password', role: 'technician', email: null },
        ),
      ),
    );
    const started = Date.now();
    await seedJobs(database.db, { jobs: JOBS, technicianIds: techs.map((t) => t.id) });
    const invoices = await seedInvoices(database.db, { invoices: JOBS });
    await seedPurchases(database.db, { purchases: PURCHASES });
    await seedExpenses(database.db, { expenses: EXPENSES });
    console.log(
      `  seeded ${JOBS} jobs, ${invoices} invoices, ${PURCHASES} purchase invoices, ${EXPENSES} expenses in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    // "Today" inside the seeded span, so overdue, upcoming and receivables have rows to age.
    const clock = fixedClock('2025-06-15T02:00:00.000Z');
    const app = await buildApp({ config, db: database.db, clock, web: 'none' });
    await app.ready();
    const cookie = `sid=${await startSession({ db: database.db, clock, config }, admin.id)}`;
    const get = (url: string) => async () => {
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    };
    const results: Measurement[] = [];
    for (const [name, path] of [
      ['GST', 'gst'],
      ['Payables', 'purchases-payables'],
      ['P&L', 'enhanced-pl'],
      ['Receivables', 'receivables'],
    ] as const) {
      results.push(
        await measure(
          `${name}, whole span (JSON)`,
          engine,
          RUNS,
          get(`/api/dashboard/reports/${path}?${WHOLE_SPAN}`),
          REPORT_BUDGET_MS,
        ),
      );
      results.push(
        await measure(
          `${name}, whole span (CSV)`,
          engine,
          RUNS,
          get(`/api/dashboard/reports/${path}.csv?${WHOLE_SPAN}`),
          REPORT_BUDGET_MS,
        ),
      );
      results.push(
        await measure(
          `${name}, one financial year (JSON)`,
          engine,
          RUNS,
          get(`/api/dashboard/reports/${path}?${ONE_YEAR}`),
          REPORT_BUDGET_MS,
        ),
      );
    }
    await app.close();
    return results;
  });
}

const results = [...(await benchReports('pglite')), ...(await benchReports('postgres'))];
process.exit(report('Reports (p50 budget 300 ms)', results) ? 1 : 0);
