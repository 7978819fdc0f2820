import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerInvoiceStatus } from '../../shared/domain/job-status';
import type { ServiceType } from '../../shared/domain/services';
import type { GstReport, PayablesReport, ProfitAndLossReport, ReceivablesReport } from '../../shared/schemas/reports';
import { customerInvoiceItems, customerInvoices } from '../db/schema';
import { insertExpense, insertJob, insertPurchaseInvoice } from '../db/seed/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { insertStaff, signedInStaff } from '../../../tests/helpers/staff-session';
import { freshSlots } from '../../../tests/helpers/fresh-slots';

/**
 * A month of business computed by hand, to the cent (docs/product.md "Reports"). The clock stands
 * at Monday 23 November 2026, 07:00 Perth; the range is November 2026. Worked figures:
 *
 * Customer invoices (total / GST):
 *   A  1 Nov  paid 10 Nov  660.00 / 60.00  job 1 (new tyres, alice)  lines tyre 500.00, callout 89.80, labour 70.20
 *   F  5 Nov  overdue      220.00 / 20.00  job 5 (puncture, bob)      line labour 220.00, due 6 Nov
 *   C 15 Nov  draft         89.80 /  8.16  job 3 (battery, nobody)    listed as pending; no revenue, no GST collected
 *   D 10 Nov  cancelled    500.00 / 45.45  job 2                      never counts
 *   H 20 Nov  sent          89.80 /  8.16  job 6 (battery, nobody)    line callout 89.80, due 20 Dec
 *   B 30 Nov  sent         129.80 / 11.80  job 2 (puncture, bob)      lines labour 40.00, callout 89.80
 *   E 31 Oct  sent        1000.00 / 90.91  job 4 (new tyres, alice)   outside the month (in the turnover watch)
 * Purchase invoices: P1 1 Nov 440.00/40.00 paid (job 1); P4 12 Nov 123.45/11.22 due 20 Nov (job 1);
 *   P2 30 Nov 55.00/5.00 due 28 Nov (job 2); P3 31 Oct 880.00/80.00 (outside).
 * Expenses: E1 3 Nov fuel 110.00/10.00 paid; E4 20 Nov tools 99.99/9.09 due 20 Dec;
 *   E2 30 Nov rent 1500.00/136.36 due 5 Dec; E3 1 Dec marketing 330.00/30.00 (outside).
 */

let t: TestApp;
let admin: { cookie: string };
let alice: { id: string; username: string };
let bob: { id: string; username: string };

const freshSlot = freshSlots('2027-01-03');

async function insertInvoice(over: {
  jobId: string;
  invoiceNumber: string;
  invoiceDate: string;
  status: CustomerInvoiceStatus;
  total: string;
  gst: string;
  dueDate?: string;
  paidAt?: Date;
  lines?: [string, string][];
}) {
  const [row] = await t.db
    .insert(customerInvoices)
    .values({
      jobId: over.jobId,
      invoiceNumber: over.invoiceNumber,
      invoiceDate: over.invoiceDate,
      dueDate: over.dueDate ?? null,
      status: over.status,
      totalAmount: over.total,
      gstAmount: over.gst,
      subtotalAmount: ((Math.round(Number(over.total) * 100) - Math.round(Number(over.gst) * 100)) / 100).toFixed(2),
      paidAt: over.paidAt ?? null,
    })
    .returning();
  for (const [category, amount] of over.lines ?? []) {
    await t.db.insert(customerInvoiceItems).values({
      customerInvoiceId: row!.id,
      description: category,
      category,
      quantity: 1,
      unitPrice: amount,
      totalPrice: amount,
    });
  }
}

const job = (serviceType: ServiceType, assignedTechnicianId: string | null) =>
  insertJob(t.db, { ...freshSlot(), serviceType, assignedTechnicianId, status: 'completed' });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, { role: 'admin' });
  alice = await insertStaff(t, { role: 'technician' });
  bob = await insertStaff(t, { role: 'technician' });
  const [j1, j2, j3, j4, j5, j6] = await Promise.all([
    job('new-tyres', alice.id),
    job('puncture-repair', bob.id),
    job('battery-service', null),
    job('new-tyres', alice.id),
    job('puncture-repair', bob.id),
    job('battery-service', null),
  ]);

  await insertInvoice({
    jobId: j1!.id,
    invoiceNumber: 'T-A',
    invoiceDate: '2026-11-01',
    status: 'paid',
    total: '660.00',
    gst: '60.00',
    dueDate: '2026-12-01',
    paidAt: new Date('2026-11-10T02:00:00Z'),
    lines: [
      ['tyre', '500.00'],
      ['callout', '89.80'],
      ['labour', '70.20'],
    ],
  });
  await insertInvoice({
    jobId: j5!.id,
    invoiceNumber: 'T-F',
    invoiceDate: '2026-11-05',
    status: 'overdue',
    total: '220.00',
    gst: '20.00',
    dueDate: '2026-11-06',
    lines: [['labour', '220.00']],
  });
  await insertInvoice({
    jobId: j3!.id,
    invoiceNumber: 'T-C',
    invoiceDate: '2026-11-15',
    status: 'draft',
    total: '89.80',
    gst: '8.16',
    lines: [
      ['battery', '0.00'],
      ['callout', '89.80'],
    ],
  });
  await insertInvoice({
    jobId: j2!.id,
    invoiceNumber: 'T-D',
    invoiceDate: '2026-11-10',
    status: 'cancelled',
    total: '500.00',
    gst: '45.45',
    lines: [['tyre', '500.00']],
  });
  await insertInvoice({
    jobId: j6!.id,
    invoiceNumber: 'T-H',
    invoiceDate: '2026-11-20',
    status: 'sent',
    total: '89.80',
    gst: '8.16',
    dueDate: '2026-12-20',
    lines: [['callout', '89.80']],
  });
  await insertInvoice({
    jobId: j2!.id,
    invoiceNumber: 'T-B',
    invoiceDate: '2026-11-30',
    status: 'sent',
    total: '129.80',
    gst: '11.80',
    dueDate: '2026-12-30',
    lines: [
      ['labour', '40.00'],
      ['callout', '89.80'],
    ],
  });
  await insertInvoice({
    jobId: j4!.id,
    invoiceNumber: 'T-E',
    invoiceDate: '2026-10-31',
    status: 'sent',
    total: '1000.00',
    gst: '90.91',
    dueDate: '2026-11-30',
    lines: [['tyre', '1000.00']],
  });

  await insertPurchaseInvoice(t.db, {
    jobId: j1!.id,
    supplierName: 'Tyre Wholesale WA',
    invoiceNumber: 'TW-1',
    invoiceDate: '2026-11-01',
    totalAmount: '440.00',
    gstAmount: '40.00',
    isPaid: true,
    paidAt: new Date('2026-11-02T01:00:00Z'),
    dueDate: '2026-11-15',
  });
  await insertPurchaseInvoice(t.db, {
    jobId: j1!.id,
    supplierName: 'Tyre Wholesale WA',
    invoiceNumber: 'TW-3',
    invoiceDate: '2026-11-12',
    totalAmount: '123.45',
    gstAmount: '11.22',
    dueDate: '2026-11-20',
  });
  await insertPurchaseInvoice(t.db, {
    jobId: j2!.id,
    supplierName: 'Repair Supplies',
    invoiceNumber: 'RS-7',
    invoiceDate: '2026-11-30',
    totalAmount: '55.00',
    gstAmount: '5.00',
    dueDate: '2026-11-28',
  });
  await insertPurchaseInvoice(t.db, {
    jobId: j4!.id,
    supplierName: 'Tyre Wholesale WA',
    invoiceNumber: 'TW-2',
    invoiceDate: '2026-10-31',
    totalAmount: '880.00',
    gstAmount: '80.00',
    dueDate: '2026-11-20',
  });

  await insertExpense(t.db, {
    category: 'fuel',
    supplierName: 'Fuel Co',
    description: 'Van fuel',
    expenseDate: '2026-11-03',
    amount: '110.00',
    gstAmount: '10.00',
    isPaid: true,
    paidAt: new Date('2026-11-03T05:00:00Z'),
  });
  await insertExpense(t.db, {
    category: 'tools',
    supplierName: 'Tool Shop',
    description: 'Torque wrench',
    expenseDate: '2026-11-20',
    amount: '99.99',
    gstAmount: '9.09',
    dueDate: '2026-12-20',
  });
  await insertExpense(t.db, {
    category: 'rent',
    supplierName: 'Landlord Pty',
    description: 'Workshop rent',
    expenseDate: '2026-11-30',
    amount: '1500.00',
    gstAmount: '136.36',
    dueDate: '2026-12-05',
  });
  await insertExpense(t.db, {
    category: 'marketing',
    supplierName: 'Ad Co',
    description: 'Flyers',
    expenseDate: '2026-12-01',
    amount: '330.00',
    gstAmount: '30.00',
  });
});
afterAll(async () => {
  await t?.close();
});

const NOVEMBER = 'startDate=2026-11-01&endDate=2026-11-30';
async function get<T>(path: string, query = NOVEMBER): Promise<T> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dashboard/reports/${path}?${query}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

/** CSV as rows of cells (RFC 4180 quoting), the byte-order mark dropped. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\n') {
      endCell();
      rows.push(row);
      row = [];
    } else if (c !== '\r') cell += c;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/** The rows of a CSV section (after its title and header, up to the next empty line). */
function section(rows: string[][], title: string): string[][] {
  const start = rows.findIndex((r) => r[0] === title && r.length === 1);
  expect(start, `section ${title}`).toBeGreaterThan(0);
  const end = rows.findIndex((r, i) => i > start && r.length === 1 && r[0] === '');
  return rows.slice(start + 2, end === -1 ? undefined : end);
}

async function getCsv(path: string, query = NOVEMBER) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dashboard/reports/${path}.csv?${query}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[\w.-]+\.csv"$/);
  return parseCsv(res.body);
}

describe('GST report for the hand-computed month', () => {
  it('lists every non-cancelled invoice by date, with its report status, and counts GST only on invoiced and paid ones', async () => {
    const r = await get<GstReport>('gst');
    expect(r).toMatchObject({ startDate: '2026-11-01', endDate: '2026-11-30', hasData: true, gstRegistered: false });
    expect(
      r.customerInvoices.map((i) => [i.invoiceNumber, i.issueDate, i.status, i.subtotal, i.gstAmount, i.totalAmount]),
    ).toEqual([
      ['T-A', '2026-11-01', 'paid', '600.00', '60.00', '660.00'],
      ['T-F', '2026-11-05', 'invoiced', '200.00', '20.00', '220.00'],
      ['T-C', '2026-11-15', 'pending', '81.64', '8.16', '89.80'],
      ['T-H', '2026-11-20', 'invoiced', '81.64', '8.16', '89.80'],
      ['T-B', '2026-11-30', 'invoiced', '118.00', '11.80', '129.80'],
    ]);
    expect(r.purchaseInvoices.map((p) => [p.invoiceNumber, p.gstAmount])).toEqual([
      ['TW-1', '40.00'],
      ['TW-3', '11.22'],
      ['RS-7', '5.00'],
    ]);
    expect(r.businessExpenses.map((e) => [e.supplierName, e.gstAmount])).toEqual([
      ['Fuel Co', '10.00'],
      ['Tool Shop', '9.09'],
      ['Landlord Pty', '136.36'],
    ]);
    expect(r).toMatchObject({
      gstCollected: '99.96',
      gstPaidOnPurchases: '56.22',
      gstPaidOnExpenses: '155.45',
      gstPaid: '211.67',
      netGST: '-111.71',
    });
    expect(r.bas).toEqual({
      g1TotalSales: '1099.60',
      gstOnSales1A: '99.96',
      gstOnPurchases1B: '211.67',
      netGst: '-111.71',
    });
    expect(r.months).toEqual([{ month: '2026-11', gstCollected: '99.96', gstPaid: '211.67' }]);
  });

  it('watches the 12 months of sales to today against the $75,000 threshold', async () => {
    const { turnover } = await get<GstReport>('gst');
    expect(turnover).toMatchObject({
      startDate: '2025-12-01',
      endDate: '2026-11-23',
      sales: '1969.80',
      threshold: '75000.00',
      percentage: 2.63,
      isOverThreshold: false,
    });
    expect(turnover.months).toHaveLength(12);
    expect(turnover.months.slice(-2)).toEqual([
      { month: '2026-10', sales: '1000.00' },
      { month: '2026-11', sales: '969.80' },
    ]);
  });

  it('has no data for a month with no documents', async () => {
    const r = await get<GstReport>('gst', 'startDate=2026-08-01&endDate=2026-08-31');
    expect(r).toMatchObject({
      hasData: false,
      gstCollected: '0.00',
      gstPaid: '0.00',
      netGST: '0.00',
      customerInvoices: [],
    });
  });
});

describe('Payables report for the hand-computed month', () => {
  it('totals, overdue and upcoming payments as at today', async () => {
    const r = await get<PayablesReport>('purchases-payables');
    expect(r).toMatchObject({
      asOf: '2026-11-23',
      totalPurchases: '2328.44',
      totalPaid: '550.00',
      totalPayables: '1778.44',
      overduePurchases: '123.45',
    });
    expect(
      r.overduePayments.map((p) => [p.supplierName, p.invoiceNumber, p.dueDate, p.daysOverdue, p.totalAmount]),
    ).toEqual([['Tyre Wholesale WA', 'TW-3', '2026-11-20', 3, '123.45']]);
    expect(r.upcomingPayments.map((p) => [p.kind, p.supplierName, p.dueDate, p.daysUntilDue, p.totalAmount])).toEqual([
      ['purchase', 'Repair Supplies', '2026-11-28', 5, '55.00'],
      ['expense', 'Landlord Pty', '2026-12-05', 12, '1500.00'],
      ['expense', 'Tool Shop', '2026-12-20', 27, '99.99'],
    ]);
  });

  it('groups by supplier and by category, largest first', async () => {
    const r = await get<PayablesReport>('purchases-payables');
    expect(r.purchasesBySupplier).toEqual([
      {
        supplierName: 'Landlord Pty',
        totalAmount: '1500.00',
        paidAmount: '0.00',
        unpaidAmount: '1500.00',
        invoiceCount: 1,
      },
      {
        supplierName: 'Tyre Wholesale WA',
        totalAmount: '563.45',
        paidAmount: '440.00',
        unpaidAmount: '123.45',
        invoiceCount: 2,
      },
      { supplierName: 'Fuel Co', totalAmount: '110.00', paidAmount: '110.00', unpaidAmount: '0.00', invoiceCount: 1 },
      { supplierName: 'Tool Shop', totalAmount: '99.99', paidAmount: '0.00', unpaidAmount: '99.99', invoiceCount: 1 },
      {
        supplierName: 'Repair Supplies',
        totalAmount: '55.00',
        paidAmount: '0.00',
        unpaidAmount: '55.00',
        invoiceCount: 1,
      },
    ]);
    expect(r.purchasesByCategory).toEqual([
      { category: 'rent', totalAmount: '1500.00', paidAmount: '0.00', unpaidAmount: '1500.00', invoiceCount: 1 },
      {
        category: 'cost-of-goods-sold',
        totalAmount: '618.45',
        paidAmount: '440.00',
        unpaidAmount: '178.45',
        invoiceCount: 3,
      },
      { category: 'fuel', totalAmount: '110.00', paidAmount: '110.00', unpaidAmount: '0.00', invoiceCount: 1 },
      { category: 'tools', totalAmount: '99.99', paidAmount: '0.00', unpaidAmount: '99.99', invoiceCount: 1 },
    ]);
  });
});

describe('P&L for the hand-computed month', () => {
  it('revenue from issued invoices only, job costs, expenses, profits and margins', async () => {
    const r = await get<ProfitAndLossReport>('enhanced-pl');
    expect(r.revenue).toEqual({ totalRevenue: '1099.60', customerInvoices: '1099.60', invoiceCount: 4 });
    expect(r.expenses).toEqual({ totalExpenses: '2328.44', jobCosts: '618.45', businessExpenses: '1709.99' });
    expect(r.profit).toEqual({ grossProfit: '481.15', grossMargin: 43.76, netProfit: '-1228.84', netMargin: -111.75 });
    expect(r.months).toEqual([
      { month: '2026-11', revenue: '1099.60', jobCosts: '618.45', businessExpenses: '1709.99', netProfit: '-1228.84' },
    ]);
  });

  it('revenue streams from invoice lines and expense categories, with percentages', async () => {
    const r = await get<ProfitAndLossReport>('enhanced-pl');
    expect(r.breakdown.topRevenueStreams).toEqual([
      { category: 'tyre', amount: '500.00', percentage: 45.47 },
      { category: 'labour', amount: '330.20', percentage: 30.03 },
      { category: 'callout', amount: '269.40', percentage: 24.5 },
    ]);
    expect(r.breakdown.topExpenseCategories).toEqual([
      { category: 'rent', amount: '1500.00', percentage: 64.42 },
      { category: 'cost-of-goods-sold', amount: '618.45', percentage: 26.56 },
      { category: 'fuel', amount: '110.00', percentage: 4.72 },
      { category: 'tools', amount: '99.99', percentage: 4.29 },
    ]);
  });

  it('profit by technician and by service adds up to the gross profit', async () => {
    const r = await get<ProfitAndLossReport>('enhanced-pl');
    expect(r.byTechnician).toEqual([
      {
        technicianId: bob.id,
        technicianName: bob.username,
        jobCount: 2,
        revenue: '349.80',
        jobCosts: '55.00',
        profit: '294.80',
      },
      {
        technicianId: alice.id,
        technicianName: alice.username,
        jobCount: 1,
        revenue: '660.00',
        jobCosts: '563.45',
        profit: '96.55',
      },
      {
        technicianId: null,
        technicianName: 'Unassigned',
        jobCount: 1,
        revenue: '89.80',
        jobCosts: '0.00',
        profit: '89.80',
      },
    ]);
    expect(r.byService).toEqual([
      { serviceType: 'puncture-repair', jobCount: 2, revenue: '349.80', jobCosts: '55.00', profit: '294.80' },
      { serviceType: 'new-tyres', jobCount: 1, revenue: '660.00', jobCosts: '563.45', profit: '96.55' },
      { serviceType: 'battery-service', jobCount: 1, revenue: '89.80', jobCosts: '0.00', profit: '89.80' },
    ]);
  });

  it('defaults to this financial year (1 July 2026 to 30 June 2027), which takes in the documents outside November', async () => {
    const r = await get<ProfitAndLossReport>('enhanced-pl', '');
    expect(r).toMatchObject({ startDate: '2026-07-01', endDate: '2027-06-30' });
    expect(r.revenue.totalRevenue).toBe('2099.60');
    expect(r.expenses).toEqual({ totalExpenses: '3538.44', jobCosts: '1498.45', businessExpenses: '2039.99' });
    expect(r.months).toHaveLength(12);
  });
});

describe('Receivables for the hand-computed month', () => {
  it('ages what customers owe as at today: paid, draft and later invoices excluded', async () => {
    const r = await get<ReceivablesReport>('receivables');
    expect(r).toMatchObject({ asOf: '2026-11-23', totalOutstanding: '309.80', hasData: true });
    expect(r.buckets.map((b) => [b.bucket, b.amount, b.invoiceCount])).toEqual([
      ['current', '89.80', 1],
      ['1-30', '220.00', 1],
      ['31-60', '0.00', 0],
      ['61+', '0.00', 0],
    ]);
    expect(r.invoices.map((i) => [i.invoiceNumber, i.daysOverdue, i.bucket])).toEqual([
      ['T-F', 17, '1-30'],
      ['T-H', 0, 'current'],
    ]);
  });
});

describe('CSV downloads carry the same figures as the JSON', () => {
  it('GST', async () => {
    const [json, csv] = await Promise.all([get<GstReport>('gst'), getCsv('gst')]);
    expect(csv[0]).toEqual([
      'GST report (tracking only: not registered for GST)',
      'From',
      '2026-11-01',
      'To',
      '2026-11-30',
    ]);
    expect(section(csv, 'Summary')).toEqual([
      ['GST collected', json.gstCollected],
      ['GST paid on purchase invoices', json.gstPaidOnPurchases],
      ['GST paid on business expenses', json.gstPaidOnExpenses],
      ['GST paid', json.gstPaid],
      ['Net GST', json.netGST],
    ]);
    expect(section(csv, 'BAS worksheet').map((r) => r[1])).toEqual([
      json.bas.g1TotalSales,
      json.bas.gstOnSales1A,
      json.bas.gstOnPurchases1B,
      json.bas.netGst,
    ]);
    expect(section(csv, 'Customer invoices')).toEqual(
      json.customerInvoices.map((i) => [
        i.invoiceNumber,
        i.customerName,
        i.issueDate,
        i.status,
        i.subtotal,
        i.gstAmount,
        i.totalAmount,
      ]),
    );
    expect(section(csv, 'Purchase invoices')).toEqual(
      json.purchaseInvoices.map((p) => [
        p.invoiceNumber,
        p.supplierName,
        p.invoiceDate,
        p.isPaid ? 'Yes' : 'No',
        p.subtotal,
        p.gstAmount,
        p.totalAmount,
      ]),
    );
    expect(section(csv, 'Business expenses').map((r) => r.slice(-3))).toEqual(
      json.businessExpenses.map((e) => [e.subtotal, e.gstAmount, e.totalAmount]),
    );
  });

  it('Payables', async () => {
    const [json, csv] = await Promise.all([get<PayablesReport>('purchases-payables'), getCsv('purchases-payables')]);
    expect(section(csv, 'Summary').map((r) => r[1])).toEqual([
      json.totalPurchases,
      json.totalPaid,
      json.totalPayables,
      json.overduePurchases,
    ]);
    expect(section(csv, 'By supplier')).toEqual(
      json.purchasesBySupplier.map((s) => [
        s.supplierName,
        s.totalAmount,
        s.paidAmount,
        s.unpaidAmount,
        String(s.invoiceCount),
      ]),
    );
    expect(section(csv, 'By category').map((r) => r.slice(1))).toEqual(
      json.purchasesByCategory.map((s) => [s.totalAmount, s.paidAmount, s.unpaidAmount, String(s.invoiceCount)]),
    );
    expect(section(csv, 'Upcoming payments (next 30 days)')).toEqual(
      json.upcomingPayments.map((p) => [
        p.kind,
        p.supplierName,
        p.invoiceNumber ?? '',
        p.dueDate,
        String(p.daysUntilDue),
        p.totalAmount,
      ]),
    );
  });

  it('P&L', async () => {
    const [json, csv] = await Promise.all([get<ProfitAndLossReport>('enhanced-pl'), getCsv('enhanced-pl')]);
    expect(section(csv, 'Summary').map((r) => r[1])).toEqual([
      json.revenue.totalRevenue,
      json.expenses.jobCosts,
      json.profit.grossProfit,
      String(json.profit.grossMargin),
      json.expenses.businessExpenses,
      json.expenses.totalExpenses,
      json.profit.netProfit,
      String(json.profit.netMargin),
      String(json.revenue.invoiceCount),
    ]);
    expect(section(csv, 'By month')).toEqual(
      json.months.map((x) => [x.month, x.revenue, x.jobCosts, x.businessExpenses, x.netProfit]),
    );
    expect(section(csv, 'Revenue streams').map((r) => r.slice(1))).toEqual(
      json.breakdown.topRevenueStreams.map((x) => [x.amount, String(x.percentage)]),
    );
    expect(section(csv, 'Profit by technician')).toEqual(
      json.byTechnician.map((x) => [x.technicianName, String(x.jobCount), x.revenue, x.jobCosts, x.profit]),
    );
    expect(section(csv, 'Profit by service').map((r) => r.slice(1))).toEqual(
      json.byService.map((x) => [String(x.jobCount), x.revenue, x.jobCosts, x.profit]),
    );
  });

  it('Receivables', async () => {
    const [json, csv] = await Promise.all([get<ReceivablesReport>('receivables'), getCsv('receivables')]);
    expect(section(csv, 'Unpaid invoices').map((r) => [r[0], r[6]])).toEqual(
      json.invoices.map((i) => [i.invoiceNumber, i.totalAmount]),
    );
    expect(section(csv, 'By age at 2026-11-23').at(-1)).toEqual([
      'Total outstanding',
      json.totalOutstanding,
      String(json.invoices.length),
    ]);
  });
});

describe('GST registration and the period (decision 377)', () => {
  const business = (over: { gstRegistered: boolean; gstRegisteredFrom: string | null }) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/dashboard/settings/business',
      headers: { cookie: admin.cookie },
      payload: {
        name: 'Report Tyres',
        abn: '51824753556',
        phone: '0412 345 678',
        email: 'office@report-tyres.example',
        businessDays: [1, 2, 3, 4, 5],
        ...over,
      },
    });

  it('says registered only for a period that reaches the registration date, and not at all once registration is off', async () => {
    const saved = await business({ gstRegistered: true, gstRegisteredFrom: '2026-12-01' });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      // November ends before 1 December: no GST was collected or payable then.
      expect((await get<GstReport>('gst')).gstRegistered).toBe(false);
      expect((await get<GstReport>('gst', 'startDate=2026-11-01&endDate=2026-12-31')).gstRegistered).toBe(true);
      const csv = await getCsv('gst', 'startDate=2026-12-01&endDate=2026-12-31');
      expect(csv[0]?.[0]).toBe('GST report');
      expect(await business({ gstRegistered: true, gstRegisteredFrom: null })).toMatchObject({ statusCode: 200 });
      expect((await get<GstReport>('gst')).gstRegistered).toBe(true);
    } finally {
      expect(await business({ gstRegistered: false, gstRegisteredFrom: null })).toMatchObject({ statusCode: 200 });
    }
    const after = await get<GstReport>('gst');
    expect(after.gstRegistered).toBe(false);
    // The figures themselves are tracked the same either way: only what they mean changes.
    expect(after).toMatchObject({ gstCollected: '99.96', gstPaid: '211.67', netGST: '-111.71' });
  });
});

describe('P&L while registered for GST (decision 442)', () => {
  const registration = (gstRegisteredFrom: string | null, gstRegistered = true) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/dashboard/settings/business',
      headers: { cookie: admin.cookie },
      payload: {
        name: 'Report Tyres',
        abn: '51824753556',
        phone: '0412 345 678',
        email: 'office@report-tyres.example',
        businessDays: [1, 2, 3, 4, 5],
        gstRegistered,
        gstRegisteredFrom,
      },
    });
  const cents = (s: string) => Math.round(Number(s) * 100);
  const total = (xs: { amount: string }[]) => xs.reduce((a, x) => a + cents(x.amount), 0);

  /** Every breakdown adds up to the figure above it, to the cent. */
  function expectBreakdownsAddUp(r: ProfitAndLossReport) {
    expect(total(r.breakdown.topRevenueStreams)).toBe(cents(r.revenue.totalRevenue));
    expect(total(r.breakdown.topExpenseCategories)).toBe(cents(r.expenses.totalExpenses));
    for (const lines of [r.byTechnician, r.byService]) {
      expect(lines.reduce((a, x) => a + cents(x.revenue), 0)).toBe(cents(r.revenue.totalRevenue));
      expect(lines.reduce((a, x) => a + cents(x.jobCosts), 0)).toBe(cents(r.expenses.jobCosts));
      expect(lines.reduce((a, x) => a + cents(x.profit), 0)).toBe(cents(r.profit.grossProfit));
    }
  }

  it("counts invoices, bills and expenses without their GST, which is the tax office's money", async () => {
    expect(await registration(null)).toMatchObject({ statusCode: 200 });
    try {
      const r = await get<ProfitAndLossReport>('enhanced-pl');
      // Revenue 1099.60 less GST 99.96; bills 618.45 less 56.22; expenses 1709.99 less 155.45.
      expect(r.revenue).toEqual({ totalRevenue: '999.64', customerInvoices: '999.64', invoiceCount: 4 });
      expect(r.expenses).toEqual({ totalExpenses: '2116.77', jobCosts: '562.23', businessExpenses: '1554.54' });
      expect(r.profit).toEqual({
        grossProfit: '437.41',
        grossMargin: 43.76,
        netProfit: '-1117.13',
        netMargin: -111.75,
      });
      expect(r.months).toEqual([
        { month: '2026-11', revenue: '999.64', jobCosts: '562.23', businessExpenses: '1554.54', netProfit: '-1117.13' },
      ]);
      // The GST of 99.96 shared over the lines: tyre 45.45, labour 30.02, callout 24.49.
      expect(r.breakdown.topRevenueStreams).toEqual([
        { category: 'tyre', amount: '454.55', percentage: 45.47 },
        { category: 'labour', amount: '300.18', percentage: 30.03 },
        { category: 'callout', amount: '244.91', percentage: 24.5 },
      ]);
      expect(r.breakdown.topExpenseCategories.map((x) => [x.category, x.amount])).toEqual([
        ['rent', '1363.64'],
        ['cost-of-goods-sold', '562.23'],
        ['fuel', '100.00'],
        ['tools', '90.90'],
      ]);
      expect(r.byTechnician.map((x) => [x.technicianName, x.revenue, x.jobCosts, x.profit])).toEqual([
        [bob.username, '318.00', '50.00', '268.00'],
        [alice.username, '600.00', '512.23', '87.77'],
        ['Unassigned', '81.64', '0.00', '81.64'],
      ]);
      expect(r.byService.map((x) => [x.serviceType, x.revenue, x.jobCosts, x.profit])).toEqual([
        ['puncture-repair', '318.00', '50.00', '268.00'],
        ['new-tyres', '600.00', '512.23', '87.77'],
        ['battery-service', '81.64', '0.00', '81.64'],
      ]);
      expectBreakdownsAddUp(r);
      const csv = await getCsv('enhanced-pl');
      expect(
        section(csv, 'Summary')
          .map((x) => x[1])
          .slice(0, 3),
      ).toEqual(['999.64', '562.23', '437.41']);
      // What is owed to suppliers is still the whole bill.
      expect((await get<PayablesReport>('purchases-payables')).totalPurchases).toBe('2328.44');
    } finally {
      expect(await registration(null, false)).toMatchObject({ statusCode: 200 });
    }
    // Not registered, the GST in a price is the business's own: the same month counts it.
    const unregistered = await get<ProfitAndLossReport>('enhanced-pl');
    expect(unregistered.revenue.totalRevenue).toBe('1099.60');
    expect(unregistered.profit).toMatchObject({ grossProfit: '481.15', netProfit: '-1228.84' });
  });

  it('registered from the 15th: documents dated before it keep their GST, those from it do not', async () => {
    expect(await registration('2026-11-15')).toMatchObject({ statusCode: 200 });
    try {
      const r = await get<ProfitAndLossReport>('enhanced-pl');
      // Invoices A 660.00 and F 220.00 as they are; H 89.80 - 8.16 and B 129.80 - 11.80.
      expect(r.revenue.totalRevenue).toBe('1079.64');
      // Bills TW-1 440.00 and TW-3 123.45 (12 Nov) as they are; RS-7 55.00 - 5.00 (30 Nov).
      // Expenses fuel 110.00 (3 Nov) as it is; tools 99.99 - 9.09 and rent 1500.00 - 136.36.
      expect(r.expenses).toEqual({ totalExpenses: '2177.99', jobCosts: '613.45', businessExpenses: '1564.54' });
      expect(r.profit).toMatchObject({ grossProfit: '466.19', netProfit: '-1098.35' });
      // Lines of A and F whole; the GST of H and B (19.96) shared: callout 16.32, labour 3.64.
      expect(r.breakdown.topRevenueStreams.map((x) => [x.category, x.amount])).toEqual([
        ['tyre', '500.00'],
        ['labour', '326.56'],
        ['callout', '253.08'],
      ]);
      expect(r.byTechnician.map((x) => [x.technicianName, x.revenue, x.jobCosts, x.profit])).toEqual([
        [bob.username, '338.00', '50.00', '288.00'],
        [alice.username, '660.00', '563.45', '96.55'],
        ['Unassigned', '81.64', '0.00', '81.64'],
      ]);
      expectBreakdownsAddUp(r);
    } finally {
      expect(await registration(null, false)).toMatchObject({ statusCode: 200 });
    }
  });
});

describe('report refusals', () => {
  it('refuses a start after the end and a malformed date', async () => {
    const reversed = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/reports/gst?startDate=2026-12-01&endDate=2026-11-01',
      headers: { cookie: admin.cookie },
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ message: 'Start date must be on or before the end date' });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/reports/enhanced-pl.csv?startDate=2026-13-01',
      headers: { cookie: admin.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Invalid date format' });
  });

  it('answers a technician 403', async () => {
    const tech = await signedInStaff(t, { role: 'technician' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/reports/enhanced-pl',
      headers: { cookie: tech.cookie },
    });
    expect(res.statusCode).toBe(403);
  });
});
