import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../shared/domain/money';
import type { CustomerInvoiceStatus } from '../../shared/domain/job-status';
import type { ProfitAndLossReport } from '../../shared/schemas/reports';
import { creditNotes, customerInvoices } from '../db/schema';
import { insertExpense, insertJob, insertPurchaseInvoice } from '../db/seed/factories';
import { freshSlots } from '../../../tests/helpers/fresh-slots';
import { insertStaff, signedInStaff } from '../../../tests/helpers/staff-session';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/**
 * Profit per technician beside the P&L (docs/product.md "Reports", decision 213): read from the same
 * ledger, so the technicians' rows and "Unassigned" add up to the P&L's revenue, job costs and gross
 * profit to the cent, whatever mix of invoices, credit notes and bills the range holds.
 */
let t: TestApp;
let admin: { cookie: string };
const freshSlot = freshSlots('2027-03-01');
const RANGE = 'startDate=2026-11-01&endDate=2026-11-30';

async function invoice(
  jobId: string,
  invoiceNumber: string,
  invoiceDate: string,
  status: CustomerInvoiceStatus,
  total: string,
) {
  const [row] = await t.db
    .insert(customerInvoices)
    .values({
      jobId,
      invoiceNumber,
      invoiceDate,
      status,
      totalAmount: total,
      gstAmount: '0.00',
      subtotalAmount: total,
      dueDate: '2026-12-31',
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, { role: 'admin' });
  const [alice, bob, cara] = await Promise.all([
    insertStaff(t, { role: 'technician' }),
    insertStaff(t, { role: 'technician' }),
    insertStaff(t, { role: 'technician', isActive: false }),
  ]);
  const job = (technicianId: string | null) =>
    insertJob(t.db, { ...freshSlot(), assignedTechnicianId: technicianId, status: 'completed' });
  const [a1, a2, a3, b1, b2, c1, n1] = [
    await job(alice.id),
    await job(alice.id),
    await job(alice.id),
    await job(bob.id),
    await job(bob.id),
    await job(cara.id),
    await job(null),
  ];

  const paid = await invoice(a1.id, 'BT-1', '2026-11-02', 'paid', '412.37');
  await invoice(a2.id, 'BT-2', '2026-11-09', 'sent', '129.80');
  await invoice(b1.id, 'BT-3', '2026-11-17', 'overdue', '1033.03');
  await invoice(c1.id, 'BT-4', '2026-11-20', 'sent', '89.81');
  await invoice(n1.id, 'BT-5', '2026-11-25', 'sent', '250.00');
  await invoice(b2.id, 'BT-6', '2026-11-18', 'draft', '999.99'); // a draft is not revenue
  await invoice(a2.id, 'BT-7', '2026-11-10', 'cancelled', '500.00'); // nor a voided one
  await invoice(a3.id, 'BT-8', '2026-10-30', 'sent', '700.00'); // outside the range
  await t.db
    .insert(creditNotes)
    .values({ customerInvoiceId: paid.id, creditDate: '2026-11-12', amount: '40.01', reason: 'Valve cap not fitted' });

  await insertPurchaseInvoice(t.db, {
    jobId: a1.id,
    invoiceDate: '2026-11-02',
    totalAmount: '233.33',
    gstAmount: '21.21',
  });
  await insertPurchaseInvoice(t.db, {
    jobId: b1.id,
    invoiceDate: '2026-11-16',
    totalAmount: '650.07',
    gstAmount: '59.10',
  });
  await insertPurchaseInvoice(t.db, {
    jobId: c1.id,
    invoiceDate: '2026-11-21',
    totalAmount: '120.00',
    gstAmount: '10.91',
  }); // costs more than it made
  await insertPurchaseInvoice(t.db, {
    jobId: null,
    invoiceDate: '2026-11-05',
    totalAmount: '77.77',
    gstAmount: '7.07',
  }); // stock on no job
  await insertExpense(t.db, {
    category: 'fuel',
    supplierName: 'Fuel Co',
    description: 'Van fuel',
    expenseDate: '2026-11-03',
    amount: '110.00',
    gstAmount: '10.00',
  });
});
afterAll(async () => {
  await t?.close();
});

const sumOf = (rows: ProfitAndLossReport['byTechnician'], key: 'revenue' | 'jobCosts' | 'profit') =>
  rows.reduce((s, r) => s + toCents(r[key]), 0);

describe('profit by technician', () => {
  it("adds up to the P&L's revenue, job costs and gross profit", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/dashboard/reports/enhanced-pl?${RANGE}`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    const r = res.json<ProfitAndLossReport>();
    expect(r.revenue.totalRevenue).toBe('1875.00');
    expect(r.expenses.jobCosts).toBe('1081.17');
    expect(sumOf(r.byTechnician, 'revenue')).toBe(toCents(r.revenue.totalRevenue));
    expect(sumOf(r.byTechnician, 'jobCosts')).toBe(toCents(r.expenses.jobCosts));
    expect(sumOf(r.byTechnician, 'profit')).toBe(toCents(r.profit.grossProfit));
    // Every technician with work in the range has a row (an inactive one too), and "Unassigned" holds the rest.
    expect(r.byTechnician.map((x) => [x.revenue, x.jobCosts, x.profit])).toEqual(
      expect.arrayContaining([
        ['502.16', '233.33', '268.83'],
        ['1033.03', '650.07', '382.96'],
        ['89.81', '120.00', '-30.19'],
        ['250.00', '77.77', '172.23'],
      ]),
    );
    expect(r.byTechnician).toHaveLength(4);
    expect(r.byTechnician.find((x) => x.technicianId === null)?.technicianName).toBe('Unassigned');
  });

  it('downloads the same rows as CSV', async () => {
    const json = (
      await t.app.inject({
        method: 'GET',
        url: `/api/dashboard/reports/enhanced-pl?${RANGE}`,
        headers: { cookie: admin.cookie },
      })
    ).json<ProfitAndLossReport>();
    const csv = (
      await t.app.inject({
        method: 'GET',
        url: `/api/dashboard/reports/enhanced-pl.csv?${RANGE}`,
        headers: { cookie: admin.cookie },
      })
    ).body;
    for (const row of json.byTechnician)
      expect(csv).toContain(`${row.technicianName},${row.jobCount},${row.revenue},${row.jobCosts},${row.profit}`);
  });
});
