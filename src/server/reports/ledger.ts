import { sql, type SQL } from 'drizzle-orm';
import type { CustomerInvoiceStatus } from '../../shared/domain/job-status';
import type { Executor } from '../db/client';
import { perthDayOf } from '../db/perth-sql';
import {
  businessExpenses,
  creditNotes,
  customerInvoiceItems,
  customerInvoices,
  jobs,
  purchaseInvoices,
  users,
} from '../db/schema';
import type { ExpenseRow, InvoiceRow, PurchaseRow, Range, RevenueLine } from './compute';

/**
 * The rows the reports are computed from, by document date within a range (docs/product.md
 * "Reports"). Only reads: the customer invoice tables belong to the invoices area.
 *
 * Each load is one statement answering one JSON array of arrays, money already in cents and
 * instants already Perth days: a year of invoices is thousands of rows, and one text value crosses
 * from the database (PGlite especially) several times faster than the same rows one by one
 * (npm run bench:reports, decision 213).
 */

async function jsonRows<T>(db: Executor, select: SQL, from: SQL, orderBy: SQL): Promise<T[]> {
  const result = await db.execute<{ rows: string }>(
    sql`select coalesce(json_agg(json_build_array(${select}) order by ${orderBy}), '[]')::text as rows ${from}`,
  );
  return JSON.parse(result.rows[0]?.rows ?? '[]') as T[];
}

const cents = (column: unknown) => sql`(${column} * 100)::bigint`;
const inRange = (column: unknown, range: Range) =>
  sql`${column} between ${range.startDate}::date and ${range.endDate}::date`;

type InvoiceTuple = [
  string,
  string,
  string,
  string,
  string | null,
  CustomerInvoiceStatus,
  number,
  number,
  string | null,
  string,
  string | null,
  string | null,
  string,
];

/**
 * Non-cancelled customer invoices dated in the range, with their job's contact, technician and
 * service. `outstandingAt` keeps only those not paid by that day (the receivables' question);
 * `issuedOnly` only sent, overdue and paid ones (the P&L's revenue).
 */
export async function loadInvoices(
  db: Executor,
  range: Range,
  opts: { outstandingAt?: string; issuedOnly?: boolean; withTechnician?: boolean } = {},
): Promise<InvoiceRow[]> {
  const i = customerInvoices;
  // The GST list needs no technician: leaving out that join and its columns keeps the largest load light.
  const withTechnician = opts.withTechnician ?? true;
  const outstanding = opts.outstandingAt
    ? sql`and (${i.status} in ('sent', 'overdue') or (${i.status} = 'paid' and ${i.paidAt} is not null and ${perthDayOf(i.paidAt)} > ${opts.outstandingAt}))`
    : opts.issuedOnly
      ? sql`and ${i.status} in ('sent', 'overdue', 'paid')`
      : sql``;
  // What is still owed is the total less the credit notes issued by that day (decision 297); one credited in full is owed nothing.
  const credited = opts.outstandingAt
    ? sql`coalesce((select sum(${creditNotes.amount}) from ${creditNotes} where ${creditNotes.customerInvoiceId} = ${i.id} and ${creditNotes.creditDate} <= ${opts.outstandingAt}::date), 0)`
    : sql`0`;
  const total = cents(sql`(${i.totalAmount} - ${credited})`);
  const rows = await jsonRows<InvoiceTuple>(
    db,
    withTechnician
      ? sql`${i.id}, ${i.invoiceNumber}, ${jobs.contactName}, ${i.invoiceDate}, ${i.dueDate}, ${i.status}, ${cents(i.gstAmount)}, ${total}, ${perthDayOf(i.paidAt)}, ${i.jobId}, ${jobs.assignedTechnicianId}, ${users.username}, ${jobs.serviceType}`
      : sql`${i.id}, ${i.invoiceNumber}, ${jobs.contactName}, ${i.invoiceDate}, ${i.dueDate}, ${i.status}, ${cents(i.gstAmount)}, ${total}, ${perthDayOf(i.paidAt)}, ${i.jobId}, null, null, ${jobs.serviceType}`,
    sql`from ${i} join ${jobs} on ${jobs.id} = ${i.jobId} ${withTechnician ? sql`left join ${users} on ${users.id} = ${jobs.assignedTechnicianId}` : sql``}
        where ${inRange(i.invoiceDate, range)} and ${i.status} <> 'cancelled' ${outstanding}${opts.outstandingAt ? sql` and ${i.totalAmount} - ${credited} > 0` : sql``}`,
    sql`${i.invoiceDate}, ${i.invoiceNumber}`,
  );
  return rows.map(
    ([
      id,
      invoiceNumber,
      customerName,
      invoiceDate,
      dueDate,
      status,
      gst,
      total,
      paidOn,
      jobId,
      technicianId,
      technicianName,
      serviceType,
    ]) => ({
      id,
      invoiceNumber,
      customerName,
      invoiceDate,
      dueDate,
      status,
      gst,
      total,
      paidOn,
      jobId,
      technicianId,
      technicianName,
      serviceType,
    }),
  );
}

type PurchaseTuple = [
  string,
  string,
  string,
  string,
  string | null,
  string,
  number,
  number,
  boolean,
  string | null,
  string | null,
  string | null,
  string | null,
];

export async function loadPurchases(db: Executor, range: Range): Promise<PurchaseRow[]> {
  const p = purchaseInvoices;
  const rows = await jsonRows<PurchaseTuple>(
    db,
    sql`${p.id}, ${p.invoiceNumber}, ${p.supplierName}, ${p.invoiceDate}, ${p.dueDate}, ${p.category}, ${cents(p.gstAmount)}, ${cents(p.totalAmount)}, ${p.isPaid}, ${p.jobId}, ${jobs.assignedTechnicianId}, ${users.username}, ${jobs.serviceType}`,
    sql`from ${p} left join ${jobs} on ${jobs.id} = ${p.jobId} left join ${users} on ${users.id} = ${jobs.assignedTechnicianId} where ${inRange(p.invoiceDate, range)}`,
    sql`${p.invoiceDate}, ${p.supplierName}, ${p.invoiceNumber}`,
  );
  return rows.map(
    ([
      id,
      invoiceNumber,
      supplierName,
      invoiceDate,
      dueDate,
      category,
      gst,
      total,
      isPaid,
      jobId,
      technicianId,
      technicianName,
      serviceType,
    ]) => ({
      id,
      invoiceNumber,
      supplierName,
      invoiceDate,
      dueDate,
      category,
      gst,
      total,
      isPaid,
      jobId,
      technicianId,
      technicianName,
      serviceType,
    }),
  );
}

type ExpenseTuple = [string, string | null, string, string, string, string, string | null, number, number, boolean];

export async function loadExpenses(db: Executor, range: Range): Promise<ExpenseRow[]> {
  const e = businessExpenses;
  const rows = await jsonRows<ExpenseTuple>(
    db,
    sql`${e.id}, ${e.invoiceNumber}, ${e.supplierName}, ${e.description}, ${e.category}, ${e.expenseDate}, ${e.dueDate}, ${cents(e.gstAmount)}, ${cents(e.amount)}, ${e.isPaid}`,
    sql`from ${e} where ${inRange(e.expenseDate, range)}`,
    sql`${e.expenseDate}, ${e.supplierName}, ${e.createdAt}`,
  );
  return rows.map(
    ([id, invoiceNumber, supplierName, description, category, expenseDate, dueDate, gst, total, isPaid]) => ({
      id,
      invoiceNumber,
      supplierName,
      description,
      category,
      expenseDate,
      dueDate,
      gst,
      total,
      isPaid,
    }),
  );
}

/**
 * Invoice line totals by category and invoice date, for issued invoices in the range (the P&L's
 * revenue streams): the date says whether they count with or without GST (decision 442).
 */
export async function loadRevenueLines(db: Executor, range: Range): Promise<RevenueLine[]> {
  const rows = await jsonRows<[string, number, string]>(
    db,
    sql`category, total, day`,
    sql`from (select ${customerInvoiceItems.category} as category, ${customerInvoices.invoiceDate} as day, ${cents(sql`sum(${customerInvoiceItems.totalPrice})`)} as total
              from ${customerInvoiceItems} join ${customerInvoices} on ${customerInvoices.id} = ${customerInvoiceItems.customerInvoiceId}
              where ${inRange(customerInvoices.invoiceDate, range)} and ${customerInvoices.status} in ('sent', 'overdue', 'paid')
              group by ${customerInvoiceItems.category}, ${customerInvoices.invoiceDate}) lines`,
    sql`day, category`,
  );
  return rows.map(([category, total, day]) => ({ category, total, day }));
}

/** Issued invoice totals by day in a window (the GST-turnover watch), summed by the database. */
export async function loadSales(db: Executor, range: Range): Promise<{ invoiceDate: string; total: number }[]> {
  const rows = await jsonRows<[string, number]>(
    db,
    sql`day, total`,
    sql`from (select ${customerInvoices.invoiceDate} as day, ${cents(sql`sum(${customerInvoices.totalAmount})`)} as total from ${customerInvoices}
              where ${inRange(customerInvoices.invoiceDate, range)} and ${customerInvoices.status} in ('sent', 'overdue', 'paid')
              group by ${customerInvoices.invoiceDate}) sales`,
    sql`day`,
  );
  return rows.map(([invoiceDate, total]) => ({ invoiceDate, total }));
}

type CreditTuple = [string, string, string, string, number, number, string, string | null, string | null, string];

/**
 * Credit notes dated in the range, as rows of negative revenue and GST on their own date (decision
 * 297): the invoice they credit keeps its total and its own period. Those of a voided invoice do
 * not count, like the invoice.
 */
export async function loadCreditNotes(db: Executor, range: Range): Promise<InvoiceRow[]> {
  const c = creditNotes;
  const i = customerInvoices;
  const rows = await jsonRows<CreditTuple>(
    db,
    sql`${c.id}, ${c.number}, ${jobs.contactName}, ${c.creditDate}, ${cents(c.gstAmount)}, ${cents(c.amount)}, ${i.jobId}, ${jobs.assignedTechnicianId}, ${users.username}, ${jobs.serviceType}`,
    sql`from ${c} join ${i} on ${i.id} = ${c.customerInvoiceId} join ${jobs} on ${jobs.id} = ${i.jobId} left join ${users} on ${users.id} = ${jobs.assignedTechnicianId}
        where ${inRange(c.creditDate, range)} and ${i.status} <> 'cancelled'`,
    sql`${c.creditDate}, ${c.number}`,
  );
  return rows.map(
    ([id, number, customerName, creditDate, gst, amount, jobId, technicianId, technicianName, serviceType]) => ({
      id,
      invoiceNumber: number,
      customerName,
      invoiceDate: creditDate,
      dueDate: null,
      status: 'paid' as const,
      gst: -gst,
      total: -amount,
      paidOn: creditDate,
      jobId,
      technicianId,
      technicianName,
      serviceType,
      isCredit: true,
    }),
  );
}

/** The revenue stream credit notes are reported under in the P&L breakdown. */
export const CREDIT_NOTES_STREAM = 'credit-notes';
