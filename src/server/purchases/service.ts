import { and, asc, eq, ne } from 'drizzle-orm';
import { jobProfit } from '../../shared/domain/bookkeeping';
import { gstOf } from '../../shared/domain/gst';
import { formatCents, sumCents, toCents } from '../../shared/domain/money';
import { perthToday } from '../../shared/domain/slots';
import { GST_OVER_TOTAL, type createPurchaseInvoiceRequest, type JobProfitSummary, type PurchaseInvoice, type updatePurchaseInvoiceRequest } from '../../shared/schemas/purchases';
import type { z } from 'zod';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/client';
import { customerInvoices, jobs, purchaseInvoices } from '../db/schema';
import type { AppDeps } from '../deps';
import { conflict, invalid, notFound } from '../http/errors';

/** Supplier bills on a job (docs/product.md "Purchase invoices and expenses"). */

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Row = typeof purchaseInvoices.$inferSelect;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = 'Purchase invoice not found.';
const JOB_NOT_FOUND = 'Job not found';

export function toPurchaseInvoice(r: Row): PurchaseInvoice {
  return {
    id: r.id,
    jobId: r.jobId,
    supplierName: r.supplierName,
    invoiceNumber: r.invoiceNumber,
    invoiceDate: r.invoiceDate,
    subtotal: r.subtotal,
    totalAmount: r.totalAmount,
    gstAmount: r.gstAmount,
    category: r.category,
    dueDate: r.dueDate,
    isPaid: r.isPaid,
    paidAt: r.paidAt ? r.paidAt.toISOString() : null,
    notes: r.notes,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Total, GST and ex-GST subtotal: GST is one eleventh of the total unless given (docs/product.md "Purchase invoices and expenses"). */
function amounts(totalAmount: string, gstAmount: string | null | undefined) {
  const total = toCents(totalAmount);
  const gst = gstAmount === null || gstAmount === undefined ? gstOf(total) : toCents(gstAmount);
  return { totalAmount: formatCents(total), gstAmount: formatCents(gst), subtotal: formatCents(total - gst) };
}

/** Number unique per supplier (decision 006): a clash says which. */
function duplicateNumber(err: unknown, supplierName: string, invoiceNumber: string): never {
  if (pgErrorCode(err) === UNIQUE_VIOLATION) throw conflict(`${supplierName} already has an invoice numbered ${invoiceNumber}.`);
  throw err;
}

async function assertJobExists(deps: Deps, jobId: string) {
  if (!UUID_RE.test(jobId)) throw notFound(JOB_NOT_FOUND);
  const [job] = await deps.db.select({ id: jobs.id, customerValue: jobs.customerValue, status: jobs.status }).from(jobs).where(eq(jobs.id, jobId));
  if (!job) throw notFound(JOB_NOT_FOUND);
  return job;
}

async function findRow(deps: Deps, id: string): Promise<Row> {
  if (!UUID_RE.test(id)) throw notFound(NOT_FOUND);
  const [row] = await deps.db.select().from(purchaseInvoices).where(eq(purchaseInvoices.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export async function listPurchaseInvoicesForJob(deps: Deps, jobId: string): Promise<PurchaseInvoice[]> {
  await assertJobExists(deps, jobId);
  const rows = await deps.db.select().from(purchaseInvoices).where(eq(purchaseInvoices.jobId, jobId)).orderBy(asc(purchaseInvoices.invoiceDate), asc(purchaseInvoices.createdAt));
  return rows.map(toPurchaseInvoice);
}

export async function createPurchaseInvoice(deps: Deps, body: z.output<typeof createPurchaseInvoiceRequest>): Promise<PurchaseInvoice> {
  await assertJobExists(deps, body.jobId);
  const now = deps.clock.now();
  const values = {
    jobId: body.jobId,
    supplierName: body.supplierName,
    invoiceNumber: body.invoiceNumber,
    invoiceDate: body.invoiceDate ?? perthToday(now),
    ...amounts(body.totalAmount, body.gstAmount),
    category: 'cost-of-goods-sold',
    dueDate: body.dueDate ?? null,
    isPaid: body.isPaid ?? false,
    paidAt: body.isPaid ? now : null,
    notes: body.notes ?? null,
    createdAt: now,
    updatedAt: now,
  };
  try {
    const [row] = await deps.db.insert(purchaseInvoices).values(values).returning();
    return toPurchaseInvoice(row!);
  } catch (err) {
    return duplicateNumber(err, body.supplierName, body.invoiceNumber);
  }
}

export async function updatePurchaseInvoice(deps: Deps, id: string, body: z.output<typeof updatePurchaseInvoiceRequest>): Promise<PurchaseInvoice> {
  const row = await findRow(deps, id);
  const now = deps.clock.now();
  const changes: Partial<typeof purchaseInvoices.$inferInsert> = { updatedAt: now };
  if (body.invoiceNumber !== undefined) changes.invoiceNumber = body.invoiceNumber;
  if (body.supplierName !== undefined) changes.supplierName = body.supplierName;
  if (body.invoiceDate !== undefined) changes.invoiceDate = body.invoiceDate;
  if (body.dueDate !== undefined) changes.dueDate = body.dueDate;
  if (body.notes !== undefined) changes.notes = body.notes;
  // A new total without a GST amount gets one eleventh; a GST amount alone keeps the total.
  if (body.totalAmount !== undefined || (body.gstAmount !== undefined && body.gstAmount !== null)) {
    Object.assign(changes, amounts(body.totalAmount ?? row.totalAmount, body.gstAmount));
    if (toCents(changes.gstAmount!) > toCents(changes.totalAmount!)) throw invalid(GST_OVER_TOTAL, { gstAmount: GST_OVER_TOTAL });
  }
  // The badge toggle (docs/product.md "Purchase invoices and expenses"): paid now, or cleared.
  if (body.isPaid !== undefined) {
    changes.isPaid = body.isPaid;
    changes.paidAt = body.isPaid ? (body.paidAt ? new Date(body.paidAt) : row.isPaid ? row.paidAt : now) : null;
  } else if (body.paidAt !== undefined) {
    changes.paidAt = body.paidAt ? new Date(body.paidAt) : null;
    changes.isPaid = body.paidAt !== null;
  }
  try {
    const [updated] = await deps.db.update(purchaseInvoices).set(changes).where(eq(purchaseInvoices.id, id)).returning();
    return toPurchaseInvoice(updated!);
  } catch (err) {
    return duplicateNumber(err, changes.supplierName ?? row.supplierName, changes.invoiceNumber ?? row.invoiceNumber);
  }
}

export async function deletePurchaseInvoice(deps: Deps, id: string): Promise<void> {
  await findRow(deps, id);
  await deps.db.delete(purchaseInvoices).where(eq(purchaseInvoices.id, id));
}

/** A job's costs and profit (docs/product.md "Purchase invoices and expenses"; decision 212). */
export async function summariseJobProfit(deps: Deps, jobId: string): Promise<JobProfitSummary> {
  const job = await assertJobExists(deps, jobId);
  const [bills, invoice] = await Promise.all([
    deps.db.select({ totalAmount: purchaseInvoices.totalAmount, gstAmount: purchaseInvoices.gstAmount, isPaid: purchaseInvoices.isPaid }).from(purchaseInvoices).where(eq(purchaseInvoices.jobId, jobId)),
    deps.db
      .select({ invoiceNumber: customerInvoices.invoiceNumber, totalAmount: customerInvoices.totalAmount })
      .from(customerInvoices)
      .where(and(eq(customerInvoices.jobId, jobId), ne(customerInvoices.status, 'cancelled')))
      .limit(1),
  ]);
  const totals = bills.map((b) => toCents(b.totalAmount));
  const gst = sumCents(bills.map((b) => toCents(b.gstAmount)));
  const liveInvoice = invoice[0];
  const p = jobProfit({
    invoiceTotal: liveInvoice ? toCents(liveInvoice.totalAmount) : null,
    // A cancelled job earns nothing: its quote is no estimate of revenue.
    quotedValue: job.customerValue !== null && job.status !== 'cancelled' ? toCents(job.customerValue) : null,
    purchaseTotals: totals,
  });
  return {
    jobId,
    revenue: p.revenue === null ? null : formatCents(p.revenue),
    revenueSource: p.revenueSource,
    invoiceNumber: liveInvoice?.invoiceNumber ?? null,
    costs: formatCents(p.costs),
    costsExGst: formatCents(p.costs - gst),
    costsGst: formatCents(gst),
    unpaidCosts: formatCents(sumCents(bills.filter((b) => !b.isPaid).map((b) => toCents(b.totalAmount)))),
    profit: p.profit === null ? null : formatCents(p.profit),
    margin: p.margin,
  };
}
