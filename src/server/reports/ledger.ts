import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { toCents } from '../../shared/domain/money';
import { perthDay } from '../../shared/domain/slots';
import type { Executor } from '../db/client';
import { businessExpenses, customerInvoiceItems, customerInvoices, jobs, purchaseInvoices, users } from '../db/schema';
import type { ExpenseRow, InvoiceRow, PurchaseRow, Range, RevenueLine } from './compute';

/**
 * The rows the reports are computed from, by document date within a range (docs/product.md
 * "Reports"). Only reads: the customer invoice tables belong to the invoices area.
 */

const ISSUED = ['sent', 'overdue', 'paid'] as const;

export async function loadInvoices(db: Executor, range: Range): Promise<InvoiceRow[]> {
  const rows = await db
    .select({
      id: customerInvoices.id,
      invoiceNumber: customerInvoices.invoiceNumber,
      customerName: jobs.contactName,
      invoiceDate: customerInvoices.invoiceDate,
      dueDate: customerInvoices.dueDate,
      status: customerInvoices.status,
      gst: customerInvoices.gstAmount,
      total: customerInvoices.totalAmount,
      paidAt: customerInvoices.paidAt,
      jobId: customerInvoices.jobId,
      technicianId: jobs.assignedTechnicianId,
      technicianName: users.username,
      serviceType: jobs.serviceType,
    })
    .from(customerInvoices)
    .innerJoin(jobs, eq(jobs.id, customerInvoices.jobId))
    .leftJoin(users, eq(users.id, jobs.assignedTechnicianId))
    .where(and(gte(customerInvoices.invoiceDate, range.startDate), lte(customerInvoices.invoiceDate, range.endDate), ne(customerInvoices.status, 'cancelled')))
    .orderBy(asc(customerInvoices.invoiceDate), asc(customerInvoices.invoiceNumber));
  return rows.map((r) => ({ ...r, gst: toCents(r.gst), total: toCents(r.total), paidOn: r.paidAt ? perthDay(r.paidAt) : null }));
}

export async function loadPurchases(db: Executor, range: Range): Promise<PurchaseRow[]> {
  const rows = await db
    .select({
      id: purchaseInvoices.id,
      invoiceNumber: purchaseInvoices.invoiceNumber,
      supplierName: purchaseInvoices.supplierName,
      invoiceDate: purchaseInvoices.invoiceDate,
      dueDate: purchaseInvoices.dueDate,
      category: purchaseInvoices.category,
      gst: purchaseInvoices.gstAmount,
      total: purchaseInvoices.totalAmount,
      isPaid: purchaseInvoices.isPaid,
      jobId: purchaseInvoices.jobId,
      technicianId: jobs.assignedTechnicianId,
      technicianName: users.username,
      serviceType: jobs.serviceType,
    })
    .from(purchaseInvoices)
    .leftJoin(jobs, eq(jobs.id, purchaseInvoices.jobId))
    .leftJoin(users, eq(users.id, jobs.assignedTechnicianId))
    .where(and(gte(purchaseInvoices.invoiceDate, range.startDate), lte(purchaseInvoices.invoiceDate, range.endDate)))
    .orderBy(asc(purchaseInvoices.invoiceDate), asc(purchaseInvoices.supplierName), asc(purchaseInvoices.invoiceNumber));
  return rows.map((r) => ({ ...r, gst: toCents(r.gst), total: toCents(r.total) }));
}

export async function loadExpenses(db: Executor, range: Range): Promise<ExpenseRow[]> {
  const rows = await db
    .select({
      id: businessExpenses.id,
      invoiceNumber: businessExpenses.invoiceNumber,
      supplierName: businessExpenses.supplierName,
      description: businessExpenses.description,
      category: businessExpenses.category,
      expenseDate: businessExpenses.expenseDate,
      dueDate: businessExpenses.dueDate,
      gst: businessExpenses.gstAmount,
      total: businessExpenses.amount,
      isPaid: businessExpenses.isPaid,
    })
    .from(businessExpenses)
    .where(and(gte(businessExpenses.expenseDate, range.startDate), lte(businessExpenses.expenseDate, range.endDate)))
    .orderBy(asc(businessExpenses.expenseDate), asc(businessExpenses.supplierName), asc(businessExpenses.createdAt));
  return rows.map((r) => ({ ...r, gst: toCents(r.gst), total: toCents(r.total) }));
}

/** Invoice line totals by category, for issued invoices in the range (the P&L's revenue streams). */
export async function loadRevenueLines(db: Executor, range: Range): Promise<RevenueLine[]> {
  const rows = await db
    .select({ category: customerInvoiceItems.category, total: sql<string>`sum(${customerInvoiceItems.totalPrice})` })
    .from(customerInvoiceItems)
    .innerJoin(customerInvoices, eq(customerInvoices.id, customerInvoiceItems.customerInvoiceId))
    .where(and(gte(customerInvoices.invoiceDate, range.startDate), lte(customerInvoices.invoiceDate, range.endDate), inArray(customerInvoices.status, [...ISSUED])))
    .groupBy(customerInvoiceItems.category);
  return rows.map((r) => ({ category: r.category, total: toCents(r.total) }));
}

/** Issued invoice totals by day in a window (the GST-turnover watch), summed by the database. */
export async function loadSales(db: Executor, range: Range): Promise<{ invoiceDate: string; total: number }[]> {
  const rows = await db
    .select({ invoiceDate: customerInvoices.invoiceDate, total: sql<string>`sum(${customerInvoices.totalAmount})` })
    .from(customerInvoices)
    .where(and(gte(customerInvoices.invoiceDate, range.startDate), lte(customerInvoices.invoiceDate, range.endDate), inArray(customerInvoices.status, [...ISSUED])))
    .groupBy(customerInvoices.invoiceDate);
  return rows.map((r) => ({ invoiceDate: r.invoiceDate, total: toCents(r.total) }));
}
