import { and, asc, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { jobProfit } from '../../shared/domain/bookkeeping';
import { COST_OF_GOODS_SOLD } from '../../shared/domain/expense-categories';
import { formatCents, sumCents, toCents } from '../../shared/domain/money';
import { perthToday } from '../../shared/domain/perth-time';
import type {
  createPurchaseInvoiceRequest,
  JobProfitSummary,
  PurchaseInvoice,
  updatePurchaseInvoiceRequest,
} from '../../shared/schemas/bills';
import { appendAudit } from '../audit/log';
import { describeRow, fieldChanges, type Watched } from '../audit/changes';
import { pgErrorCode, UNIQUE_VIOLATION, type Executor } from '../db/client';
import { changesFrom, toWire } from '../db/rows';
import { customerInvoices, jobs, purchaseInvoices } from '../db/schema';
import type { AppDeps } from '../deps';
import { conflict, notFound } from '../http/errors';
import { amounts, assertId, changedAmounts, paidChanges, paidOnCreate, type Amounts } from './rules';

/** Supplier bills on a job, "purchase invoices" on the wire (docs/product.md "Purchase invoices and expenses"). */

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Row = typeof purchaseInvoices.$inferSelect;

const NOT_FOUND = 'Purchase invoice not found.';
const JOB_NOT_FOUND = 'Job not found';

/** What the audit log records of a bill, named as the form names it (decision 303). */
const AUDITED: Watched<Row> = {
  supplierName: 'Supplier',
  invoiceNumber: 'Invoice number',
  invoiceDate: 'Invoice date',
  totalAmount: 'Total',
  gstAmount: 'GST',
  dueDate: 'Due date',
  isPaid: 'Paid',
  notes: 'Notes',
};
const auditBase = (row: Row, actorId: string, at: Date) => ({
  at,
  actorId,
  kind: 'bill',
  subject: `bill:${row.id}`,
  label: `${row.supplierName} ${row.invoiceNumber}`,
});

/** A bill's amount columns: its total, GST and ex-GST subtotal. */
const amountColumns = (a: Amounts) => ({ totalAmount: a.total, gstAmount: a.gst, subtotal: a.exGst });

/** Number unique per supplier (decisions 006, 446): a clash says which bill it repeats. */
const alreadyEntered = (bill: { supplierName: string; invoiceNumber: string }) =>
  conflict(`${bill.supplierName} already has an invoice numbered ${bill.invoiceNumber}.`);

function duplicateNumber(err: unknown, supplierName: string, invoiceNumber: string): never {
  if (pgErrorCode(err) === UNIQUE_VIOLATION) throw alreadyEntered({ supplierName, invoiceNumber });
  throw err;
}

/** A name or number as the same bill reads whoever types it: letters' case and runs of spaces do not count. */
const asTyped = (text: SQL | AnyColumn) => sql`lower(regexp_replace(btrim(${text}), '\\s+', ' ', 'g'))`;

/**
 * The bill already entered with this supplier and number, typed in other letters or spacing
 * ("tyre wholesale wa", "tw-5001"): it would be entered twice and its cost counted twice
 * (docs/decisions/446-one-bill-whatever-its-letters.md). The table's own unique key catches the exact repeat.
 */
async function assertNotEnteredAlready(
  tx: Executor,
  bill: { supplierName: string; invoiceNumber: string },
  except?: string,
): Promise<void> {
  const [existing] = await tx
    .select({ supplierName: purchaseInvoices.supplierName, invoiceNumber: purchaseInvoices.invoiceNumber })
    .from(purchaseInvoices)
    .where(
      and(
        sql`${asTyped(purchaseInvoices.supplierName)} = ${asTyped(sql`${bill.supplierName}::text`)}`,
        sql`${asTyped(purchaseInvoices.invoiceNumber)} = ${asTyped(sql`${bill.invoiceNumber}::text`)}`,
        except ? ne(purchaseInvoices.id, except) : undefined,
      ),
    )
    .limit(1);
  if (existing) throw alreadyEntered(existing);
}

async function findJob(deps: Deps, jobId: string) {
  assertId(jobId, JOB_NOT_FOUND);
  const [job] = await deps.db
    .select({ id: jobs.id, customerValue: jobs.customerValue, status: jobs.status })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  if (!job) throw notFound(JOB_NOT_FOUND);
  return job;
}

async function findBill(deps: Deps, id: string, exec: Executor = deps.db): Promise<Row> {
  assertId(id, NOT_FOUND);
  const [row] = await exec.select().from(purchaseInvoices).where(eq(purchaseInvoices.id, id)).for('update');
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export async function listPurchaseInvoicesForJob(deps: Deps, jobId: string): Promise<PurchaseInvoice[]> {
  await findJob(deps, jobId);
  const rows = await deps.db
    .select()
    .from(purchaseInvoices)
    .where(eq(purchaseInvoices.jobId, jobId))
    .orderBy(asc(purchaseInvoices.invoiceDate), asc(purchaseInvoices.createdAt));
  return rows.map(toWire);
}

export async function createPurchaseInvoice(
  deps: Deps,
  actorId: string,
  body: z.output<typeof createPurchaseInvoiceRequest>,
): Promise<PurchaseInvoice> {
  await findJob(deps, body.jobId);
  const now = deps.clock.now();
  const { totalAmount, gstAmount, isPaid, invoiceDate, ...fields } = body;
  const values = {
    ...fields,
    invoiceDate: invoiceDate ?? perthToday(now),
    ...amountColumns(amounts(totalAmount, gstAmount)),
    category: COST_OF_GOODS_SOLD,
    dueDate: fields.dueDate ?? null,
    ...paidOnCreate(isPaid, now),
    notes: fields.notes ?? null,
    createdAt: now,
    updatedAt: now,
  };
  try {
    const row = await deps.db.transaction(async (tx) => {
      await assertNotEnteredAlready(tx, values);
      const [added] = await tx.insert(purchaseInvoices).values(values).returning();
      await appendAudit(tx, [
        {
          ...auditBase(added!, actorId, now),
          action: 'created',
          field: 'Total',
          to: added!.totalAmount,
          note: describeRow(added!, AUDITED),
        },
      ]);
      return added!;
    });
    return toWire(row);
  } catch (err) {
    return duplicateNumber(err, body.supplierName, body.invoiceNumber);
  }
}

export async function updatePurchaseInvoice(
  deps: Deps,
  actorId: string,
  id: string,
  body: z.output<typeof updatePurchaseInvoiceRequest>,
): Promise<PurchaseInvoice> {
  const row = await findBill(deps, id);
  const now = deps.clock.now();
  const { totalAmount, gstAmount, isPaid, paidAt, ...fields } = body;
  const newAmounts = changedAmounts({ total: totalAmount, gst: gstAmount }, row.totalAmount);
  const changes = {
    ...changesFrom(purchaseInvoices, fields, now),
    ...(newAmounts ? amountColumns(newAmounts) : {}),
    // The badge toggle (docs/product.md "Purchase invoices and expenses"): paid now, or cleared.
    ...paidChanges({ isPaid, paidAt }, row, now),
  };
  try {
    const updated = await deps.db.transaction(async (tx) => {
      const before = await findBill(deps, id, tx);
      if (changes.supplierName !== undefined || changes.invoiceNumber !== undefined)
        await assertNotEnteredAlready(
          tx,
          {
            supplierName: changes.supplierName ?? before.supplierName,
            invoiceNumber: changes.invoiceNumber ?? before.invoiceNumber,
          },
          id,
        );
      const [after] = await tx.update(purchaseInvoices).set(changes).where(eq(purchaseInvoices.id, id)).returning();
      await appendAudit(tx, fieldChanges(before, after!, AUDITED, auditBase(after!, actorId, now)));
      return after!;
    });
    return toWire(updated);
  } catch (err) {
    return duplicateNumber(err, changes.supplierName ?? row.supplierName, changes.invoiceNumber ?? row.invoiceNumber);
  }
}

export async function deletePurchaseInvoice(deps: Deps, actorId: string, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await findBill(deps, id, tx);
    await tx.delete(purchaseInvoices).where(eq(purchaseInvoices.id, id));
    await appendAudit(tx, [
      {
        ...auditBase(row, actorId, deps.clock.now()),
        action: 'deleted',
        field: 'Total',
        from: row.totalAmount,
        note: describeRow(row, AUDITED),
      },
    ]);
  });
}

/** A job's costs and profit (docs/product.md "Purchase invoices and expenses"; decision 212). */
export async function summariseJobProfit(deps: Deps, jobId: string): Promise<JobProfitSummary> {
  const job = await findJob(deps, jobId);
  const [bills, invoice] = await Promise.all([
    deps.db
      .select({
        totalAmount: purchaseInvoices.totalAmount,
        gstAmount: purchaseInvoices.gstAmount,
        isPaid: purchaseInvoices.isPaid,
      })
      .from(purchaseInvoices)
      .where(eq(purchaseInvoices.jobId, jobId)),
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
