import { z } from 'zod';
import { AGE_BUCKETS } from '../domain/bookkeeping';
import { RANGE_ORDER_MESSAGE } from '../domain/reports';
import { day as businessDay } from './fields';

/**
 * The report shapes (docs/product.md "Reports"; decision 213). Money is a two-decimal string,
 * percentages are numbers with two decimals. The JSON, the tables, the charts and the CSV of a
 * report are all read from one of these objects.
 */

const day = businessDay();

/** `?startDate=&endDate=` (Perth days, both inclusive); missing ends come from this financial year. */
export const reportQuery = z
  .object({
    startDate: day.optional().or(z.literal('').transform(() => undefined)),
    endDate: day.optional().or(z.literal('').transform(() => undefined)),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: RANGE_ORDER_MESSAGE,
    path: ['endDate'],
  });
export type ReportQuery = z.input<typeof reportQuery>;

const money = z.string();
const period = { startDate: z.string(), endDate: z.string(), hasData: z.boolean() };

export const REPORT_INVOICE_STATUSES = ['paid', 'invoiced', 'pending'] as const;

export const gstReport = z.object({
  ...period,
  gstRegistered: z.boolean(),
  gstCollected: money,
  gstPaid: money,
  netGST: money,
  gstPaidOnPurchases: money,
  gstPaidOnExpenses: money,
  customerInvoices: z.array(
    z.object({
      invoiceNumber: z.string(),
      customerName: z.string(),
      subtotal: money,
      gstAmount: money,
      totalAmount: money,
      issueDate: z.string(),
      status: z.enum(REPORT_INVOICE_STATUSES),
    }),
  ),
  purchaseInvoices: z.array(
    z.object({
      invoiceNumber: z.string(),
      supplierName: z.string(),
      subtotal: money,
      gstAmount: money,
      totalAmount: money,
      invoiceDate: z.string(),
      isPaid: z.boolean(),
    }),
  ),
  businessExpenses: z.array(
    z.object({
      invoiceNumber: z.string().nullable(),
      supplierName: z.string(),
      description: z.string(),
      category: z.string(),
      subtotal: money,
      gstAmount: money,
      totalAmount: money,
      expenseDate: z.string(),
      isPaid: z.boolean(),
    }),
  ),
  /** The BAS worksheet, for the day the business registers: G1 total sales, 1A GST on sales, 1B GST on purchases. */
  bas: z.object({ g1TotalSales: money, gstOnSales1A: money, gstOnPurchases1B: money, netGst: money }),
  /** The last 12 months of sales (to the range's end, or today if sooner) against the $75,000 registration threshold. */
  turnover: z.object({
    startDate: z.string(),
    endDate: z.string(),
    sales: money,
    threshold: money,
    percentage: z.number(),
    isOverThreshold: z.boolean(),
    months: z.array(z.object({ month: z.string(), sales: money })),
  }),
  months: z.array(z.object({ month: z.string(), gstCollected: money, gstPaid: money })),
});
export type GstReport = z.infer<typeof gstReport>;

const supplierTotals = { totalAmount: money, paidAmount: money, unpaidAmount: money, invoiceCount: z.number() };
export const payablesReport = z.object({
  ...period,
  asOf: z.string(),
  totalPurchases: money,
  totalPaid: money,
  totalPayables: money,
  overduePurchases: money,
  purchasesBySupplier: z.array(z.object({ supplierName: z.string(), ...supplierTotals })),
  purchasesByCategory: z.array(z.object({ category: z.string(), ...supplierTotals })),
  upcomingPayments: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['purchase', 'expense']),
      supplierName: z.string(),
      invoiceNumber: z.string().nullable(),
      totalAmount: money,
      dueDate: z.string(),
      daysUntilDue: z.number(),
    }),
  ),
  overduePayments: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['purchase', 'expense']),
      supplierName: z.string(),
      invoiceNumber: z.string().nullable(),
      totalAmount: money,
      dueDate: z.string(),
      daysOverdue: z.number(),
    }),
  ),
});
export type PayablesReport = z.infer<typeof payablesReport>;

const breakdownItem = z.object({ category: z.string(), amount: money, percentage: z.number() });
const profitLine = { jobCount: z.number(), revenue: money, jobCosts: money, profit: money };
export const profitAndLossReport = z.object({
  ...period,
  revenue: z.object({ totalRevenue: money, customerInvoices: money, invoiceCount: z.number() }),
  expenses: z.object({ totalExpenses: money, jobCosts: money, businessExpenses: money }),
  profit: z.object({ grossProfit: money, grossMargin: z.number(), netProfit: money, netMargin: z.number() }),
  breakdown: z.object({ topRevenueStreams: z.array(breakdownItem), topExpenseCategories: z.array(breakdownItem) }),
  months: z.array(
    z.object({ month: z.string(), revenue: money, jobCosts: money, businessExpenses: money, netProfit: money }),
  ),
  byTechnician: z.array(z.object({ technicianId: z.string().nullable(), technicianName: z.string(), ...profitLine })),
  byService: z.array(z.object({ serviceType: z.string(), ...profitLine })),
});
export type ProfitAndLossReport = z.infer<typeof profitAndLossReport>;

export const receivablesReport = z.object({
  ...period,
  asOf: z.string(),
  totalOutstanding: money,
  buckets: z.array(
    z.object({ bucket: z.enum(AGE_BUCKETS), label: z.string(), amount: money, invoiceCount: z.number() }),
  ),
  invoices: z.array(
    z.object({
      invoiceNumber: z.string(),
      customerName: z.string(),
      invoiceDate: z.string(),
      dueDate: z.string().nullable(),
      totalAmount: money,
      daysOverdue: z.number(),
      bucket: z.enum(AGE_BUCKETS),
    }),
  ),
});
export type ReceivablesReport = z.infer<typeof receivablesReport>;
