import { and, asc, desc, eq, gte, ilike, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { shownInvoiceStatus } from '../../shared/domain/invoices';
import type { CustomerInvoiceStatus } from '../../shared/domain/job-status';
import { perthToday } from '../../shared/domain/perth-time';
import type {
  InvoiceDetail,
  InvoiceItem,
  InvoiceListItem,
  InvoiceListQuery,
  InvoicePdfVersion,
} from '../../shared/schemas/invoices';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import {
  creditNotes,
  customerInvoiceItems,
  customerInvoicePdfs,
  customerInvoices,
  jobs,
  users,
  vehicles,
} from '../db/schema';
import { formatCents, toCents } from '../../shared/domain/money';
import { historyOf } from '../history/history';
import { notFound } from '../http/errors';
import { isUuid } from '../../shared/schemas/fields';
import { JOB_NOT_FOUND } from '../jobs/service';
import { findInvoice, INVOICE_NOT_FOUND, type Invoice } from './guards';
import { owedOnInvoice } from './owed';

// Reading customer invoices: the list, an invoice's detail, lines, PDF versions and history (docs/product.md "Customer invoices").

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Job = typeof jobs.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const listColumns = {
  invoice: customerInvoices,
  job: {
    id: jobs.id,
    jobNumber: jobs.jobNumber,
    status: jobs.status,
    name: jobs.contactName,
    email: jobs.contactEmail,
  },
};

function toListItem(
  row: { invoice: Invoice; job: { id: string; jobNumber: string; status: Job['status']; name: string; email: string } },
  today: string,
): InvoiceListItem {
  const i = row.invoice;
  return {
    id: i.id,
    jobId: i.jobId,
    invoiceNumber: i.invoiceNumber,
    invoiceDate: i.invoiceDate,
    dueDate: i.dueDate,
    subtotalAmount: i.subtotalAmount,
    gstAmount: i.gstAmount,
    totalAmount: i.totalAmount,
    status: i.status,
    shownStatus: shownInvoiceStatus(i, today),
    pdfPath: i.pdfPath,
    sentAt: iso(i.sentAt),
    paidAt: iso(i.paidAt),
    voidedAt: iso(i.voidedAt),
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
    // Each job keeps the contact given with it (docs/product.md "Bookings").
    job: {
      id: row.job.id,
      jobNumber: row.job.jobNumber,
      status: row.job.status,
      customer: { name: row.job.name, email: row.job.email },
    },
  };
}

export function toItem(row: typeof customerInvoiceItems.$inferSelect): InvoiceItem {
  return {
    id: row.id,
    customerInvoiceId: row.customerInvoiceId,
    description: row.description,
    quantity: row.quantity,
    unitPrice: row.unitPrice,
    totalPrice: row.totalPrice,
    category: row.category as InvoiceItem['category'],
    position: row.position,
  };
}

export async function listInvoiceItems(exec: Executor, invoiceId: string): Promise<InvoiceItem[]> {
  const rows = await exec
    .select()
    .from(customerInvoiceItems)
    .where(eq(customerInvoiceItems.customerInvoiceId, invoiceId))
    .orderBy(asc(customerInvoiceItems.position), asc(customerInvoiceItems.id));
  return rows.map(toItem);
}

export async function listPdfVersions(exec: Executor, invoiceId: string): Promise<InvoicePdfVersion[]> {
  const rows = await exec
    .select({ pdf: customerInvoicePdfs, by: users.username })
    .from(customerInvoicePdfs)
    .leftJoin(users, eq(users.id, customerInvoicePdfs.createdById))
    .where(eq(customerInvoicePdfs.customerInvoiceId, invoiceId))
    .orderBy(desc(customerInvoicePdfs.version));
  return rows.map(({ pdf, by }) => ({
    version: pdf.version,
    filename: pdf.filename,
    size: pdf.size,
    createdAt: pdf.createdAt.toISOString(),
    createdBy: by ?? null,
    sentAt: iso(pdf.sentAt),
  }));
}

/** What the invoice's credit notes gave back, in cents (decision 297). */
export async function creditedCents(exec: Executor, invoiceId: string): Promise<number> {
  const [row] = await exec
    .select({ cents: sql<string>`coalesce(sum(${creditNotes.amount}), 0)::text` })
    .from(creditNotes)
    .where(eq(creditNotes.customerInvoiceId, invoiceId));
  return toCents(row?.cents ?? '0');
}

export async function detailOf(exec: Executor, invoiceId: string, today: string): Promise<InvoiceDetail> {
  const [row] = await exec
    .select({
      ...listColumns,
      jobExtra: {
        serviceType: jobs.serviceType,
        scheduledDay: jobs.scheduledDay,
        timeSlot: jobs.timeSlot,
        address: jobs.address,
        suburb: jobs.suburb,
        postcode: jobs.postcode,
      },
      vehicle: { make: vehicles.make, model: vehicles.model, year: vehicles.year, registration: vehicles.registration },
    })
    .from(customerInvoices)
    .innerJoin(jobs, eq(jobs.id, customerInvoices.jobId))
    .leftJoin(vehicles, eq(vehicles.id, jobs.vehicleId))
    .where(eq(customerInvoices.id, invoiceId));
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  const [items, history, pdfs, credited, owed] = await Promise.all([
    listInvoiceItems(exec, invoiceId),
    historyOf(exec, 'invoice', invoiceId),
    listPdfVersions(exec, invoiceId),
    creditedCents(exec, invoiceId),
    owedOnInvoice(exec, row.invoice),
  ]);
  const base = toListItem(row, today);
  const balance = formatCents(toCents(row.invoice.totalAmount) - credited);
  return {
    ...base,
    paymentNote: row.invoice.paymentNote,
    creditedAmount: formatCents(credited),
    balanceAmount: balance,
    paidAmount: formatCents(owed.paidCents),
    writtenOffAmount: formatCents(owed.writtenOffCents),
    owedAmount: formatCents(owed.owedCents),
    items,
    history,
    pdfs,
    job: { ...base.job, ...row.jobExtra, vehicle: row.vehicle },
  };
}

export async function getInvoiceDetail(deps: Deps, invoiceId: string): Promise<InvoiceDetail> {
  if (!isUuid(invoiceId)) throw notFound(INVOICE_NOT_FOUND);
  return detailOf(deps.db, invoiceId, perthToday(deps.clock.now()));
}

export async function getInvoiceItems(deps: Deps, invoiceId: string): Promise<InvoiceItem[]> {
  await findInvoice(deps.db, invoiceId);
  return listInvoiceItems(deps.db, invoiceId);
}

/** A job's invoices, newest first (at most one is not cancelled). */
export async function listJobInvoices(deps: Deps, jobId: string): Promise<InvoiceDetail[]> {
  if (!isUuid(jobId)) throw notFound(JOB_NOT_FOUND);
  const [job] = await deps.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId));
  if (!job) throw notFound(JOB_NOT_FOUND);
  const rows = await deps.db
    .select({ id: customerInvoices.id })
    .from(customerInvoices)
    .where(eq(customerInvoices.jobId, jobId))
    .orderBy(desc(customerInvoices.createdAt));
  const today = perthToday(deps.clock.now());
  return Promise.all(rows.map((r) => detailOf(deps.db, r.id, today)));
}

const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The status filter as lists show statuses: a sent invoice past its due date counts as overdue, not sent. */
function statusCondition(status: CustomerInvoiceStatus, today: string): SQL | undefined {
  const pastDue = and(eq(customerInvoices.status, 'sent'), lt(customerInvoices.dueDate, today));
  if (status === 'overdue') return or(eq(customerInvoices.status, 'overdue'), pastDue);
  if (status === 'sent')
    return and(
      eq(customerInvoices.status, 'sent'),
      or(isNull(customerInvoices.dueDate), gte(customerInvoices.dueDate, today)),
    );
  return eq(customerInvoices.status, status);
}

/**
 * The invoices list: newest invoice date first, filtered and paged, with the job number and the
 * job's customer (docs/product.md "Staff dashboard").
 */
export async function listInvoices(
  deps: Deps,
  query: InvoiceListQuery & { page: number; pageSize: number },
): Promise<{ items: InvoiceListItem[]; total: number }> {
  const today = perthToday(deps.clock.now());
  const search = query.search?.trim();
  const conditions: (SQL | undefined)[] = [
    query.status && query.status !== 'all' ? statusCondition(query.status, today) : undefined,
    query.voided === 'hide' ? ne(customerInvoices.status, 'cancelled') : undefined,
    query.from ? gte(customerInvoices.invoiceDate, query.from) : undefined,
    query.to ? lte(customerInvoices.invoiceDate, query.to) : undefined,
    search
      ? or(
          ilike(customerInvoices.invoiceNumber, likeText(search)),
          ilike(jobs.jobNumber, likeText(search)),
          ilike(jobs.contactName, likeText(search)),
          ilike(jobs.contactEmail, likeText(search)),
        )
      : undefined,
  ];
  const rows = await deps.db
    .select({ ...listColumns, total: sql<number>`count(*) over ()` })
    .from(customerInvoices)
    .innerJoin(jobs, eq(jobs.id, customerInvoices.jobId))
    .where(and(...conditions))
    .orderBy(desc(customerInvoices.invoiceDate), desc(customerInvoices.invoiceNumber))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  let total = rows.length ? Number(rows[0]!.total) : 0;
  if (!rows.length && query.page > 1) {
    const [n] = await deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(customerInvoices)
      .innerJoin(jobs, eq(jobs.id, customerInvoices.jobId))
      .where(and(...conditions));
    total = Number(n?.n ?? 0);
  }
  return { items: rows.map((r) => toListItem(r, today)), total };
}

/** For the PDF and the email: the invoice row and its job's contact (docs/product.md "Bookings"). */
export async function invoiceWithJob(exec: Executor, invoiceId: string) {
  const invoice = await findInvoice(exec, invoiceId);
  const [row] = await exec
    .select({ job: jobs, vehicle: vehicles })
    .from(jobs)
    .leftJoin(vehicles, eq(vehicles.id, jobs.vehicleId))
    .where(eq(jobs.id, invoice.jobId));
  return { invoice, job: row!.job, vehicle: row!.vehicle, items: await listInvoiceItems(exec, invoice.id) };
}
