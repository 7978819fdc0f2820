import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { formatCents, formatDollars, sumCents, toCents } from '../../shared/domain/money';
import { perthToday } from '../../shared/domain/perth-time';
import { normaliseTyreSize } from '../../shared/domain/tyre-size';
import type { ExpenseSupplier, SupplierBillDraft, SupplierBillDraftLine } from '../../shared/schemas/bills';
import {
  businessExpenses,
  fittedTyres,
  jobs,
  purchaseInvoices,
  tyreReorderRules,
  tyreStockPricing,
} from '../db/schema';
import type { AppDeps } from '../deps';
import { notFound } from '../http/errors';
import { sizeKeyOf } from '../pricing/service';
import { assertId } from './rules';

/**
 * What the owner would otherwise type (decision 419): a job's new supplier bill filled in from its
 * tyres, their purchase price and the last supplier for the brand; an expense's supplier with its
 * usual category and paid state. Both only propose: the forms save what the owner confirms.
 */

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Tyres = { size: string; brand: string | null; model: string | null; quantity: number };
type PriceRow = typeof tyreStockPricing.$inferSelect;

const JOB_NOT_FOUND = 'Job not found';
const same = (a: string | null, b: string | null) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** The tyres fitted on the job, grouped; before any are recorded, the booking's size, quantity and brand. */
async function jobTyres(deps: Deps, jobId: string): Promise<Tyres[]> {
  assertId(jobId, JOB_NOT_FOUND);
  const [job] = await deps.db
    .select({ size: jobs.tyreSize, quantity: jobs.tyreQuantity, brand: jobs.tyreBrand })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  if (!job) throw notFound(JOB_NOT_FOUND);
  const fitted = await deps.db
    .select({ size: fittedTyres.size, brand: fittedTyres.brand, model: fittedTyres.model })
    .from(fittedTyres)
    .where(eq(fittedTyres.jobId, jobId))
    .orderBy(asc(fittedTyres.createdAt));
  if (fitted.length > 0) {
    const groups: Tyres[] = [];
    for (const f of fitted) {
      const g = groups.find((x) => x.size === f.size && same(x.brand, f.brand) && same(x.model, f.model));
      if (g) g.quantity++;
      else groups.push({ size: f.size, brand: f.brand, model: f.model, quantity: 1 });
    }
    return groups;
  }
  const size = job.size?.trim();
  if (!size) return [];
  return [
    {
      size: normaliseTyreSize(size) ?? size,
      brand: job.brand?.trim() || null,
      model: null,
      quantity: job.quantity ?? 1,
    },
  ];
}

/**
 * The price list's row for the tyres: of their size (and brand and model when known), the active row
 * first, then the one quotes use (in stock, cheapest), as the customer was quoted.
 */
function pickRow(rows: PriceRow[], t: Tyres): PriceRow | null {
  const candidates = rows.filter((r) => t.brand === null || same(r.brand, t.brand));
  const score = (r: PriceRow) => [
    t.model !== null && same(r.model, t.model) ? 0 : 1,
    r.isActive ? 0 : 1,
    r.stock === null || r.stock > 0 ? 0 : 1,
    toCents(r.retailPrice),
  ];
  const sorted = candidates.toSorted((a, b) => {
    const [x, y] = [score(a), score(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return 0;
  });
  return sorted[0] ?? null;
}

async function draftLine(deps: Deps, t: Tyres): Promise<SupplierBillDraftLine> {
  const key = normaliseTyreSize(t.size);
  const rows = key
    ? await deps.db
        .select()
        .from(tyreStockPricing)
        .where(eq(sizeKeyOf(), key.replace(/ /g, '')))
    : [];
  const row = pickRow(rows, t);
  const brand = t.brand ?? row?.brand ?? null;
  const model = t.model ?? (t.brand === null ? (row?.model ?? null) : null);
  // A purchase price of $0 is one never entered: the amount stays empty, never $0 (decision 419).
  const unit = row && toCents(row.purchasePrice) > 0 ? toCents(row.purchasePrice) : null;
  return {
    description: [`${t.quantity} x ${t.size}`, brand, model].filter(Boolean).join(' '),
    size: t.size,
    brand,
    model,
    quantity: t.quantity,
    unitCost: unit === null ? null : formatCents(unit),
    totalCost: unit === null ? null : formatCents(unit * t.quantity),
  };
}

/** Whom the brand was last bought from: the latest bill on a job with tyres of that brand, else the reorder rule's supplier. */
async function supplierFor(
  deps: Deps,
  lines: SupplierBillDraftLine[],
): Promise<Pick<SupplierBillDraft, 'supplierName' | 'supplierFrom'>> {
  for (const line of lines) {
    if (!line.brand) continue;
    const brand = line.brand.trim().toLowerCase();
    const [bill] = await deps.db
      .select({ supplierName: purchaseInvoices.supplierName })
      .from(purchaseInvoices)
      .innerJoin(jobs, eq(jobs.id, purchaseInvoices.jobId))
      .where(
        sql`(lower(trim(${jobs.tyreBrand})) = ${brand} or exists (select 1 from ${fittedTyres} where ${fittedTyres.jobId} = ${jobs.id} and lower(trim(${fittedTyres.brand})) = ${brand}))`,
      )
      .orderBy(desc(purchaseInvoices.invoiceDate), desc(purchaseInvoices.createdAt))
      .limit(1);
    if (bill) return { supplierName: bill.supplierName, supplierFrom: 'last-bill' };
    const [rule] = await deps.db
      .select({ supplier: tyreReorderRules.supplier })
      .from(tyreReorderRules)
      .where(and(sql`lower(trim(${tyreReorderRules.brand})) = ${brand}`, isNotNull(tyreReorderRules.supplier)))
      .orderBy(sql`${tyreReorderRules.size} = ${line.size} desc`, desc(tyreReorderRules.updatedAt))
      .limit(1);
    if (rule?.supplier) return { supplierName: rule.supplier, supplierFrom: 'reorder-rule' };
  }
  return { supplierName: null, supplierFrom: null };
}

export async function draftSupplierBill(deps: Deps, jobId: string): Promise<SupplierBillDraft> {
  const tyres = await jobTyres(deps, jobId);
  const lines = await Promise.all(tyres.map((t) => draftLine(deps, t)));
  const priced = lines.length > 0 && lines.every((l) => l.totalCost !== null);
  const notes = lines
    .map((l) =>
      l.unitCost === null ? l.description : `${l.description} at ${formatDollars(toCents(l.unitCost))} each`,
    )
    .join('; ');
  return {
    jobId,
    ...(await supplierFor(deps, lines)),
    invoiceDate: perthToday(deps.clock.now()),
    totalAmount: priced ? formatCents(sumCents(lines.map((l) => toCents(l.totalCost!)))) : null,
    lines,
    notes: notes || null,
  };
}

/** Each supplier of past expenses once (names compared without case), with its latest expense's category and paid state. */
export async function listExpenseSuppliers(deps: Deps): Promise<ExpenseSupplier[]> {
  const name = sql`lower(trim(${businessExpenses.supplierName}))`;
  const rows = await deps.db
    .selectDistinctOn([name], {
      supplierName: businessExpenses.supplierName,
      category: businessExpenses.category,
      isPaid: businessExpenses.isPaid,
      lastDate: businessExpenses.expenseDate,
    })
    .from(businessExpenses)
    .orderBy(name, desc(businessExpenses.expenseDate), desc(businessExpenses.createdAt));
  return rows.toSorted((a, b) => b.lastDate.localeCompare(a.lastDate)).slice(0, 200);
}
