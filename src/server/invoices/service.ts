import { and, asc, desc, eq, gte, ilike, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { defaultDueDate, invoiceLinesForJob, invoiceTotals, shownInvoiceStatus, type InvoiceLine } from '../../shared/domain/invoices';
import { canCreateInvoice, type CustomerInvoiceStatus } from '../../shared/domain/job-status';
import { formatCents, toCents } from '../../shared/domain/money';
import { perthDay, perthToday } from '../../shared/domain/slots';
import type {
  BulkStatusResult,
  InvoiceDetail,
  InvoiceItem,
  InvoiceListItem,
  InvoiceListQuery,
  InvoicePdfVersion,
  createInvoiceRequest,
  invoiceLineInput,
  invoiceLinePatch,
  updateInvoiceRequest,
} from '../../shared/schemas/invoices';
import type { z } from 'zod';
import type { AppDeps } from '../deps';
import { pgErrorCode, UNIQUE_VIOLATION, type Executor } from '../db/client';
import { bookingHolds, customerInvoiceItems, customerInvoicePdfs, customerInvoices, jobs, paymentEvents, users, vehicles } from '../db/schema';
import type { SessionUser } from '../http/access';
import { AppError, conflict, notFound } from '../http/errors';
import { recordJobEvent } from '../jobs/history';
import { isUuid, JOB_NOT_FOUND } from '../jobs/service';
import { lookupTyreUnitPriceCents } from '../pricing/service';
import { listInvoiceHistory, recordInvoiceEvent } from './history';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Job = typeof jobs.$inferSelect;
type Invoice = typeof customerInvoices.$inferSelect;

export const INVOICE_NOT_FOUND = 'Invoice not found';
const LINE_NOT_FOUND = 'Line item not found';
const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---- Reading ---------------------------------------------------------------------------------

const listColumns = {
  invoice: customerInvoices,
  job: { id: jobs.id, jobNumber: jobs.jobNumber, status: jobs.status, name: jobs.contactName, email: jobs.contactEmail },
};

function toListItem(row: { invoice: Invoice; job: { id: string; jobNumber: string; status: Job['status']; name: string; email: string } }, today: string): InvoiceListItem {
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
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
    // Each job keeps the contact given with it (docs/product.md "Bookings").
    job: { id: row.job.id, jobNumber: row.job.jobNumber, status: row.job.status, customer: { name: row.job.name, email: row.job.email } },
  };
}

function toItem(row: typeof customerInvoiceItems.$inferSelect): InvoiceItem {
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
  const rows = await exec.select().from(customerInvoiceItems).where(eq(customerInvoiceItems.customerInvoiceId, invoiceId)).orderBy(asc(customerInvoiceItems.position), asc(customerInvoiceItems.id));
  return rows.map(toItem);
}

export async function listPdfVersions(exec: Executor, invoiceId: string): Promise<InvoicePdfVersion[]> {
  const rows = await exec
    .select({ pdf: customerInvoicePdfs, by: users.username })
    .from(customerInvoicePdfs)
    .leftJoin(users, eq(users.id, customerInvoicePdfs.createdById))
    .where(eq(customerInvoicePdfs.customerInvoiceId, invoiceId))
    .orderBy(desc(customerInvoicePdfs.version));
  return rows.map(({ pdf, by }) => ({ version: pdf.version, filename: pdf.filename, size: pdf.size, createdAt: pdf.createdAt.toISOString(), createdBy: by ?? null, sentAt: iso(pdf.sentAt) }));
}

async function detailOf(exec: Executor, invoiceId: string, today: string): Promise<InvoiceDetail> {
  const [row] = await exec
    .select({
      ...listColumns,
      jobExtra: { serviceType: jobs.serviceType, scheduledDay: jobs.scheduledDay, timeSlot: jobs.timeSlot, address: jobs.address, suburb: jobs.suburb, postcode: jobs.postcode },
      vehicle: { make: vehicles.make, model: vehicles.model, year: vehicles.year, registration: vehicles.registration },
    })
    .from(customerInvoices)
    .innerJoin(jobs, eq(jobs.id, customerInvoices.jobId))
    .leftJoin(vehicles, eq(vehicles.id, jobs.vehicleId))
    .where(eq(customerInvoices.id, invoiceId));
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  const [items, history, pdfs] = await Promise.all([listInvoiceItems(exec, invoiceId), listInvoiceHistory(exec, invoiceId), listPdfVersions(exec, invoiceId)]);
  const base = toListItem(row, today);
  return { ...base, paymentNote: row.invoice.paymentNote, items, history, pdfs, job: { ...base.job, ...row.jobExtra, vehicle: row.vehicle } };
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
  const rows = await deps.db.select({ id: customerInvoices.id }).from(customerInvoices).where(eq(customerInvoices.jobId, jobId)).orderBy(desc(customerInvoices.createdAt));
  const today = perthToday(deps.clock.now());
  return Promise.all(rows.map((r) => detailOf(deps.db, r.id, today)));
}

const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The status filter as lists show statuses: a sent invoice past its due date counts as overdue, not sent. */
function statusCondition(status: CustomerInvoiceStatus, today: string): SQL | undefined {
  const pastDue = and(eq(customerInvoices.status, 'sent'), lt(customerInvoices.dueDate, today));
  if (status === 'overdue') return or(eq(customerInvoices.status, 'overdue'), pastDue);
  if (status === 'sent') return and(eq(customerInvoices.status, 'sent'), or(isNull(customerInvoices.dueDate), gte(customerInvoices.dueDate, today)));
  return eq(customerInvoices.status, status);
}

/**
 * The invoices list: newest invoice date first, filtered and paged, with the job number and the
 * job's customer (docs/product.md "Staff dashboard").
 */
export async function listInvoices(deps: Deps, query: InvoiceListQuery & { page: number; pageSize: number }): Promise<{ items: InvoiceListItem[]; total: number }> {
  const today = perthToday(deps.clock.now());
  const search = query.search?.trim();
  const conditions: (SQL | undefined)[] = [
    query.status && query.status !== 'all' ? statusCondition(query.status, today) : undefined,
    query.from ? gte(customerInvoices.invoiceDate, query.from) : undefined,
    query.to ? lte(customerInvoices.invoiceDate, query.to) : undefined,
    search
      ? or(ilike(customerInvoices.invoiceNumber, likeText(search)), ilike(jobs.jobNumber, likeText(search)), ilike(jobs.contactName, likeText(search)), ilike(jobs.contactEmail, likeText(search)))
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
    const [n] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(customerInvoices).innerJoin(jobs, eq(jobs.id, customerInvoices.jobId)).where(and(...conditions));
    total = Number(n?.n ?? 0);
  }
  return { items: rows.map((r) => toListItem(r, today)), total };
}

// ---- Writing ---------------------------------------------------------------------------------

async function findInvoice(exec: Executor, invoiceId: string, lock = false): Promise<Invoice> {
  if (!isUuid(invoiceId)) throw notFound(INVOICE_NOT_FOUND);
  const q = exec.select().from(customerInvoices).where(eq(customerInvoices.id, invoiceId));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  return row;
}

/** The job row, locked for the transaction so invoice and job moves queue up (decision 184). */
async function lockJob(exec: Executor, jobId: string): Promise<Job> {
  if (!isUuid(jobId)) throw notFound(JOB_NOT_FOUND);
  const [job] = await exec.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
  if (!job) throw notFound(JOB_NOT_FOUND);
  return job;
}

/** Totals are always recomputed from the lines (docs/product.md "Customer invoices"). */
async function recomputeTotals(exec: Executor, invoiceId: string, now: Date): Promise<void> {
  const lines = await exec.select({ quantity: customerInvoiceItems.quantity, unitPrice: customerInvoiceItems.unitPrice }).from(customerInvoiceItems).where(eq(customerInvoiceItems.customerInvoiceId, invoiceId));
  const t = invoiceTotals(lines.map((l) => ({ quantity: l.quantity, unitPriceCents: toCents(l.unitPrice) })));
  await exec
    .update(customerInvoices)
    .set({ subtotalAmount: formatCents(t.subtotalCents), gstAmount: formatCents(t.gstCents), totalAmount: formatCents(t.totalCents), updatedAt: now })
    .where(eq(customerInvoices.id, invoiceId));
}

const lineText = (l: { description: string; quantity: number; unitPrice: string }) => `${l.description} x${l.quantity} @ ${l.unitPrice}`;

function lineValues(line: InvoiceLine, position: number) {
  return {
    description: line.description,
    category: line.category,
    quantity: line.quantity,
    unitPrice: formatCents(line.unitPriceCents),
    totalPrice: formatCents(line.quantity * line.unitPriceCents),
    position,
  };
}

function parsedLine(input: z.output<typeof invoiceLineInput>): InvoiceLine {
  return { description: input.description, category: input.category, quantity: input.quantity, unitPriceCents: toCents(input.unitPrice) };
}

/**
 * The job side of an invoice: a completed job becomes invoiced when its invoice exists; paid on the
 * invoice means paid on the job (docs/product.md "Job statuses and their moves", "Customer invoices").
 */
async function moveJobToInvoiced(tx: Executor, job: Job, actorId: string, now: Date, invoiceNumber: string): Promise<Job['status']> {
  if (job.status !== 'completed') return job.status;
  await tx.update(jobs).set({ status: 'invoiced', invoicedAt: now, updatedAt: now }).where(eq(jobs.id, job.id));
  await recordJobEvent(tx, { jobId: job.id, at: now, actorId, kind: 'status', from: 'completed', to: 'invoiced', note: `Invoice ${invoiceNumber}` });
  return 'invoiced';
}

async function markJobPaid(tx: Executor, jobId: string, actorId: string | null, now: Date, note: string): Promise<void> {
  const [job] = await tx.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId)).for('update');
  // Only forward: a job that was never completed, or is already paid or cancelled, is left alone.
  if (!job || (job.status !== 'completed' && job.status !== 'invoiced')) return;
  await tx
    .update(jobs)
    .set({ status: 'paid', paidAt: now, paymentStatus: 'paid', updatedAt: now, ...(job.status === 'completed' ? { invoicedAt: now } : {}) })
    .where(eq(jobs.id, jobId));
  await recordJobEvent(tx, { jobId, at: now, actorId, kind: 'status', from: job.status, to: 'paid', note });
}

function assertInvoiceable(job: Job): void {
  if (!canCreateInvoice(job.status)) {
    throw conflict(`Job ${job.jobNumber} is ${job.status}: only a completed, invoiced or paid job can be invoiced.`);
  }
}

async function assertNoLiveInvoice(tx: Executor, job: Job): Promise<void> {
  const [live] = await tx
    .select({ number: customerInvoices.invoiceNumber })
    .from(customerInvoices)
    .where(and(eq(customerInvoices.jobId, job.id), ne(customerInvoices.status, 'cancelled')))
    .limit(1);
  if (live) throw conflict(`Job ${job.jobNumber} already has invoice ${live.number}. Cancel or delete it first.`);
}

/** When and how a job was paid online by card, if it was. */
async function onlinePayment(tx: Executor, job: Job, now: Date): Promise<{ day: string; at: Date } | null> {
  if (job.paymentMethod !== 'prepaid' || job.paymentStatus !== 'paid') return null;
  const [event] = await tx
    .select({ at: paymentEvents.receivedAt })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.jobId, job.id), eq(paymentEvents.type, 'payment_intent.succeeded')))
    .orderBy(desc(paymentEvents.receivedAt))
    .limit(1);
  const [hold] = event ? [] : await tx.select({ at: bookingHolds.paidAt }).from(bookingHolds).where(eq(bookingHolds.jobId, job.id));
  const at = event?.at ?? hold?.at ?? job.paidAt ?? now;
  return { day: perthDay(at), at };
}

/** Unique-index races (two generates at once) answer 409 like the check before them. */
async function withLiveInvoiceGuard<T>(message: () => string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw conflict(message());
    throw err;
  }
}

const liveTaken = (jobNumber: string) => () => `Job ${jobNumber} already has an invoice. Cancel or delete it first.`;
const ANOTHER_LIVE = () => "This job already has another invoice that is not cancelled. Cancel or delete that one first.";

type NewInvoice = { status: CustomerInvoiceStatus; invoiceDate: string; dueDate: string | null; lines: InvoiceLine[]; paymentNote?: string | null; paidAt?: Date | null };

async function insertInvoice(tx: Executor, job: Job, actor: SessionUser, now: Date, input: NewInvoice, how: string): Promise<Invoice> {
  const totals = invoiceTotals(input.lines);
  const [invoice] = await tx
    .insert(customerInvoices)
    .values({
      jobId: job.id,
      invoiceDate: input.invoiceDate,
      dueDate: input.dueDate,
      status: input.status,
      subtotalAmount: formatCents(totals.subtotalCents),
      gstAmount: formatCents(totals.gstCents),
      totalAmount: formatCents(totals.totalCents),
      paymentNote: input.paymentNote ?? null,
      paidAt: input.status === 'paid' ? (input.paidAt ?? now) : null,
      sentAt: input.status === 'sent' || input.status === 'overdue' ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (input.lines.length) await tx.insert(customerInvoiceItems).values(input.lines.map((l, i) => ({ ...lineValues(l, i), customerInvoiceId: invoice!.id })));
  await recordInvoiceEvent(tx, { invoiceId: invoice!.id, at: now, actorId: actor.id, kind: 'created', to: input.status, note: `${how}, total ${formatCents(totals.totalCents)}` });
  const jobStatus = await moveJobToInvoiced(tx, job, actor.id, now, invoice!.invoiceNumber);
  if (input.status === 'paid' && jobStatus !== 'paid') await markJobPaid(tx, job.id, actor.id, now, `Invoice ${invoice!.invoiceNumber} paid`);
  return invoice!;
}

/**
 * 'Generate Invoice' (docs/product.md "Customer invoices"): the job's priced items as lines, due in
 * 30 days; the job moves completed -> invoiced. A job already paid online gets a paid invoice that
 * says so, and the job moves on to paid.
 */
export async function generateInvoiceForJob(deps: Deps, actor: SessionUser, jobId: string): Promise<InvoiceDetail> {
  const now = deps.clock.now();
  const today = perthToday(now);
  let jobNumber = '';
  const id = await withLiveInvoiceGuard(
    () => liveTaken(jobNumber)(),
    () =>
      deps.db.transaction(async (tx) => {
        const job = await lockJob(tx, jobId);
        jobNumber = job.jobNumber;
        assertInvoiceable(job);
        await assertNoLiveInvoice(tx, job);
        const tyreUnitPriceCents = job.serviceType === 'new-tyres' ? await lookupTyreUnitPriceCents(tx, job.tyreSize) : null;
        const paidOnline = await onlinePayment(tx, job, now);
        const lines = invoiceLinesForJob({
          serviceType: job.serviceType,
          isPrepaid: job.paymentMethod === 'prepaid',
          quantity: job.tyreQuantity ?? 1,
          tyreSize: job.tyreSize,
          tyreUnitPriceCents,
          valueCents: job.customerValue === null ? null : toCents(job.customerValue),
          isPaidByCard: paidOnline !== null,
        });
        const isPaid = paidOnline !== null || job.status === 'paid';
        const invoice = await insertInvoice(
          tx,
          job,
          actor,
          now,
          {
            status: isPaid ? 'paid' : 'draft',
            invoiceDate: today,
            dueDate: defaultDueDate(today),
            lines,
            paymentNote: paidOnline ? `Paid by card online on ${paidOnline.day}.` : null,
            paidAt: paidOnline?.at ?? job.paidAt ?? now,
          },
          'Generated from the job',
        );
        return invoice.id;
      }),
  );
  return detailOf(deps.db, id, today);
}

/** An invoice written by staff on the Create Invoice screen, its lines in the same transaction (decision 200). */
export async function createInvoice(deps: Deps, actor: SessionUser, body: z.output<typeof createInvoiceRequest>): Promise<InvoiceDetail> {
  const now = deps.clock.now();
  const today = perthToday(now);
  const invoiceDate = body.invoiceDate ?? today;
  let jobNumber = '';
  const id = await withLiveInvoiceGuard(
    () => liveTaken(jobNumber)(),
    () =>
      deps.db.transaction(async (tx) => {
        const job = await lockJob(tx, body.jobId);
        jobNumber = job.jobNumber;
        assertInvoiceable(job);
        await assertNoLiveInvoice(tx, job);
        const invoice = await insertInvoice(
          tx,
          job,
          actor,
          now,
          { status: body.status, invoiceDate, dueDate: body.dueDate === undefined ? defaultDueDate(invoiceDate) : body.dueDate, lines: (body.items ?? []).map(parsedLine) },
          'Created by staff',
        );
        return invoice.id;
      }),
  );
  return detailOf(deps.db, id, today);
}

/** Sets a status, recorded in the history; paid also marks the job paid (docs/product.md "Customer invoices"). */
async function applyStatus(tx: Executor, invoice: Invoice, to: CustomerInvoiceStatus, actor: SessionUser, now: Date): Promise<void> {
  if (invoice.status === to) return;
  await tx
    .update(customerInvoices)
    .set({
      status: to,
      updatedAt: now,
      paidAt: to === 'paid' ? now : invoice.status === 'paid' ? null : invoice.paidAt,
      ...(to === 'sent' && !invoice.sentAt ? { sentAt: now } : {}),
    })
    .where(eq(customerInvoices.id, invoice.id));
  await recordInvoiceEvent(tx, { invoiceId: invoice.id, at: now, actorId: actor.id, kind: 'status', from: invoice.status, to });
  if (to === 'paid') await markJobPaid(tx, invoice.jobId, actor.id, now, `Invoice ${invoice.invoiceNumber} paid`);
}

export async function updateInvoice(deps: Deps, actor: SessionUser, invoiceId: string, body: z.output<typeof updateInvoiceRequest>): Promise<InvoiceDetail> {
  const now = deps.clock.now();
  await withLiveInvoiceGuard(
    ANOTHER_LIVE,
    () =>
      deps.db.transaction(async (tx) => {
        const invoice = await findInvoice(tx, invoiceId, true);
        for (const [field, label] of [['invoiceDate', 'Invoice date'], ['dueDate', 'Due date']] as const) {
          const next = body[field];
          if (next === undefined || next === invoice[field]) continue;
          if (field === 'invoiceDate' && next === null) continue;
          await tx.update(customerInvoices).set({ [field]: next, updatedAt: now }).where(eq(customerInvoices.id, invoice.id));
          await recordInvoiceEvent(tx, { invoiceId: invoice.id, at: now, actorId: actor.id, kind: 'edit', from: invoice[field], to: next, note: label });
        }
        if (body.status) await applyStatus(tx, invoice, body.status, actor, now);
      }),
  );
  return getInvoiceDetail(deps, invoiceId);
}

/** One status on many invoices, each in its own transaction: the answer says which succeeded and why the others did not. */
export async function bulkSetStatus(deps: Deps, actor: SessionUser, ids: string[], status: CustomerInvoiceStatus): Promise<BulkStatusResult> {
  const result: BulkStatusResult = { updated: [], failed: [] };
  for (const id of [...new Set(ids)]) {
    try {
      await withLiveInvoiceGuard(
        ANOTHER_LIVE,
        () =>
          deps.db.transaction(async (tx) => {
            const invoice = await findInvoice(tx, id, true);
            await applyStatus(tx, invoice, status, actor, deps.clock.now());
          }),
      );
      result.updated.push(id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      result.failed.push({ id, message: err.message });
    }
  }
  return result;
}

/**
 * Deletes an invoice with its lines, history and PDFs; the job's history keeps a line saying so, and
 * the job can be deleted afterwards (docs/product.md "Bookings").
 */
export async function deleteInvoice(deps: Deps & { pdfs: { remove(name: string): Promise<void> } } & Pick<AppDeps, 'log'>, actor: SessionUser, invoiceId: string): Promise<void> {
  const now = deps.clock.now();
  const files = await deps.db.transaction(async (tx) => {
    const invoice = await findInvoice(tx, invoiceId, true);
    const pdfs = await tx.select({ filename: customerInvoicePdfs.filename }).from(customerInvoicePdfs).where(eq(customerInvoicePdfs.customerInvoiceId, invoice.id));
    await tx.delete(customerInvoices).where(eq(customerInvoices.id, invoice.id));
    await recordJobEvent(tx, { jobId: invoice.jobId, at: now, actorId: actor.id, kind: 'note', note: `Invoice ${invoice.invoiceNumber} (${invoice.status}, ${invoice.totalAmount}) deleted` });
    return pdfs;
  });
  for (const { filename } of files) {
    await deps.pdfs.remove(filename).catch((err: unknown) => deps.log.warn({ err, filename }, 'Could not remove a deleted invoice PDF'));
  }
}

// ---- Lines -----------------------------------------------------------------------------------

export async function addInvoiceItem(deps: Deps, actor: SessionUser, invoiceId: string, input: z.output<typeof invoiceLineInput>): Promise<InvoiceItem> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const invoice = await findInvoice(tx, invoiceId, true);
    const [last] = await tx.select({ n: sql<number>`coalesce(max(${customerInvoiceItems.position}), -1)::int` }).from(customerInvoiceItems).where(eq(customerInvoiceItems.customerInvoiceId, invoice.id));
    const [row] = await tx
      .insert(customerInvoiceItems)
      .values({ ...lineValues(parsedLine(input), Number(last?.n ?? -1) + 1), customerInvoiceId: invoice.id })
      .returning();
    await recomputeTotals(tx, invoice.id, now);
    await recordInvoiceEvent(tx, { invoiceId: invoice.id, at: now, actorId: actor.id, kind: 'line', to: lineText(row!), note: 'Line added' });
    return toItem(row!);
  });
}

async function findItem(tx: Executor, invoiceId: string, itemId: string) {
  if (!isUuid(itemId)) throw notFound(LINE_NOT_FOUND);
  const [row] = await tx.select().from(customerInvoiceItems).where(and(eq(customerInvoiceItems.id, itemId), eq(customerInvoiceItems.customerInvoiceId, invoiceId)));
  if (!row) throw notFound(LINE_NOT_FOUND);
  return row;
}

export async function updateInvoiceItem(deps: Deps, actor: SessionUser, invoiceId: string, itemId: string, patch: z.output<typeof invoiceLinePatch>): Promise<InvoiceItem> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const invoice = await findInvoice(tx, invoiceId, true);
    const before = await findItem(tx, invoice.id, itemId);
    const line = parsedLine({
      description: patch.description ?? before.description,
      category: patch.category ?? (before.category as InvoiceItem['category']),
      quantity: patch.quantity ?? before.quantity,
      unitPrice: patch.unitPrice ?? before.unitPrice,
    });
    const [row] = await tx.update(customerInvoiceItems).set(lineValues(line, before.position)).where(eq(customerInvoiceItems.id, before.id)).returning();
    await recomputeTotals(tx, invoice.id, now);
    if (lineText(before) !== lineText(row!) || before.category !== row!.category) {
      await recordInvoiceEvent(tx, { invoiceId: invoice.id, at: now, actorId: actor.id, kind: 'line', from: lineText(before), to: lineText(row!), note: 'Line changed' });
    }
    return toItem(row!);
  });
}

export async function removeInvoiceItem(deps: Deps, actor: SessionUser, invoiceId: string, itemId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const invoice = await findInvoice(tx, invoiceId, true);
    const before = await findItem(tx, invoice.id, itemId);
    await tx.delete(customerInvoiceItems).where(eq(customerInvoiceItems.id, before.id));
    await recomputeTotals(tx, invoice.id, now);
    await recordInvoiceEvent(tx, { invoiceId: invoice.id, at: now, actorId: actor.id, kind: 'line', from: lineText(before), note: 'Line removed' });
  });
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

export { findInvoice };
