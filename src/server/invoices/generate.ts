import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { defaultDueDate, invoiceTotals, type InvoiceLine } from '../../shared/domain/invoices';
import { canCreateInvoice, type CustomerInvoiceStatus } from '../../shared/domain/job-status';
import { formatCents } from '../../shared/domain/money';
import { perthToday } from '../../shared/domain/perth-time';
import {
  DUE_BEFORE_INVOICE_MESSAGE,
  type createInvoiceRequest,
  type InvoiceDetail,
} from '../../shared/schemas/invoices';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { customerInvoiceItems, customerInvoices, jobs } from '../db/schema';
import { recordHistory } from '../history/history';
import type { SessionUser } from '../http/access';
import { conflict, invalid } from '../http/errors';
import { lockInvoiceJob, withLiveInvoiceGuard, type Invoice } from './guards';
import { jobInvoiced, jobPaidByInvoice } from './job-sync';
import { lineValues, parsedLine } from './lines';
import { jobInvoiceLines } from './job-lines';
import { detailOf } from './queries';
import { METHOD_LABELS } from '../../shared/domain/payment-methods';

// A new customer invoice: generated from its job, or written by staff, with its lines and the job's move (decision 200).

type Deps = Pick<AppDeps, 'db' | 'clock' | 'settings'>;
type Fees = Awaited<ReturnType<AppDeps['settings']['current']>>['fees'];
type Job = typeof jobs.$inferSelect;

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

const liveTaken = (jobNumber: string) => () => `Job ${jobNumber} already has an invoice. Cancel or delete it first.`;

type NewInvoice = {
  status: CustomerInvoiceStatus;
  invoiceDate: string;
  dueDate: string | null;
  lines: InvoiceLine[];
  paymentNote?: string | null;
  paidAt?: Date | null;
};

async function insertInvoice(
  tx: Executor,
  job: Job,
  actor: SessionUser,
  now: Date,
  input: NewInvoice,
  how: string,
): Promise<Invoice> {
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
  if (input.lines.length)
    await tx
      .insert(customerInvoiceItems)
      .values(input.lines.map((l, i) => ({ ...lineValues(l, i), customerInvoiceId: invoice!.id })));
  await recordHistory(tx, 'invoice', invoice!.id, {
    at: now,
    actorId: actor.id,
    kind: 'created',
    to: input.status,
    note: `${how}, total ${formatCents(totals.totalCents)}`,
  });
  const jobStatus = await jobInvoiced(tx, job, actor.id, now, invoice!.invoiceNumber);
  if (input.status === 'paid' && jobStatus !== 'paid')
    await jobPaidByInvoice(tx, job.id, actor.id, now, invoice!.invoiceNumber);
  return invoice!;
}

/**
 * 'Generate Invoice' (docs/product.md "Customer invoices"): the job's priced items as lines, due in
 * 30 days; the job moves completed -> invoiced. A job already paid online gets a paid invoice that
 * says so, and the job moves on to paid.
 */
export async function generateInvoiceForJob(deps: Deps, actor: SessionUser, jobId: string): Promise<InvoiceDetail> {
  const now = deps.clock.now();
  const { fees } = await deps.settings.current();
  let jobNumber = '';
  const id = await withLiveInvoiceGuard(
    () => liveTaken(jobNumber)(),
    () =>
      deps.db.transaction(async (tx) => {
        const job = await lockInvoiceJob(tx, jobId);
        jobNumber = job.jobNumber;
        return (await generateInvoiceIn(tx, job, actor, now, fees)).id;
      }),
  );
  return detailOf(deps.db, id, perthToday(now));
}

/**
 * The generation itself, in the caller's transaction with the job locked: also used when a payment
 * taken on site finds the job without an invoice (decision 349).
 */
export async function generateInvoiceIn(
  tx: Executor,
  job: Job,
  actor: SessionUser,
  now: Date,
  fees: Fees,
): Promise<Invoice> {
  const today = perthToday(now);
  assertInvoiceable(job);
  await assertNoLiveInvoice(tx, job);
  const { lines, paidOnline } = await jobInvoiceLines(tx, job, now, fees);
  const isPaid = paidOnline !== null || job.status === 'paid';
  return insertInvoice(
    tx,
    job,
    actor,
    now,
    {
      status: isPaid ? 'paid' : 'draft',
      invoiceDate: today,
      dueDate: defaultDueDate(today),
      lines,
      paymentNote: paidOnline
        ? `Paid ${paidOnline.method === 'card' ? 'by card' : `with ${METHOD_LABELS[paidOnline.method]}`} online on ${paidOnline.day}.`
        : null,
      paidAt: paidOnline?.at ?? job.paidAt ?? now,
    },
    'Generated from the job',
  );
}

/** An invoice written by staff on the Create Invoice screen, its lines in the same transaction (decision 200). */
export async function createInvoice(
  deps: Deps,
  actor: SessionUser,
  body: z.output<typeof createInvoiceRequest>,
): Promise<InvoiceDetail> {
  const now = deps.clock.now();
  const today = perthToday(now);
  const invoiceDate = body.invoiceDate ?? today;
  const dueDate = body.dueDate === undefined ? defaultDueDate(invoiceDate) : body.dueDate;
  if (dueDate !== null && dueDate < invoiceDate)
    throw invalid(DUE_BEFORE_INVOICE_MESSAGE, { dueDate: DUE_BEFORE_INVOICE_MESSAGE });
  let jobNumber = '';
  const id = await withLiveInvoiceGuard(
    () => liveTaken(jobNumber)(),
    () =>
      deps.db.transaction(async (tx) => {
        const job = await lockInvoiceJob(tx, body.jobId);
        jobNumber = job.jobNumber;
        assertInvoiceable(job);
        await assertNoLiveInvoice(tx, job);
        const invoice = await insertInvoice(
          tx,
          job,
          actor,
          now,
          { status: body.status, invoiceDate, dueDate, lines: (body.items ?? []).map(parsedLine) },
          'Created by staff',
        );
        return invoice.id;
      }),
  );
  return detailOf(deps.db, id, today);
}
