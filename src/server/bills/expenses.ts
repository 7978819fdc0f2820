import { and, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  BusinessExpense,
  expenseListQuery,
  expenseRequest,
  expenseUpdateRequest,
} from '../../shared/schemas/bills';
import { appendAudit } from '../audit/log';
import { describeRow, fieldChanges, type Watched } from '../audit/changes';
import type { Executor } from '../db/client';
import { changesFrom, toWire } from '../db/rows';
import { businessExpenses } from '../db/schema';
import type { AppDeps } from '../deps';
import { notFound } from '../http/errors';
import { amounts, assertId, changedAmounts, paidChanges, paidOnCreate, type Amounts } from './rules';

/** Business expenses, the overheads (docs/product.md "Purchase invoices and expenses"). */

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Row = typeof businessExpenses.$inferSelect;

const NOT_FOUND = 'Expense not found.';

/** What the audit log records of an expense, named as the form names it (decision 303). */
const AUDITED: Watched<Row> = {
  expenseDate: 'Date',
  supplierName: 'Supplier',
  invoiceNumber: 'Invoice number',
  description: 'Description',
  amount: 'Amount',
  gstAmount: 'GST',
  category: 'Category',
  dueDate: 'Due date',
  isPaid: 'Paid',
  notes: 'Notes',
};
const auditBase = (row: Row, actorId: string, at: Date) => ({
  at,
  actorId,
  kind: 'expense',
  subject: `expense:${row.id}`,
  label: `${row.supplierName}: ${row.description}`,
});

/** An expense's amount columns: its GST-inclusive amount and GST (no subtotal column). */
const amountColumns = (a: Amounts) => ({ amount: a.total, gstAmount: a.gst });

async function findExpense(deps: Deps, id: string, exec: Executor = deps.db): Promise<Row> {
  assertId(id, NOT_FOUND);
  const [row] = await exec.select().from(businessExpenses).where(eq(businessExpenses.id, id)).for('update');
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** Newest first (docs/product.md "Staff dashboard": lists that grow), with the total for X-Total-Count. */
export async function listExpenses(
  deps: Deps,
  query: z.output<typeof expenseListQuery>,
): Promise<{ items: BusinessExpense[]; total: number }> {
  const where: SQL[] = [];
  if (query.category && query.category !== 'all') where.push(eq(businessExpenses.category, query.category));
  if (query.paid === 'paid') where.push(eq(businessExpenses.isPaid, true));
  if (query.paid === 'unpaid') where.push(eq(businessExpenses.isPaid, false));
  if (query.from) where.push(gte(businessExpenses.expenseDate, query.from));
  if (query.to) where.push(lte(businessExpenses.expenseDate, query.to));
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(businessExpenses.supplierName, like),
        ilike(businessExpenses.description, like),
        ilike(businessExpenses.invoiceNumber, like),
      )!,
    );
  }
  const filter = where.length ? and(...where) : undefined;
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select()
      .from(businessExpenses)
      .where(filter)
      .orderBy(desc(businessExpenses.expenseDate), desc(businessExpenses.createdAt), desc(businessExpenses.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db.select({ n: count() }).from(businessExpenses).where(filter),
  ]);
  return { items: rows.map(toWire), total: counted?.n ?? 0 };
}

export async function createExpense(
  deps: Deps,
  actorId: string,
  body: z.output<typeof expenseRequest>,
): Promise<BusinessExpense> {
  const now = deps.clock.now();
  const { amount, gstAmount, isPaid, ...fields } = body;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(businessExpenses)
      .values({
        ...fields,
        invoiceNumber: fields.invoiceNumber ?? null,
        ...amountColumns(amounts(amount, gstAmount)),
        dueDate: fields.dueDate ?? null,
        ...paidOnCreate(isPaid, now),
        notes: fields.notes ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await appendAudit(tx, [
      {
        ...auditBase(row!, actorId, now),
        action: 'created',
        field: 'Amount',
        to: row!.amount,
        note: describeRow(row!, AUDITED),
      },
    ]);
    return toWire(row!);
  });
}

export async function updateExpense(
  deps: Deps,
  actorId: string,
  id: string,
  body: z.output<typeof expenseUpdateRequest>,
): Promise<BusinessExpense> {
  const row = await findExpense(deps, id);
  const now = deps.clock.now();
  const { amount, gstAmount, isPaid, ...fields } = body;
  const newAmounts = changedAmounts({ total: amount, gst: gstAmount }, row.amount);
  const changes = {
    ...changesFrom(businessExpenses, fields, now),
    ...(newAmounts ? amountColumns(newAmounts) : {}),
    ...paidChanges({ isPaid }, row, now),
  };
  return deps.db.transaction(async (tx) => {
    const before = await findExpense(deps, id, tx);
    const [updated] = await tx.update(businessExpenses).set(changes).where(eq(businessExpenses.id, id)).returning();
    await appendAudit(tx, fieldChanges(before, updated!, AUDITED, auditBase(updated!, actorId, now)));
    return toWire(updated!);
  });
}

/** 'Mark Paid' (docs/product.md "Purchase invoices and expenses"): a second press keeps the first date. */
export async function markExpensePaid(deps: Deps, actorId: string, id: string): Promise<BusinessExpense> {
  return deps.db.transaction(async (tx) => {
    const row = await findExpense(deps, id, tx);
    if (row.isPaid) return toWire(row);
    const now = deps.clock.now();
    const [updated] = await tx
      .update(businessExpenses)
      .set({ ...paidChanges({ isPaid: true }, row, now), updatedAt: now })
      .where(eq(businessExpenses.id, id))
      .returning();
    await appendAudit(tx, fieldChanges(row, updated!, AUDITED, auditBase(updated!, actorId, now)));
    return toWire(updated!);
  });
}

export async function deleteExpense(deps: Deps, actorId: string, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await findExpense(deps, id, tx);
    await tx.delete(businessExpenses).where(eq(businessExpenses.id, id));
    await appendAudit(tx, [
      {
        ...auditBase(row, actorId, deps.clock.now()),
        action: 'deleted',
        field: 'Amount',
        from: row.amount,
        note: describeRow(row, AUDITED),
      },
    ]);
  });
}
