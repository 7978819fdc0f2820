import {
  AGE_BUCKET_LABELS,
  AGE_BUCKETS,
  ageBucket,
  daysBetween,
  GST_REGISTRATION_THRESHOLD,
  isWithin,
  monthsOf,
  percentOf,
  type AgeBucket,
} from '../../shared/domain/bookkeeping';
import type { CustomerInvoiceStatus } from '../../shared/domain/job-status';
import { formatCents, type Cents } from '../../shared/domain/money';
import { isTaxInvoice, type BusinessProfile } from '../../shared/domain/settings';
import type { GstReport, PayablesReport, ProfitAndLossReport, ReceivablesReport } from '../../shared/schemas/reports';

/**
 * The reports computed from ledger rows (docs/product.md "Reports"; decision 213). Pure: the
 * service loads the rows for a range, these functions make the one object that the JSON, the
 * screen's tables and charts and the CSV all show. Money is in cents here, strings at the end.
 */

export type Range = { startDate: string; endDate: string };

export type InvoiceRow = {
  id: string;
  invoiceNumber: string;
  customerName: string;
  invoiceDate: string;
  dueDate: string | null;
  status: CustomerInvoiceStatus;
  gst: Cents;
  total: Cents;
  /** Perth day it was paid, if it was. */
  paidOn: string | null;
  jobId: string | null;
  technicianId: string | null;
  technicianName: string | null;
  serviceType: string | null;
  /** A credit note: negative revenue and GST on its own date, not an invoice (decision 297). */
  isCredit?: boolean;
};

export type PurchaseRow = {
  id: string;
  invoiceNumber: string;
  supplierName: string;
  invoiceDate: string;
  dueDate: string | null;
  category: string;
  gst: Cents;
  total: Cents;
  isPaid: boolean;
  jobId: string | null;
  technicianId: string | null;
  technicianName: string | null;
  serviceType: string | null;
};

export type ExpenseRow = {
  id: string;
  invoiceNumber: string | null;
  supplierName: string;
  description: string;
  category: string;
  expenseDate: string;
  dueDate: string | null;
  gst: Cents;
  total: Cents;
  isPaid: boolean;
};

/** Invoice line totals of one category on one invoice date (the day decides whether they carry GST, decision 442). */
export type RevenueLine = { category: string; total: Cents; day: string };

const m = formatCents;
const sum = <T>(rows: readonly T[], pick: (r: T) => Cents): Cents => rows.reduce((a, r) => a + pick(r), 0);
const monthOf = (day: string) => day.slice(0, 7);

/** Issued invoices are revenue (sent, overdue, paid); drafts are not yet, cancelled never (docs/product.md "Reports"). */
export const isIssued = (status: CustomerInvoiceStatus) =>
  status === 'sent' || status === 'overdue' || status === 'paid';
/** How the GST report names an invoice's status (docs/product.md "Reports"). */
export function reportStatus(status: CustomerInvoiceStatus): 'paid' | 'invoiced' | 'pending' {
  return status === 'paid' ? 'paid' : status === 'sent' || status === 'overdue' ? 'invoiced' : 'pending';
}

function inRange<T>(rows: readonly T[], range: Range, dayOf: (r: T) => string): T[] {
  return rows.filter((r) => isWithin(dayOf(r), range));
}

/** Rows totalled by month of the range, every month present (a chart needs the empty ones too). */
function byMonth<T>(
  range: Range,
  rows: readonly T[],
  dayOf: (r: T) => string,
  amount: (r: T) => Cents,
): Map<string, Cents> {
  const totals = new Map(monthsOf(range).map((month) => [month, 0]));
  for (const r of rows) {
    const month = monthOf(dayOf(r));
    if (totals.has(month)) totals.set(month, totals.get(month)! + amount(r));
  }
  return totals;
}

// ---- GST ----

export function computeGstReport(input: {
  range: Range;
  gstRegistered: boolean;
  invoices: readonly InvoiceRow[];
  purchases: readonly PurchaseRow[];
  expenses: readonly ExpenseRow[];
  /** Issued invoices of the 12-month turnover window (its own range, see twelveMonthsEnding). */
  turnoverWindow: Range;
  turnoverInvoices: readonly { invoiceDate: string; total: Cents }[];
}): GstReport {
  const { range } = input;
  const invoices = inRange(input.invoices, range, (r) => r.invoiceDate).filter((r) => r.status !== 'cancelled');
  const issued = invoices.filter((r) => isIssued(r.status));
  const purchases = inRange(input.purchases, range, (r) => r.invoiceDate);
  const expenses = inRange(input.expenses, range, (r) => r.expenseDate);

  const gstCollected = sum(issued, (r) => r.gst);
  const gstPaidOnPurchases = sum(purchases, (r) => r.gst);
  const gstPaidOnExpenses = sum(expenses, (r) => r.gst);
  const gstPaid = gstPaidOnPurchases + gstPaidOnExpenses;

  const collectedByMonth = byMonth(
    range,
    issued,
    (r) => r.invoiceDate,
    (r) => r.gst,
  );
  const paidByMonth = byMonth(
    range,
    [
      ...purchases.map((r) => ({ day: r.invoiceDate, gst: r.gst })),
      ...expenses.map((r) => ({ day: r.expenseDate, gst: r.gst })),
    ],
    (r) => r.day,
    (r) => r.gst,
  );

  const turnoverRows = inRange(input.turnoverInvoices, input.turnoverWindow, (r) => r.invoiceDate);
  const sales = sum(turnoverRows, (r) => r.total);
  const salesByMonth = byMonth(
    input.turnoverWindow,
    turnoverRows,
    (r) => r.invoiceDate,
    (r) => r.total,
  );

  return {
    startDate: range.startDate,
    endDate: range.endDate,
    hasData: invoices.length + purchases.length + expenses.length > 0,
    gstRegistered: input.gstRegistered,
    gstCollected: m(gstCollected),
    gstPaid: m(gstPaid),
    netGST: m(gstCollected - gstPaid),
    gstPaidOnPurchases: m(gstPaidOnPurchases),
    gstPaidOnExpenses: m(gstPaidOnExpenses),
    customerInvoices: invoices.map((r) => ({
      invoiceNumber: r.invoiceNumber,
      customerName: r.customerName,
      subtotal: m(r.total - r.gst),
      gstAmount: m(r.gst),
      totalAmount: m(r.total),
      issueDate: r.invoiceDate,
      status: reportStatus(r.status),
    })),
    purchaseInvoices: purchases.map((r) => ({
      invoiceNumber: r.invoiceNumber,
      supplierName: r.supplierName,
      subtotal: m(r.total - r.gst),
      gstAmount: m(r.gst),
      totalAmount: m(r.total),
      invoiceDate: r.invoiceDate,
      isPaid: r.isPaid,
    })),
    businessExpenses: expenses.map((r) => ({
      invoiceNumber: r.invoiceNumber,
      supplierName: r.supplierName,
      description: r.description,
      category: r.category,
      subtotal: m(r.total - r.gst),
      gstAmount: m(r.gst),
      totalAmount: m(r.total),
      expenseDate: r.expenseDate,
      isPaid: r.isPaid,
    })),
    bas: {
      g1TotalSales: m(sum(issued, (r) => r.total)),
      gstOnSales1A: m(gstCollected),
      gstOnPurchases1B: m(gstPaid),
      netGst: m(gstCollected - gstPaid),
    },
    turnover: {
      startDate: input.turnoverWindow.startDate,
      endDate: input.turnoverWindow.endDate,
      sales: m(sales),
      threshold: m(GST_REGISTRATION_THRESHOLD),
      percentage: percentOf(sales, GST_REGISTRATION_THRESHOLD),
      isOverThreshold: sales >= GST_REGISTRATION_THRESHOLD,
      months: [...salesByMonth].map(([month, total]) => ({ month, sales: m(total) })),
    },
    months: monthsOf(range).map((month) => ({
      month,
      gstCollected: m(collectedByMonth.get(month) ?? 0),
      gstPaid: m(paidByMonth.get(month) ?? 0),
    })),
  };
}

// ---- Payables ----

type Payable = {
  id: string;
  kind: 'purchase' | 'expense';
  supplierName: string;
  invoiceNumber: string | null;
  category: string;
  dueDate: string | null;
  total: Cents;
  isPaid: boolean;
};

function groupTotals<K extends string>(rows: readonly Payable[], keyOf: (r: Payable) => string, keyName: K) {
  const groups = new Map<string, { total: Cents; paid: Cents; count: number }>();
  for (const r of rows) {
    const key = keyOf(r);
    const g = groups.get(key) ?? { total: 0, paid: 0, count: 0 };
    g.total += r.total;
    if (r.isPaid) g.paid += r.total;
    g.count += 1;
    groups.set(key, g);
  }
  return [...groups]
    .sort(([ka, a], [kb, b]) => b.total - a.total || ka.localeCompare(kb))
    .map(
      ([key, g]) =>
        ({
          [keyName]: key,
          totalAmount: m(g.total),
          paidAmount: m(g.paid),
          unpaidAmount: m(g.total - g.paid),
          invoiceCount: g.count,
        }) as { [P in K]: string } & {
          totalAmount: string;
          paidAmount: string;
          unpaidAmount: string;
          invoiceCount: number;
        },
    );
}

/** Upcoming payments: unpaid, due within the next 30 days (docs/product.md "Reports"). */
export const UPCOMING_DAYS = 30;

export function computePayablesReport(input: {
  range: Range;
  asOf: string;
  purchases: readonly PurchaseRow[];
  expenses: readonly ExpenseRow[];
}): PayablesReport {
  const { range, asOf } = input;
  const payables: Payable[] = [
    ...inRange(input.purchases, range, (r) => r.invoiceDate).map((r) => ({
      id: r.id,
      kind: 'purchase' as const,
      supplierName: r.supplierName,
      invoiceNumber: r.invoiceNumber,
      category: r.category,
      dueDate: r.dueDate,
      total: r.total,
      isPaid: r.isPaid,
    })),
    ...inRange(input.expenses, range, (r) => r.expenseDate).map((r) => ({
      id: r.id,
      kind: 'expense' as const,
      supplierName: r.supplierName,
      invoiceNumber: r.invoiceNumber,
      category: r.category,
      dueDate: r.dueDate,
      total: r.total,
      isPaid: r.isPaid,
    })),
  ];
  const unpaid = payables.filter((r) => !r.isPaid);
  const withDue = unpaid
    .filter((r): r is Payable & { dueDate: string } => r.dueDate !== null)
    .map((r) => ({ ...r, days: daysBetween(asOf, r.dueDate) }));
  const bySoonest = (a: { dueDate: string; supplierName: string }, b: { dueDate: string; supplierName: string }) =>
    a.dueDate.localeCompare(b.dueDate) || a.supplierName.localeCompare(b.supplierName);
  const overdue = withDue.filter((r) => r.days < 0).sort(bySoonest);
  const upcoming = withDue.filter((r) => r.days >= 0 && r.days <= UPCOMING_DAYS).sort(bySoonest);
  const total = sum(payables, (r) => r.total);
  const paid = sum(
    payables.filter((r) => r.isPaid),
    (r) => r.total,
  );

  return {
    startDate: range.startDate,
    endDate: range.endDate,
    hasData: payables.length > 0,
    asOf,
    totalPurchases: m(total),
    totalPaid: m(paid),
    totalPayables: m(total - paid),
    overduePurchases: m(sum(overdue, (r) => r.total)),
    purchasesBySupplier: groupTotals(payables, (r) => r.supplierName, 'supplierName'),
    purchasesByCategory: groupTotals(payables, (r) => r.category, 'category'),
    upcomingPayments: upcoming.map((r) => ({
      id: r.id,
      kind: r.kind,
      supplierName: r.supplierName,
      invoiceNumber: r.invoiceNumber,
      totalAmount: m(r.total),
      dueDate: r.dueDate,
      daysUntilDue: r.days,
    })),
    overduePayments: overdue.map((r) => ({
      id: r.id,
      kind: r.kind,
      supplierName: r.supplierName,
      invoiceNumber: r.invoiceNumber,
      totalAmount: m(r.total),
      dueDate: r.dueDate,
      daysOverdue: -r.days,
    })),
  };
}

// ---- Profit and loss ----

/** Revenue not on any invoice line (an invoice without lines) is reported as this stream. */
export const OTHER_REVENUE = 'other';

function breakdown(groups: Map<string, Cents>, whole: Cents) {
  return [...groups]
    .filter(([, amount]) => amount !== 0)
    .sort(([ka, a], [kb, b]) => b - a || ka.localeCompare(kb))
    .map(([category, amount]) => ({ category, amount: m(amount), percentage: percentOf(amount, whole) }));
}

type ProfitGroup = { jobs: Set<string>; revenue: Cents; costs: Cents; name: string };
function addTo(
  groups: Map<string, ProfitGroup>,
  key: string,
  name: string,
  jobId: string | null,
  revenue: Cents,
  costs: Cents,
) {
  const g = groups.get(key) ?? { jobs: new Set<string>(), revenue: 0, costs: 0, name };
  if (jobId) g.jobs.add(jobId);
  g.revenue += revenue;
  g.costs += costs;
  groups.set(key, g);
}
const profitLines = (groups: Map<string, ProfitGroup>) =>
  [...groups]
    .map(([key, g]) => ({
      key,
      name: g.name,
      jobCount: g.jobs.size,
      revenue: g.revenue,
      costs: g.costs,
      profit: g.revenue - g.costs,
    }))
    .sort((a, b) => b.profit - a.profit || a.name.localeCompare(b.name));

/**
 * `amount` shared over `parts` in proportion to them, rounded to the cent, the cents left by the
 * rounding put on the largest part, so the shares always add up to `amount` exactly.
 */
export function shareOut(amount: Cents, parts: readonly Cents[]): Cents[] {
  const whole = parts.reduce((a, p) => a + p, 0);
  const shares = parts.map((p) => (whole === 0 ? 0 : Math.round((p / whole) * amount)));
  const left = amount - shares.reduce((a, p) => a + p, 0);
  if (left !== 0 && parts.length > 0) {
    let largest = 0;
    parts.forEach((p, i) => {
      if (Math.abs(p) > Math.abs(parts[largest]!)) largest = i;
    });
    shares[largest] = shares[largest]! + left;
  }
  return shares;
}

/**
 * Revenue by stream: each issued invoice's lines by category, what its lines leave of its amount
 * as "Other". The invoices counted ex-GST give up their GST over their lines and that remainder in
 * proportion (shareOut), so the streams add up to the revenue to the cent (decision 442).
 */
function revenueStreams(
  invoices: readonly { total: Cents; gst: Cents; exGst: boolean }[],
  lines: readonly (RevenueLine & { exGst: boolean })[],
): Map<string, Cents> {
  const streams = new Map<string, Cents>();
  for (const exGst of [false, true]) {
    const own = invoices.filter((r) => r.exGst === exGst);
    const parts = new Map<string, Cents>();
    for (const l of lines.filter((x) => x.exGst === exGst))
      parts.set(l.category, (parts.get(l.category) ?? 0) + l.total);
    parts.set(OTHER_REVENUE, sum(own, (r) => r.total) - sum([...parts.values()], (t) => t));
    const gst = exGst
      ? shareOut(
          sum(own, (r) => r.gst),
          [...parts.values()],
        )
      : [...parts.values()].map(() => 0);
    [...parts].forEach(([category, total], i) => streams.set(category, (streams.get(category) ?? 0) + total - gst[i]!));
  }
  return streams;
}

export const UNASSIGNED = 'Unassigned';
export const NO_SERVICE = 'no-job';

/**
 * P&L (docs/product.md "Reports"). By technician and by service, revenue counts by invoice date
 * and job costs by bill date, each under its job's technician and service, so the lines add up to
 * the gross profit above them (decision 213). A document dated while the business is registered
 * for GST counts without its GST, one dated before with it (decision 442): `amount` is what each
 * row counts for everywhere below.
 */
export function computeProfitAndLoss(input: {
  range: Range;
  business: Pick<BusinessProfile, 'gstRegistered' | 'gstRegisteredFrom'>;
  invoices: readonly InvoiceRow[];
  purchases: readonly PurchaseRow[];
  expenses: readonly ExpenseRow[];
  revenueLines: readonly RevenueLine[];
}): ProfitAndLossReport {
  const { range, business } = input;
  const counted = <T extends { gst: Cents; total: Cents }>(r: T, day: string) => {
    const exGst = isTaxInvoice(business, day);
    return { ...r, exGst, amount: exGst ? r.total - r.gst : r.total };
  };
  const issued = inRange(input.invoices, range, (r) => r.invoiceDate)
    .filter((r) => isIssued(r.status))
    .map((r) => counted(r, r.invoiceDate));
  const purchases = inRange(input.purchases, range, (r) => r.invoiceDate).map((r) => counted(r, r.invoiceDate));
  const expenses = inRange(input.expenses, range, (r) => r.expenseDate).map((r) => counted(r, r.expenseDate));

  const revenue = sum(issued, (r) => r.amount);
  const jobCosts = sum(purchases, (r) => r.amount);
  const overheads = sum(expenses, (r) => r.amount);
  const grossProfit = revenue - jobCosts;
  const netProfit = grossProfit - overheads;

  const streams = revenueStreams(
    issued,
    inRange(input.revenueLines, range, (l) => l.day).map((l) => ({ ...l, exGst: isTaxInvoice(business, l.day) })),
  );

  const costCategories = new Map<string, Cents>();
  for (const r of [...purchases, ...expenses])
    costCategories.set(r.category, (costCategories.get(r.category) ?? 0) + r.amount);

  const revenueByMonth = byMonth(
    range,
    issued,
    (r) => r.invoiceDate,
    (r) => r.amount,
  );
  const costsByMonth = byMonth(
    range,
    purchases,
    (r) => r.invoiceDate,
    (r) => r.amount,
  );
  const overheadsByMonth = byMonth(
    range,
    expenses,
    (r) => r.expenseDate,
    (r) => r.amount,
  );

  const byTechnician = new Map<string, ProfitGroup>();
  const byService = new Map<string, ProfitGroup>();
  for (const r of issued) {
    addTo(byTechnician, r.technicianId ?? '', r.technicianName ?? UNASSIGNED, r.jobId, r.amount, 0);
    addTo(byService, r.serviceType ?? NO_SERVICE, r.serviceType ?? NO_SERVICE, r.jobId, r.amount, 0);
  }
  for (const r of purchases) {
    addTo(byTechnician, r.technicianId ?? '', r.technicianName ?? UNASSIGNED, r.jobId, 0, r.amount);
    addTo(byService, r.serviceType ?? NO_SERVICE, r.serviceType ?? NO_SERVICE, r.jobId, 0, r.amount);
  }

  return {
    startDate: range.startDate,
    endDate: range.endDate,
    hasData: issued.length + purchases.length + expenses.length > 0,
    revenue: {
      totalRevenue: m(revenue),
      customerInvoices: m(revenue),
      invoiceCount: issued.filter((r) => !r.isCredit).length,
    },
    expenses: { totalExpenses: m(jobCosts + overheads), jobCosts: m(jobCosts), businessExpenses: m(overheads) },
    profit: {
      grossProfit: m(grossProfit),
      grossMargin: percentOf(grossProfit, revenue),
      netProfit: m(netProfit),
      netMargin: percentOf(netProfit, revenue),
    },
    breakdown: {
      topRevenueStreams: breakdown(streams, revenue),
      topExpenseCategories: breakdown(costCategories, jobCosts + overheads),
    },
    months: monthsOf(range).map((month) => {
      const [rev, cost, over] = [
        revenueByMonth.get(month) ?? 0,
        costsByMonth.get(month) ?? 0,
        overheadsByMonth.get(month) ?? 0,
      ];
      return { month, revenue: m(rev), jobCosts: m(cost), businessExpenses: m(over), netProfit: m(rev - cost - over) };
    }),
    byTechnician: profitLines(byTechnician).map((g) => ({
      technicianId: g.key || null,
      technicianName: g.name,
      jobCount: g.jobCount,
      revenue: m(g.revenue),
      jobCosts: m(g.costs),
      profit: m(g.profit),
    })),
    byService: profitLines(byService).map((g) => ({
      serviceType: g.key,
      jobCount: g.jobCount,
      revenue: m(g.revenue),
      jobCosts: m(g.costs),
      profit: m(g.profit),
    })),
  };
}

// ---- Receivables ----

/**
 * What customers owe as at a day (decision 213): issued invoices dated in the range up to that
 * day and not paid by it, aged by their due date.
 */
export function computeReceivables(input: {
  range: Range;
  asOf: string;
  invoices: readonly InvoiceRow[];
}): ReceivablesReport {
  const { range, asOf } = input;
  const outstanding = inRange(
    input.invoices,
    { startDate: range.startDate, endDate: asOf < range.endDate ? asOf : range.endDate },
    (r) => r.invoiceDate,
  )
    .filter((r) => isIssued(r.status))
    .filter((r) => r.status !== 'paid' || (r.paidOn !== null && r.paidOn > asOf))
    .map((r) => ({ ...r, ...ageBucket(r.dueDate, asOf) }))
    .sort(
      (a, b) =>
        b.daysOverdue - a.daysOverdue ||
        a.invoiceDate.localeCompare(b.invoiceDate) ||
        a.invoiceNumber.localeCompare(b.invoiceNumber),
    );
  const totals = new Map<AgeBucket, { amount: Cents; count: number }>(
    AGE_BUCKETS.map((b) => [b, { amount: 0, count: 0 }]),
  );
  for (const r of outstanding) {
    const t = totals.get(r.bucket)!;
    t.amount += r.total;
    t.count += 1;
  }
  return {
    startDate: range.startDate,
    endDate: range.endDate,
    hasData: outstanding.length > 0,
    asOf,
    totalOutstanding: m(sum(outstanding, (r) => r.total)),
    buckets: AGE_BUCKETS.map((bucket) => ({
      bucket,
      label: AGE_BUCKET_LABELS[bucket],
      amount: m(totals.get(bucket)!.amount),
      invoiceCount: totals.get(bucket)!.count,
    })),
    invoices: outstanding.map((r) => ({
      invoiceNumber: r.invoiceNumber,
      customerName: r.customerName,
      invoiceDate: r.invoiceDate,
      dueDate: r.dueDate,
      totalAmount: m(r.total),
      daysOverdue: r.daysOverdue,
      bucket: r.bucket,
    })),
  };
}
