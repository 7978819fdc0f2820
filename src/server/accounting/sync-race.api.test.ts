import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountingSync, customerInvoiceItems, customerInvoices } from '../db/schema';
import { insertExpense, insertJob, insertPurchaseInvoice } from '../db/seed/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { freshSlots } from '../../../tests/helpers/fresh-slots';
import { startSimulatedXero, type SimulatedXero } from './simulated-xero';
import { CALLBACK_PATH } from './routes';
import { createXeroGateway } from './xero-gateway';

/**
 * Two syncs at the same moment, as two instances would run them (docs/decisions/418-xero-sync.md):
 * rows are claimed with FOR UPDATE SKIP LOCKED, so each record reaches the simulated Xero once.
 * On PostgreSQL (npm run test:pg) the two runs hold their own connections and truly overlap.
 */

let t: TestApp;
let xero: SimulatedXero;
let admin: { cookie: string };
const freshSlot = freshSlots('2027-03-01');

beforeAll(async () => {
  xero = await startSimulatedXero();
  const base = 'http://127.0.0.1:5998';
  t = await createTestApp({
    env: { PUBLIC_BASE_URL: base },
    overrides: {
      xero: createXeroGateway({
        clientId: 'race-client',
        clientSecret: 'race-secret',
        redirectUri: `${base}${CALLBACK_PATH}`,
        endpoints: xero.endpoints,
        simulated: true,
      }),
    },
  });
  admin = await signedInStaff(t, { role: 'admin' });
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/dashboard/accounting/xero/connect',
    headers: { cookie: admin.cookie },
  });
  const back = new URL(await xero.approve(start.json<{ authorizeUrl: string }>().authorizeUrl));
  const done = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(done.body).toContain('Xero connected');

  // Twelve invoices, paid, of three customers (so the runs meet on contacts too), five bills, five expenses.
  for (let i = 1; i <= 12; i++) {
    const job = await insertJob(t.db, { ...freshSlot(), status: 'completed', contactName: `Customer ${i % 3}` });
    const [inv] = await t.db
      .insert(customerInvoices)
      .values({
        jobId: job.id,
        invoiceNumber: `RACE-${i}`,
        invoiceDate: '2026-11-10',
        dueDate: '2026-12-10',
        status: 'paid',
        totalAmount: '110.00',
        gstAmount: '10.00',
        subtotalAmount: '100.00',
        paidAt: new Date('2026-11-11T01:00:00Z'),
      })
      .returning();
    await t.db.insert(customerInvoiceItems).values({
      customerInvoiceId: inv!.id,
      description: 'Labour',
      category: 'labour',
      unitPrice: '110.00',
      totalPrice: '110.00',
    });
  }
  for (let i = 1; i <= 5; i++) {
    await insertPurchaseInvoice(t.db, {
      supplierName: `Supplier ${i % 2}`,
      invoiceNumber: `B-${i}`,
      invoiceDate: '2026-11-12',
      totalAmount: '55.00',
      gstAmount: '5.00',
    });
    await insertExpense(t.db, {
      supplierName: `Supplier ${i % 2}`,
      description: `Expense ${i}`,
      category: 'tools',
      expenseDate: '2026-11-12',
      amount: '22.00',
      gstAmount: '2.00',
    });
  }
});

afterAll(async () => {
  await t?.close();
  await xero?.close();
});

const sync = () =>
  t.app.inject({ method: 'POST', url: '/api/dashboard/accounting/sync', headers: { cookie: admin.cookie } });

describe('two instances syncing at once', () => {
  it('send every record exactly once', async () => {
    const first = await Promise.all([sync(), sync()]);
    for (const r of first) expect(r.statusCode, r.body).toBe(200);
    // A record whose contact the other run was making waits for the next sync; nothing is lost or doubled.
    await Promise.all([sync(), sync()]);
    await sync();

    const once = (values: unknown[]) => {
      const seen = values.map(String).sort();
      expect(new Set(seen).size).toBe(seen.length);
      return seen;
    };
    const invoices = xero.created.Invoices ?? [];
    expect(once(invoices.filter((i) => i.Type === 'ACCREC').map((i) => i.InvoiceNumber))).toHaveLength(12);
    expect(once(invoices.filter((i) => i.Type === 'ACCPAY').map((i) => i.InvoiceNumber))).toHaveLength(5);
    expect(once((xero.created.BankTransactions ?? []).map((b) => b.Reference))).toHaveLength(5);
    expect(once((xero.created.Payments ?? []).map((p) => (p.Invoice as { InvoiceID: string }).InvoiceID))).toHaveLength(
      12,
    );
    expect(once((xero.created.Contacts ?? []).map((c) => String(c.Name).toLowerCase()))).toHaveLength(5);

    const rows = await t.db.select().from(accountingSync).where(eq(accountingSync.state, 'sent'));
    expect(rows).toHaveLength(12 + 12 + 5 + 5 + 5);
    expect(rows.every((r) => r.attempts === 1 && r.xeroId)).toBe(true);
  });
});
