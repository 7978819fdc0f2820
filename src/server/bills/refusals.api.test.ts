import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessExpenses, purchaseInvoices } from '../db/schema';
import { insertExpense, insertJob, insertPurchaseInvoice } from '../db/seed/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';

/**
 * Supplier bills and business expenses refuse the same bad amounts, days and categories with a 400
 * and a message, and write nothing (docs/product.md "Purchase invoices and expenses"; decision 260).
 */

let t: TestApp;
let cookie: string;
let jobId: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signedInStaff(t, { role: 'admin' })).cookie;
  jobId = (await insertJob(t.db, { scheduledDay: '2027-03-01', timeSlot: '8-10 AM' })).id;
});
afterAll(async () => {
  await t?.close();
});

const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url: `/api/dashboard${url}`, headers: { cookie }, payload });
const billCount = async () => (await t.db.select({ n: count() }).from(purchaseInvoices))[0]!.n;
const expenseCount = async () => (await t.db.select({ n: count() }).from(businessExpenses))[0]!.n;

const MONEY = 'Must be a valid decimal amount';
const CAP = 'Total must be at most $99,999,999.99';
const DATE = 'Invalid date format';
const GST_OVER = 'GST cannot be more than the total';

/** The same bad amounts for a bill's total and an expense's amount. */
const badTotals: [unknown, string][] = [
  [1e21, MONEY],
  ['1e21', MONEY],
  ['1.005', MONEY],
  // Text that is no number at all keeps the product's own message for a total.
  ['NaN', 'Total must be a valid number'],
  ['100000000.00', CAP],
  [99_999_999.999, CAP],
];
const badGst: [object, string][] = [
  [{ gstAmount: 1e21 }, MONEY],
  [{ gstAmount: '1.005' }, MONEY],
  [{ gstAmount: 'NaN' }, MONEY],
  [{ gstAmount: '100000000.00' }, 'Must be at most $99,999,999.99'],
  [{ gstAmount: '10.01' }, GST_OVER],
];
const badDays = ['0000-01-01', '9999-12-31', '1899-12-31', '2101-01-01', '2026-02-29'];

describe('a supplier bill refuses, and writes nothing', () => {
  const bill = (over: object) => ({
    jobId,
    supplierName: 'Tyre Wholesale WA',
    invoiceNumber: `R-${Math.random().toString(36).slice(2, 8)}`,
    invoiceDate: '2026-11-20',
    totalAmount: '10.00',
    ...over,
  });
  const refusedOnCreate = async (over: object, message: string) => {
    const before = await billCount();
    const res = await send('POST', '/purchase-invoices', bill(over));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await billCount()).toBe(before);
  };
  const refusedOnEdit = async (change: object, message: string) => {
    const stored = await insertPurchaseInvoice(t.db, {
      jobId,
      totalAmount: '10.00',
      gstAmount: '0.91',
      subtotal: '9.09',
    });
    const res = await send('PATCH', `/purchase-invoices/${stored.id}`, change);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await t.db.select().from(purchaseInvoices).where(eq(purchaseInvoices.id, stored.id)))[0]).toEqual(stored);
  };

  it.each(badTotals)('a total of %o: %s', async (totalAmount, message) => {
    await refusedOnCreate({ totalAmount }, message);
    await refusedOnEdit({ totalAmount }, message);
  });
  it.each(badGst)('%o: %s', async (over, message) => {
    await refusedOnCreate(over, message);
    await refusedOnEdit(over, message);
  });
  it('a GST above the total, the total given with it or stored', async () => {
    await refusedOnEdit({ totalAmount: '5.00', gstAmount: '5.01' }, GST_OVER);
  });
  it.each(badDays)('the day %s', async (d) => {
    await refusedOnCreate({ invoiceDate: d }, DATE);
    await refusedOnCreate({ dueDate: d }, DATE);
    await refusedOnEdit({ invoiceDate: d }, DATE);
    await refusedOnEdit({ dueDate: d }, DATE);
    await refusedOnEdit({ isPaid: true, paidAt: `${d}T09:00:00+08:00` }, DATE);
  });
  it('a job id that is not one', async () => {
    await refusedOnCreate({ jobId: 'job-1' }, 'Job not found');
  });
});

describe('a business expense refuses, and writes nothing', () => {
  const expense = (over: object) => ({
    supplierName: 'Fuel Co',
    description: 'Van fuel',
    amount: '10.00',
    category: 'fuel',
    expenseDate: '2026-11-20',
    ...over,
  });
  const refusedOnCreate = async (over: object, message: string) => {
    const before = await expenseCount();
    const res = await send('POST', '/business-expenses', expense(over));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await expenseCount()).toBe(before);
  };
  const refusedOnEdit = async (change: object, message: string) => {
    const stored = await insertExpense(t.db, { amount: '10.00', gstAmount: '0.91' });
    const res = await send('PATCH', `/business-expenses/${stored.id}`, change);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await t.db.select().from(businessExpenses).where(eq(businessExpenses.id, stored.id)))[0]).toEqual(stored);
  };

  it.each(badTotals)('an amount of %o: %s', async (amount, message) => {
    await refusedOnCreate({ amount }, message);
    await refusedOnEdit({ amount }, message);
  });
  it.each(badGst)('%o: %s', async (over, message) => {
    await refusedOnCreate(over, message);
    await refusedOnEdit(over, message);
  });
  it('a GST above the amount, the amount given with it or stored', async () => {
    await refusedOnEdit({ amount: '5.00', gstAmount: '5.01' }, GST_OVER);
  });
  it.each(badDays)('the day %s', async (d) => {
    await refusedOnCreate({ expenseDate: d }, DATE);
    await refusedOnCreate({ dueDate: d }, DATE);
    await refusedOnEdit({ expenseDate: d }, DATE);
    await refusedOnEdit({ dueDate: d }, DATE);
  });
  it("cost of goods sold, which is a job's purchase invoice and never offered on the Expenses tab", async () => {
    const message = "Cost of goods sold is a job's purchase invoice, not a business expense";
    await refusedOnCreate({ category: 'cost-of-goods-sold' }, message);
    await refusedOnEdit({ category: 'cost-of-goods-sold' }, message);
  });
  it('a list filter that is not a day or a page that is not a whole number', async () => {
    const list = (q: string) =>
      t.app.inject({ method: 'GET', url: `/api/dashboard/business-expenses?${q}`, headers: { cookie } });
    expect((await list('from=0000-01-01')).json().message).toBe(DATE);
    expect((await list('to=9999-12-31')).statusCode).toBe(400);
    expect((await list('page=0x10')).json().message).toBe('Page must be a whole number');
    expect((await list('pageSize=1e2')).statusCode).toBe(400);
  });
});
