import { stringify } from 'csv-stringify/sync';
import { categoryLabel, serviceLabel } from '../../shared/domain/reports';
import type { GstReport, PayablesReport, ProfitAndLossReport, ReceivablesReport } from '../../shared/schemas/reports';

/**
 * A report as CSV (docs/product.md "Reports": same figures as the JSON). Built from the report
 * object itself, never recomputed: a title line, then sections, each a name, a header and rows,
 * separated by an empty line. Amounts are plain two-decimal numbers a spreadsheet sums.
 */

type Cell = string | number | boolean | null;
export type CsvSection = { title: string; header: string[]; rows: Cell[][] };

/** Text a spreadsheet would run as a formula is prefixed with ' (OWASP CSV injection); amounts are not text. */
export const text = (v: string | null): string => (v === null ? '' : /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

export function toCsv(title: string, range: { startDate: string; endDate: string }, sections: CsvSection[]): string {
  const records: Cell[][] = [[title, 'From', range.startDate, 'To', range.endDate]];
  for (const s of sections) records.push([], [s.title], s.header, ...s.rows);
  return stringify(records, { cast: { boolean: yesNo } });
}

export function gstCsvSections(r: GstReport): CsvSection[] {
  return [
    {
      title: 'Summary',
      header: ['Figure', 'Amount'],
      rows: [
        ['GST collected', r.gstCollected],
        ['GST paid on purchase invoices', r.gstPaidOnPurchases],
        ['GST paid on business expenses', r.gstPaidOnExpenses],
        ['GST paid', r.gstPaid],
        ['Net GST', r.netGST],
      ],
    },
    {
      title: 'BAS worksheet',
      header: ['Label', 'Amount'],
      rows: [
        ['G1 Total sales', r.bas.g1TotalSales],
        ['1A GST on sales', r.bas.gstOnSales1A],
        ['1B GST on purchases', r.bas.gstOnPurchases1B],
        ['Net GST (1A - 1B)', r.bas.netGst],
      ],
    },
    {
      title: `GST turnover ${r.turnover.startDate} to ${r.turnover.endDate}`,
      header: ['Month', 'Sales'],
      rows: [
        ...r.turnover.months.map((x) => [x.month, x.sales]),
        ['Total', r.turnover.sales],
        ['Registration threshold', r.turnover.threshold],
        ['Percentage of threshold', r.turnover.percentage],
      ],
    },
    {
      title: 'By month',
      header: ['Month', 'GST collected', 'GST paid'],
      rows: r.months.map((x) => [x.month, x.gstCollected, x.gstPaid]),
    },
    {
      title: 'Customer invoices',
      header: ['Invoice number', 'Customer', 'Issue date', 'Status', 'Subtotal', 'GST', 'Total'],
      rows: r.customerInvoices.map((x) => [
        text(x.invoiceNumber),
        text(x.customerName),
        x.issueDate,
        x.status,
        x.subtotal,
        x.gstAmount,
        x.totalAmount,
      ]),
    },
    {
      title: 'Purchase invoices',
      header: ['Invoice number', 'Supplier', 'Invoice date', 'Paid', 'Subtotal', 'GST', 'Total'],
      rows: r.purchaseInvoices.map((x) => [
        text(x.invoiceNumber),
        text(x.supplierName),
        x.invoiceDate,
        x.isPaid,
        x.subtotal,
        x.gstAmount,
        x.totalAmount,
      ]),
    },
    {
      title: 'Business expenses',
      header: [
        'Invoice number',
        'Supplier',
        'Description',
        'Category',
        'Expense date',
        'Paid',
        'Subtotal',
        'GST',
        'Total',
      ],
      rows: r.businessExpenses.map((x) => [
        text(x.invoiceNumber),
        text(x.supplierName),
        text(x.description),
        categoryLabel(x.category),
        x.expenseDate,
        x.isPaid,
        x.subtotal,
        x.gstAmount,
        x.totalAmount,
      ]),
    },
  ];
}

export function payablesCsvSections(r: PayablesReport): CsvSection[] {
  const groupRow = (
    name: string,
    x: { totalAmount: string; paidAmount: string; unpaidAmount: string; invoiceCount: number },
  ) => [name, x.totalAmount, x.paidAmount, x.unpaidAmount, x.invoiceCount];
  return [
    {
      title: 'Summary',
      header: ['Figure', 'Amount'],
      rows: [
        ['Total purchases', r.totalPurchases],
        ['Total paid', r.totalPaid],
        ['Total payables', r.totalPayables],
        [`Overdue at ${r.asOf}`, r.overduePurchases],
      ],
    },
    {
      title: 'By supplier',
      header: ['Supplier', 'Total', 'Paid', 'Unpaid', 'Invoices'],
      rows: r.purchasesBySupplier.map((x) => groupRow(text(x.supplierName), x)),
    },
    {
      title: 'By category',
      header: ['Category', 'Total', 'Paid', 'Unpaid', 'Invoices'],
      rows: r.purchasesByCategory.map((x) => groupRow(categoryLabel(x.category), x)),
    },
    {
      title: 'Upcoming payments (next 30 days)',
      header: ['Kind', 'Supplier', 'Invoice number', 'Due date', 'Days until due', 'Total'],
      rows: r.upcomingPayments.map((x) => [
        x.kind,
        text(x.supplierName),
        text(x.invoiceNumber),
        x.dueDate,
        x.daysUntilDue,
        x.totalAmount,
      ]),
    },
    {
      title: 'Overdue payments',
      header: ['Kind', 'Supplier', 'Invoice number', 'Due date', 'Days overdue', 'Total'],
      rows: r.overduePayments.map((x) => [
        x.kind,
        text(x.supplierName),
        text(x.invoiceNumber),
        x.dueDate,
        x.daysOverdue,
        x.totalAmount,
      ]),
    },
  ];
}

export function profitAndLossCsvSections(r: ProfitAndLossReport): CsvSection[] {
  const profitRow = (name: string, x: { jobCount: number; revenue: string; jobCosts: string; profit: string }) => [
    name,
    x.jobCount,
    x.revenue,
    x.jobCosts,
    x.profit,
  ];
  return [
    {
      title: 'Summary',
      header: ['Figure', 'Amount'],
      rows: [
        ['Revenue', r.revenue.totalRevenue],
        ['Job costs', r.expenses.jobCosts],
        ['Gross profit', r.profit.grossProfit],
        ['Gross margin %', r.profit.grossMargin],
        ['Business expenses', r.expenses.businessExpenses],
        ['Total expenses', r.expenses.totalExpenses],
        ['Net profit', r.profit.netProfit],
        ['Net margin %', r.profit.netMargin],
        ['Invoices', r.revenue.invoiceCount],
      ],
    },
    {
      title: 'By month',
      header: ['Month', 'Revenue', 'Job costs', 'Business expenses', 'Net profit'],
      rows: r.months.map((x) => [x.month, x.revenue, x.jobCosts, x.businessExpenses, x.netProfit]),
    },
    {
      title: 'Revenue streams',
      header: ['Category', 'Amount', 'Percentage'],
      rows: r.breakdown.topRevenueStreams.map((x) => [categoryLabel(x.category), x.amount, x.percentage]),
    },
    {
      title: 'Expense categories',
      header: ['Category', 'Amount', 'Percentage'],
      rows: r.breakdown.topExpenseCategories.map((x) => [categoryLabel(x.category), x.amount, x.percentage]),
    },
    {
      title: 'Profit by technician',
      header: ['Technician', 'Jobs', 'Revenue', 'Job costs', 'Profit'],
      rows: r.byTechnician.map((x) => profitRow(text(x.technicianName), x)),
    },
    {
      title: 'Profit by service',
      header: ['Service', 'Jobs', 'Revenue', 'Job costs', 'Profit'],
      rows: r.byService.map((x) => profitRow(serviceLabel(x.serviceType), x)),
    },
  ];
}

export function receivablesCsvSections(r: ReceivablesReport): CsvSection[] {
  return [
    {
      title: `By age at ${r.asOf}`,
      header: ['Age', 'Amount', 'Invoices'],
      rows: [
        ...r.buckets.map((b) => [b.label, b.amount, b.invoiceCount]),
        ['Total outstanding', r.totalOutstanding, r.invoices.length],
      ],
    },
    {
      title: 'Unpaid invoices',
      header: ['Invoice number', 'Customer', 'Invoice date', 'Due date', 'Days overdue', 'Age', 'Total'],
      rows: r.invoices.map((x) => [
        text(x.invoiceNumber),
        text(x.customerName),
        x.invoiceDate,
        x.dueDate,
        x.daysOverdue,
        x.bucket,
        x.totalAmount,
      ]),
    },
  ];
}
