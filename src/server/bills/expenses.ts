import { and, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { BusinessExpense, expenseListQuery, expenseRequest, expenseUpdateRequest } from '../../shared/schemas/bills';
import { changesFrom, toWire } from '../db/rows';
import { businessExpenses } from '../db/schema';
import type { AppDeps } from '../deps';
import { notFound } from '../http/errors';
import { amounts, assertId, changedAmounts, paidChanges, paidOnCreate, type Amounts } from './rules';

/** Business expenses, the overheads (docs/product.md "Purchase invoices and expenses"). */

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Row = typeof businessExpenses.$inferSelect;

const NOT_FOUND = 'Expense not found.';

/** An expense's amount columns: its GST-inclusive amount and GST (no subtotal column). */
const amountColumns = (a: Amounts) => ({ amount: a.total, gstAmount: a.gst });

async function findExpense(deps: Deps, id: string): Promise<Row> {
  assertId(id, NOT_FOUND);
  const [row] = await deps.db.select().from(businessExpenses).where(eq(businessExpenses.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** Newest first (docs/product.md "Staff dashboard": lists that grow), with the total for X-Total-Count. */
export async function listExpenses(deps: Deps, query: z.output<typeof expenseListQuery>): Promise<{ items: BusinessExpense[]; total: number }> {
  const where: SQL[] = [];
  if (query.category && query.category !== 'all') where.push(eq(businessExpenses.category, query.category));
  if (query.paid === 'paid') where.push(eq(businessExpenses.isPaid, true));
  if (query.paid === 'unpaid') where.push(eq(businessExpenses.isPaid, false));
  if (query.from) where.push(gte(businessExpenses.expenseDate, query.from));
  if (query.to) where.push(lte(businessExpenses.expenseDate, query.to));
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(businessExpenses.supplierName, like), ilike(businessExpenses.description, like), ilike(businessExpenses.invoiceNumber, like))!);
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

export async function createExpense(deps: Deps, body: z.output<typeof expenseRequest>): Promise<BusinessExpense> {
  const now = deps.clock.now();
  const { amount, gstAmount, isPaid, ...fields } = body;
  const [row] = await deps.db
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
  return toWire(row!);
}

export async function updateExpense(deps: Deps, id: string, body: z.output<typeof expenseUpdateRequest>): Promise<BusinessExpense> {
  const row = await findExpense(deps, id);
  const now = deps.clock.now();
  const { amount, gstAmount, isPaid, ...fields } = body;
  const newAmounts = changedAmounts({ total: amount, gst: gstAmount }, row.amount);
  const changes = {
    ...changesFrom(businessExpenses, fields, now),
    ...(newAmounts ? amountColumns(newAmounts) : {}),
    ...paidChanges({ isPaid }, row, now),
  };
  const [updated] = await deps.db.update(businessExpenses).set(changes).where(eq(businessExpenses.id, id)).returning();
  return toWire(updated!);
}

/** 'Mark Paid' (docs/product.md "Purchase invoices and expenses"): a second press keeps the first date. */
export async function markExpensePaid(deps: Deps, id: string): Promise<BusinessExpense> {
  const row = await findExpense(deps, id);
  if (row.isPaid) return toWire(row);
  const now = deps.clock.now();
  const [updated] = await deps.db
    .update(businessExpenses)
    .set({ ...paidChanges({ isPaid: true }, row, now), updatedAt: now })
    .where(eq(businessExpenses.id, id))
    .returning();
  return toWire(updated!);
}

export async function deleteExpense(deps: Deps, id: string): Promise<void> {
  await findExpense(deps, id);
  await deps.db.delete(businessExpenses).where(eq(businessExpenses.id, id));
}
