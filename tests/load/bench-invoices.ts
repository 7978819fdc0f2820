// npm run bench:invoices: invoice PDF generation and the invoices list with 10,000 invoices, on PGlite
// and on PostgreSQL. Exits non-zero when a budget is missed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { createUser } from '../../src/server/auth/users';
import { startSession } from '../../src/server/auth/sessions';
import { systemClock } from '../../src/server/clock';
import { testConfig } from '../../src/server/config';
import { customerInvoices } from '../../src/server/db/schema';
import { pdfInputOf } from '../../src/server/invoices/documents';
import { renderInvoicePdf } from '../../src/server/invoices/pdf';
import { readSettings } from '../../src/server/settings/store';
import { measure, report, withEngine, type Engine, type Measurement } from './bench-harness';
import { seedInvoices, seedJobs } from './seed-volume';

const INVOICES = 10_000;
// seedJobs makes 6 in 10 jobs completed, invoiced or paid: enough jobs for one invoice each.
const JOBS = Math.ceil(INVOICES / 0.6) + 100;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const LIST_BUDGET_MS = 150;
const DETAIL_BUDGET_MS = 50;
const PDF_BUDGET_MS = 50;

async function bench(engine: Engine): Promise<Measurement[]> {
  return withEngine(engine, async (database) => {
    console.log(`\n${engine}:`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-invoices-'));
    const config = testConfig({ DATA_DIR: dataDir });
    try {
      const admin = await createUser(
        { db: database.db, config },
        { username: 'bench-admin', password: 'bench-password', role: 'admin', email: null },
      );
      const started = Date.now();
      await seedJobs(database.db, { jobs: JOBS });
      const seeded = await seedInvoices(database.db, { invoices: INVOICES });
      if (seeded < INVOICES) throw new Error(`Only ${seeded} invoices seeded`);
      console.log(`  seeded ${JOBS} jobs and ${seeded} invoices in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const app = await buildApp({ config, db: database.db, clock: systemClock, web: 'none' });
      await app.ready();
      const cookie = `sid=${await startSession({ db: database.db, clock: systemClock, config }, admin.id)}`;
      const call = (method: 'GET' | 'POST', url: string) => async () => {
        const res = await app.inject({ method, url, headers: { cookie } });
        if (res.statusCode !== 200) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
        return res;
      };
      const recent = await database.db
        .select({ id: customerInvoices.id, number: customerInvoices.invoiceNumber })
        .from(customerInvoices)
        .orderBy(desc(customerInvoices.invoiceDate))
        .limit(RUNS + 10);
      const [one] = recent;
      const lists: [string, string][] = [
        ['invoices list, first page', '/api/dashboard/customer-invoices'],
        ['invoices list, overdue', '/api/dashboard/customer-invoices?status=overdue'],
        ['invoices list, paid', '/api/dashboard/customer-invoices?status=paid'],
        ['invoices list, search a customer name', '/api/dashboard/customer-invoices?search=Customer%20123'],
        ['invoices list, search an invoice number', `/api/dashboard/customer-invoices?search=${one!.number}`],
        ['invoices list, a month', '/api/dashboard/customer-invoices?from=2024-03-01&to=2024-03-31'],
        ['invoices list, page 300', '/api/dashboard/customer-invoices?page=300'],
      ];
      const results: Measurement[] = [];
      for (const [label, url] of lists)
        results.push(await measure(label, engine, RUNS, call('GET', url), LIST_BUDGET_MS));
      results.push(
        await measure(
          'invoice detail (lines, history, PDFs)',
          engine,
          RUNS,
          call('GET', `/api/dashboard/customer-invoices/${one!.id}`),
          DETAIL_BUDGET_MS,
        ),
      );

      // The PDF itself, then through the API: each run prints an invoice that has no PDF yet.
      const input = await pdfInputOf(database.db, (await readSettings(database.db, config)).business, config, one!.id);
      results.push(
        await measure('PDF render (pdfkit, one A4 page)', engine, RUNS, () => renderInvoicePdf(input), PDF_BUDGET_MS),
      );
      let next = 0;
      results.push(
        await measure(
          'PDF generation through the API (new version: read, render, store, record)',
          engine,
          RUNS,
          () => call('POST', `/api/dashboard/customer-invoices/${recent[next++ % recent.length]!.id}/pdf`)(),
          PDF_BUDGET_MS,
        ),
      );
      const [made] = await database.db
        .select({ pdfPath: customerInvoices.pdfPath })
        .from(customerInvoices)
        .where(eq(customerInvoices.id, one!.id));
      if (!made?.pdfPath) throw new Error('The PDF was not recorded');
      await app.close();
      return results;
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

const results = [...(await bench('pglite')), ...(await bench('postgres'))];
const missed = report(
  `Customer invoices with ${INVOICES.toLocaleString('en-AU')} invoices (${RUNS} runs each)`,
  results,
);
process.exit(missed ? 1 : 0);
