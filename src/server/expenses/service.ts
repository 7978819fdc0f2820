import { and, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { gstOf } from '../../shared/domain/gst';
import { formatCents, toCents } from '../../shared/domain/money';
import { GST_OVER_TOTAL } from '../../shared/schemas/purchases';
import type { BusinessExpense, expenseListQuery, expenseRequest, expenseUpdateRequest } from '../../shared/schemas/expenses';
import { businessExpenses } from '../db/schema';
import type { AppDeps } from '../deps';
import { invalid, notFound } from '../http/errors';

/** Business expenses, the overheads (docs/product.md "Purchase invoices and expenses"). */

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Row = typeof businessExpenses.$inferSelect;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = 'Expense not found.';

export function toBusinessExpense(r: Row): BusinessExpense {
  return {
    id: r.id,
    expenseDate: r.expenseDate,
    supplierName: r.supplierName,
    invoiceNumber: r.invoiceNumber,
    description: r.description,
    amount: r.amount,
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

/** GST is one eleventh of the GST-inclusive amount unless given. */
function amounts(amount: string, gstAmount: string | null | undefined) {
  const total = toCents(amount);
  const gst = gstAmount === null || gstAmount === undefined ? gstOf(total) : toCents(gstAmount);
  if (gst > total) throw invalid(GST_OVER_TOTAL, { gstAmount: GST_OVER_TOTAL });
  return { amount: formatCents(total), gstAmount: formatCents(gst) };
}

async function findRow(deps: Deps, id: string): Promise<Row> {
  if (!UUID_RE.test(id)) throw notFound(NOT_FOUND);
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
  return { items: rows.map(toBusinessExpense), total: counted?.n ?? 0 };
}

export async function createExpense(deps: Deps, body: z.output<typeof expenseRequest>): Promise<BusinessExpense> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(businessExpenses)
    .values({
      supplierName: body.supplierName,
      description: body.description,
      invoiceNumber: body.invoiceNumber ?? null,
      ...amounts(body.amount, body.gstAmount),
      category: body.category,
      expenseDate: body.expenseDate,
      dueDate: body.dueDate ?? null,
      isPaid: body.isPaid ?? false,
      paidAt: body.isPaid ? now : null,
      notes: body.notes ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toBusinessExpense(row!);
}

export async function updateExpense(deps: Deps, id: string, body: z.output<typeof expenseUpdateRequest>): Promise<BusinessExpense> {
  const row = await findRow(deps, id);
  const now = deps.clock.now();
  const changes: Partial<typeof businessExpenses.$inferInsert> = { updatedAt: now };
  if (body.supplierName !== undefined) changes.supplierName = body.supplierName;
  if (body.description !== undefined) changes.description = body.description;
  if (body.invoiceNumber !== undefined) changes.invoiceNumber = body.invoiceNumber;
  if (body.category !== undefined) changes.category = body.category;
  if (body.expenseDate !== undefined) changes.expenseDate = body.expenseDate;
  if (body.dueDate !== undefined) changes.dueDate = body.dueDate;
  if (body.notes !== undefined) changes.notes = body.notes;
  if (body.amount !== undefined || (body.gstAmount !== undefined && body.gstAmount !== null)) Object.assign(changes, amounts(body.amount ?? row.amount, body.gstAmount));
  if (body.isPaid !== undefined) {
    changes.isPaid = body.isPaid;
    changes.paidAt = body.isPaid ? (row.paidAt ?? now) : null;
  }
  const [updated] = await deps.db.update(businessExpenses).set(changes).where(eq(businessExpenses.id, id)).returning();
  return toBusinessExpense(updated!);
}

/** 'Mark Paid' (docs/product.md "Purchase invoices and expenses"): a second press keeps the first date. */
export async function markExpensePaid(deps: Deps, id: string): Promise<BusinessExpense> {
  const row = await findRow(deps, id);
  if (row.isPaid) return toBusinessExpense(row);
  const now = deps.clock.now();
  const [updated] = await deps.db.update(businessExpenses).set({ isPaid: true, paidAt: now, updatedAt: now }).where(eq(businessExpenses.id, id)).returning();
  return toBusinessExpense(updated!);
}

export async function deleteExpense(deps: Deps, id: string): Promise<void> {
  await findRow(deps, id);
  await deps.db.delete(businessExpenses).where(eq(businessExpenses.id, id));
}
