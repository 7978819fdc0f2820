import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerInvoiceStatus } from '../../shared/domain/job-status';
import type { AccountingOverview, AccountingSyncRow } from '../../shared/schemas/accounting';
import type { GstReport } from '../../shared/schemas/reports';
import { creditNotes, customerInvoiceItems, customerInvoices } from '../db/schema';
import { insertExpense, insertJob, insertPurchaseInvoice } from '../db/seed/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { insertStaff, signedInStaff } from '../../../tests/helpers/staff-session';
import { freshSlots } from '../../../tests/helpers/fresh-slots';
import { startSimulatedXero, SIMULATED_ORGANISATION, type SimulatedXero } from './simulated-xero';
import { CALLBACK_PATH } from './routes';
import { createXeroGateway } from './xero-gateway';
import { XERO_INVOICE_COLUMNS } from './export';

/**
 * The books reach the accountant (docs/decisions/417-accounting-export.md, 418-xero-sync.md), with
 * the labelled simulated Xero. November 2026, registered for GST throughout:
 *   INV-A  5 Nov 660.00 / 60.00 (tyre 500.00, callout 89.80, labour 70.20), paid 10 Nov by EFTPOS on site
 *   CN-A  12 Nov  66.00 /  6.00 against INV-A after it was paid: a refund
 *   INV-B  6 Nov 220.00 / 20.00 (labour), unpaid; CN-B 15 Nov 22.00 / 2.00 against it: an allocation
 *   INV-C  7 Nov draft, INV-D 8 Nov voided before it was sent: neither counts nor goes
 *   bill P-1 3 Nov 440.00 / 40.00; expense 4 Nov fuel 110.00 / 10.00
 * GST on sales 60 + 20 - 6 - 2 = 72.00; on purchases 40 + 10 = 50.00.
 */

let t: TestApp;
let xero: SimulatedXero;
let admin: { cookie: string };
let tech: { cookie: string };
const freshSlot = freshSlots('2027-02-01');

async function invoice(over: {
  number: string;
  date: string;
  status: CustomerInvoiceStatus;
  total: string;
  gst: string;
  paidAt?: Date;
  lines: [string, string][];
}) {
  const job = await insertJob(t.db, { ...freshSlot(), status: 'completed', contactName: `Customer ${over.number}` });
  const [row] = await t.db
    .insert(customerInvoices)
    .values({
      jobId: job.id,
      invoiceNumber: over.number,
      invoiceDate: over.date,
      dueDate: '2026-12-05',
      status: over.status,
      totalAmount: over.total,
      gstAmount: over.gst,
      subtotalAmount: ((Math.round(Number(over.total) * 100) - Math.round(Number(over.gst) * 100)) / 100).toFixed(2),
      paidAt: over.paidAt ?? null,
    })
    .returning();
  for (const [i, [category, amount]] of over.lines.entries()) {
    await t.db.insert(customerInvoiceItems).values({
      customerInvoiceId: row!.id,
      description: `${category} line`,
      category,
      quantity: 1,
      unitPrice: amount,
      totalPrice: amount,
      position: i,
    });
  }
  return row!;
}

const as = (who: { cookie: string }, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

async function csvOf(format: string) {
  const res = await as(admin, 'GET', `/api/dashboard/accounting/export?from=2026-11-01&to=2026-11-30&format=${format}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  return parse(res.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
}

const cents = (rows: Record<string, string>[], col: string) =>
  rows.reduce((s, r) => s + Math.round(Number(r[col] ?? 0) * 100), 0);

const sync = async () => {
  const res = await as(admin, 'POST', '/api/dashboard/accounting/sync');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ sent: number; failed: number; waiting: number }>();
};
const made = () =>
  Object.fromEntries(Object.entries(xero.created).map(([k, v]) => [k, v.length])) as Record<string, number>;

beforeAll(async () => {
  xero = await startSimulatedXero();
  const env = { PUBLIC_BASE_URL: 'http://127.0.0.1:5999' };
  t = await createTestApp({
    env,
    overrides: {
      xero: createXeroGateway({
        clientId: 'test-client',
        clientSecret: 'test-secret',
        redirectUri: `${env.PUBLIC_BASE_URL}${CALLBACK_PATH}`,
        endpoints: xero.endpoints,
        simulated: true,
      }),
    },
  });
  admin = await signedInStaff(t, { role: 'admin' });
  tech = await signedInStaff(t, { role: 'technician' });
  await insertStaff(t, { role: 'technician' });
  const saved = await as(admin, 'PUT', '/api/dashboard/settings/business', {
    name: 'Books Tyres',
    abn: '51824753556',
    phone: '0412 345 678',
    email: 'office@books-tyres.example',
    businessDays: [1, 2, 3, 4, 5],
    gstRegistered: true,
    gstRegisteredFrom: null,
  });
  expect(saved.statusCode, saved.body).toBe(200);

  const a = await invoice({
    number: 'INV-A',
    date: '2026-11-05',
    status: 'paid',
    total: '660.00',
    gst: '60.00',
    paidAt: new Date('2026-11-10T02:00:00Z'),
    lines: [
      ['tyre', '500.00'],
      ['callout', '89.80'],
      ['labour', '70.20'],
    ],
  });
  const { onsitePayments } = await import('../db/schema');
  await t.db
    .insert(onsitePayments)
    .values({ jobId: a.jobId, customerInvoiceId: a.id, method: 'eftpos', amount: '660.00' });
  const b = await invoice({
    number: 'INV-B',
    date: '2026-11-06',
    status: 'sent',
    total: '220.00',
    gst: '20.00',
    lines: [['labour', '220.00']],
  });
  await invoice({
    number: 'INV-C',
    date: '2026-11-07',
    status: 'draft',
    total: '89.80',
    gst: '8.16',
    lines: [['callout', '89.80']],
  });
  await invoice({
    number: 'INV-D',
    date: '2026-11-08',
    status: 'cancelled',
    total: '300.00',
    gst: '27.27',
    lines: [['labour', '300.00']],
  });
  await t.db.insert(creditNotes).values([
    {
      number: 'CN-A',
      customerInvoiceId: a.id,
      creditDate: '2026-11-12',
      amount: '66.00',
      gstAmount: '6.00',
      reason: 'Goodwill',
    },
    {
      number: 'CN-B',
      customerInvoiceId: b.id,
      creditDate: '2026-11-15',
      amount: '22.00',
      gstAmount: '2.00',
      reason: 'Wrong price',
    },
  ]);
  await insertPurchaseInvoice(t.db, {
    supplierName: 'Tyre Wholesale',
    invoiceNumber: 'P-1',
    invoiceDate: '2026-11-03',
    totalAmount: '440.00',
    gstAmount: '40.00',
  });
  await insertExpense(t.db, {
    supplierName: 'Fuel Co',
    description: 'Diesel',
    category: 'fuel',
    expenseDate: '2026-11-04',
    amount: '110.00',
    gstAmount: '10.00',
  });
});

afterAll(async () => {
  await t?.close();
  await xero?.close();
});

describe('the export for any other package', () => {
  it("has Xero's columns and its GST equals the GST report's to the cent", async () => {
    const rows = await csvOf('xero-invoices');
    for (const col of [
      '*ContactName',
      '*InvoiceNumber',
      '*InvoiceDate',
      '*DueDate',
      '*Description',
      '*Quantity',
      '*UnitAmount',
      '*AccountCode',
      '*TaxType',
    ])
      expect(Object.keys(rows[0]!)).toContain(col);
    expect(Object.keys(rows[0]!)).toEqual([...XERO_INVOICE_COLUMNS]);
    expect([...new Set(rows.map((r) => r['*InvoiceNumber']))]).toEqual(['INV-A', 'INV-B', 'CN-A', 'CN-B']);
    // Credit notes are negative rows, dated on their own day, against their invoice.
    const cn = rows.find((r) => r['*InvoiceNumber'] === 'CN-A')!;
    expect(cn).toMatchObject({
      '*UnitAmount': '-66.00',
      TaxAmount: '-6.00',
      Reference: 'INV-A',
      '*InvoiceDate': '12/11/2026',
      '*TaxType': 'GST on Income',
    });
    expect(rows.find((r) => r['*Description'] === 'tyre line')).toMatchObject({
      '*AccountCode': '200',
      '*UnitAmount': '500.00',
    });

    const report = await as(admin, 'GET', '/api/dashboard/reports/gst?startDate=2026-11-01&endDate=2026-11-30');
    const gst = report.json<GstReport>();
    expect(cents(rows, 'TaxAmount')).toBe(7200);
    expect(cents(rows, 'TaxAmount')).toBe(Math.round(Number(gst.gstCollected) * 100));

    const bills = await csvOf('xero-bills');
    expect(bills.map((r) => r['*ContactName'])).toEqual(['Tyre Wholesale', 'Fuel Co']);
    expect(cents(bills, 'TaxAmount')).toBe(Math.round(Number(gst.gstPaid) * 100));

    const myob = await csvOf('myob-sales');
    expect(
      cents(
        myob.filter((r) => r['Invoice #']),
        'GST Amount',
      ),
    ).toBe(7200);
  });

  it('is for admins only, and refuses a range that runs backwards', async () => {
    expect(
      (await as(tech, 'GET', '/api/dashboard/accounting/export?from=2026-11-01&to=2026-11-30&format=xero-invoices'))
        .statusCode,
    ).toBe(403);
    expect((await as(tech, 'GET', '/api/dashboard/accounting')).statusCode).toBe(403);
    expect((await as(tech, 'POST', '/api/dashboard/accounting/sync')).statusCode).toBe(403);
    expect(
      (await as(admin, 'GET', '/api/dashboard/accounting/export?from=2026-11-30&to=2026-11-01&format=xero-invoices'))
        .statusCode,
    ).toBe(400);
  });
});

describe('Xero', () => {
  it('connects through OAuth 2.0 with PKCE and shows the organisation', async () => {
    const start = await as(admin, 'POST', '/api/dashboard/accounting/xero/connect');
    expect(start.statusCode, start.body).toBe(200);
    const { authorizeUrl } = start.json<{ authorizeUrl: string }>();
    const url = new URL(authorizeUrl);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    // A forged state is refused and connects nothing.
    const back = new URL(await xero.approve(authorizeUrl));
    const forged = await t.app.inject({ method: 'GET', url: `${CALLBACK_PATH}?code=x&state=forged` });
    expect(forged.body).toContain('Xero not connected');
    const done = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(done.body).toContain(`Connected to ${SIMULATED_ORGANISATION}`);
    const overview = (await as(admin, 'GET', '/api/dashboard/accounting')).json<AccountingOverview>();
    expect(overview.connection).toMatchObject({
      connected: true,
      organisationName: SIMULATED_ORGANISATION,
      error: null,
    });
    // The tokens are kept sealed, never in plain.
    const { accountingSetup } = await import('../db/schema');
    const [row] = await t.db.select().from(accountingSetup);
    expect(row?.tokens).toMatch(/^v1:/);
    expect(row?.tokens).not.toContain('refresh_token');
  });

  it('refuses a mapping to an account or tax type the organisation does not have', async () => {
    const overview = (await as(admin, 'GET', '/api/dashboard/accounting')).json<AccountingOverview>();
    const bad = await as(admin, 'PUT', '/api/dashboard/accounting/mapping', { ...overview.mapping, revenue: '999' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('no account 999');
    const gstFree = await as(admin, 'PUT', '/api/dashboard/accounting/mapping', {
      ...overview.mapping,
      taxTypes: { ...overview.mapping.taxTypes, sales: 'EXEMPTOUTPUT' },
    });
    expect(gstFree.statusCode).toBe(400);
    const ok = await as(admin, 'PUT', '/api/dashboard/accounting/mapping', { ...overview.mapping, tyreSales: '260' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("sends each record once, a second sync sends nothing, and a refusal shows with Xero's message", async () => {
    await insertPurchaseInvoice(t.db, {
      supplierName: 'Refused Supplies',
      invoiceNumber: 'REFUSE-ME',
      invoiceDate: '2026-11-20',
      totalAmount: '55.00',
      gstAmount: '5.00',
    });
    xero.refuse('REFUSE-ME', 'Invoice # must be unique.');
    const first = await sync();
    expect(first).toMatchObject({ failed: 1, waiting: 0 });
    const counts = made();
    expect(counts).toMatchObject({
      Invoices: 3, // INV-A and INV-B (ACCREC), the bill P-1 (ACCPAY)
      CreditNotes: 2,
      BankTransactions: 1, // the expense, as spend money
      Payments: 2, // INV-A's payment and CN-A's refund
      Allocations: 1, // CN-B against INV-B
      Contacts: 5, // two customers, three suppliers (the refused bill's too)
    });
    const sales = xero.created.Invoices!.filter((i) => i.Type === 'ACCREC');
    expect(sales.map((i) => i.InvoiceNumber).sort()).toEqual(['INV-A', 'INV-B']);
    const a = sales.find((i) => i.InvoiceNumber === 'INV-A')!;
    expect(a).toMatchObject({ LineAmountTypes: 'Inclusive', Status: 'AUTHORISED' });
    const lines = a.LineItems as { TaxType: string; TaxAmount: number; AccountCode: string }[];
    expect(lines.every((l) => l.TaxType === 'OUTPUT')).toBe(true);
    expect(lines.reduce((s, l) => s + Math.round(l.TaxAmount * 100), 0)).toBe(6000);
    expect(lines[0]!.AccountCode).toBe('260');
    const payment = xero.created.Payments!.find((p) => p.Invoice)!;
    expect(payment).toMatchObject({ Amount: 660, Account: { Code: '090' } });

    const calls = xero.calls;
    const second = await sync();
    expect(second).toMatchObject({ sent: 0, failed: 0 });
    expect(made()).toEqual(counts);
    expect(xero.calls).toBe(calls);

    const failed = (await as(admin, 'GET', '/api/dashboard/accounting/log?state=failed')).json<AccountingSyncRow[]>();
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ kind: 'bill', lastError: 'Invoice # must be unique.', state: 'failed' });
    const overview = (await as(admin, 'GET', '/api/dashboard/accounting')).json<AccountingOverview>();
    expect(overview.counts.failed).toBe(1);
    expect(overview.failingForADay).toBe(false);
    t.clock.advance(25 * 60 * 60_000);
    admin = await signedInStaff(t, { role: 'admin' }); // the session of a day ago has lapsed
    expect((await as(admin, 'GET', '/api/dashboard/accounting')).json<AccountingOverview>().failingForADay).toBe(true);

    const again = await as(admin, 'POST', `/api/dashboard/accounting/log/${failed[0]!.id}/retry`);
    expect(again.json<AccountingSyncRow>().state).toBe('waiting');
  });

  it('honours a 429 (waits for Retry-After across syncs) and the 60 calls a minute, then sends', async () => {
    await insertExpense(t.db, {
      supplierName: 'Fuel Co',
      description: 'Petrol',
      category: 'fuel',
      expenseDate: '2026-11-21',
      amount: '55.00',
      gstAmount: '5.00',
    });
    xero.throttle(1, 30);
    const before = made().BankTransactions ?? 0;
    const throttled = await sync();
    expect(throttled.waiting).toBeGreaterThanOrEqual(1);
    const log = (await as(admin, 'GET', '/api/dashboard/accounting/log?state=waiting')).json<AccountingSyncRow[]>();
    expect(log.some((r) => r.lastError?.includes('429'))).toBe(true);
    // Within the pause no call is made at all.
    const calls = xero.calls;
    await sync();
    expect(xero.calls).toBe(calls);
    t.clock.advance(31_000);
    await sync();
    expect(made().BankTransactions).toBe(before + 1);

    // Xero's 60 calls a minute, shared by every instance: with the minute's calls spent, nothing is called.
    const { accountingSetup } = await import('../db/schema');
    await t.db.update(accountingSetup).set({ rateWindowStart: t.clock.now(), rateCalls: 60 });
    await insertExpense(t.db, {
      supplierName: 'Fuel Co',
      description: 'Coolant',
      category: 'fuel',
      expenseDate: '2026-11-21',
      amount: '44.00',
      gstAmount: '4.00',
    });
    const spent = xero.calls;
    expect((await sync()).waiting).toBeGreaterThanOrEqual(1);
    expect(xero.calls).toBe(spent);
    t.clock.advance(61_000);
    await sync();
    expect(made().BankTransactions).toBe(before + 2);
  });

  it('sends a void after the invoice, never an edit, and stops when Xero refuses the connection', async () => {
    const { eq } = await import('drizzle-orm');
    const [b] = await t.db
      .select({ id: customerInvoices.id })
      .from(customerInvoices)
      .where(eq(customerInvoices.invoiceNumber, 'INV-B'));
    // DELETE of an issued invoice voids it (decision 295).
    const voided = await as(admin, 'DELETE', `/api/dashboard/customer-invoices/${b!.id}`);
    expect(voided.statusCode, voided.body).toBeLessThan(300);
    await sync();
    expect(xero.created.Voids).toHaveLength(1);
    const inv = xero.created.Invoices!.find((i) => i.InvoiceNumber === 'INV-B')!;
    expect(inv.Status).toBe('VOIDED');
    expect(xero.created.Invoices!.filter((i) => i.InvoiceNumber === 'INV-B')).toHaveLength(1);

    xero.revokeAll();
    await insertExpense(t.db, {
      supplierName: 'Fuel Co',
      description: 'Oil',
      category: 'fuel',
      expenseDate: '2026-11-22',
      amount: '33.00',
      gstAmount: '3.00',
    });
    await sync();
    const overview = (await as(admin, 'GET', '/api/dashboard/accounting')).json<AccountingOverview>();
    expect(overview.connection.error).toContain('connect again');
    expect(overview.counts.waiting).toBeGreaterThanOrEqual(1);
  });

  it('disconnects: the tokens are forgotten and sync sends nothing', async () => {
    expect((await as(admin, 'DELETE', '/api/dashboard/accounting/xero')).statusCode).toBe(204);
    const overview = (await as(admin, 'GET', '/api/dashboard/accounting')).json<AccountingOverview>();
    expect(overview.connection).toMatchObject({ connected: false, organisationName: null });
  });
});
