import { and, asc, count, eq, ilike, inArray, min, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { formatCents, formatDollars, toCents } from '../../shared/domain/money';
import { normaliseTyreSize } from '../../shared/domain/tyre-size';
import type {
  TyrePrice,
  tyrePriceListQuery,
  tyrePriceRequest,
  tyrePriceUpdateRequest,
} from '../../shared/schemas/tyre-prices';
import type { Executor } from '../db/client';
import { tyreStockPricing } from '../db/schema';
import type { AppDeps } from '../deps';
import type { SessionUser } from '../http/access';
import { conflict, notFound } from '../http/errors';
import { isUuid } from '../../shared/schemas/fields';
import { recordSettingChanges, type SettingChange } from '../history/history';
import { quotableRow, sizeKeyOf } from './service';

/** The owner's price list (decisions 280, 281): each change written with its history lines, in one transaction. */

type Deps = Pick<AppDeps, 'db' | 'clock'>;
export type PriceRow = typeof tyreStockPricing.$inferSelect;

const NOT_FOUND = 'Price list row not found.';

/** "205/55R16 Michelin Primacy 4": what a row is called in messages and its history. */
export const rowLabel = (r: { size: string; brand: string; model: string }) => `${r.size} ${r.brand} ${r.model}`;

/**
 * The margin is worked out on every read, never stored (decision 281): dollars, and per cent of the
 * retail price. `quotedToCustomers` says the row carries the price quotes use for its size.
 */
export function toTyrePrice(row: PriceRow, quotedToCustomers = false): TyrePrice {
  const retail = toCents(row.retailPrice);
  const margin = retail - toCents(row.purchasePrice);
  return {
    id: row.id,
    size: row.size,
    brand: row.brand,
    model: row.model,
    purchasePrice: row.purchasePrice,
    retailPrice: row.retailPrice,
    margin: formatCents(margin),
    marginPercent: retail === 0 ? null : Math.round((margin / retail) * 1000) / 10,
    stock: row.stock,
    isActive: row.isActive,
    quotedToCustomers,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const sizeKey = (size: string) => size.toUpperCase().replace(/ /g, '');

/** The rows as staff see them, each marked when quotes use its price: the cheapest quotable row of its size, ties all marked. */
async function withQuoted(exec: Executor, rows: PriceRow[]): Promise<TyrePrice[]> {
  const keys = [...new Set(rows.map((r) => sizeKey(r.size)))];
  const cheapest =
    keys.length === 0
      ? []
      : await exec
          .select({ key: sizeKeyOf(), price: min(tyreStockPricing.retailPrice) })
          .from(tyreStockPricing)
          .where(and(quotableRow(), inArray(sizeKeyOf(), keys)))
          .groupBy(sizeKeyOf());
  const quoted = new Map(cheapest.map((c) => [c.key, c.price === null ? null : toCents(c.price)]));
  return rows.map((r) => {
    const quotable = r.isActive && (r.stock === null || r.stock > 0);
    return toTyrePrice(r, quotable && quoted.get(sizeKey(r.size)) === toCents(r.retailPrice));
  });
}

/** How each field reads in the settings history. */
export const HISTORY_FIELDS = {
  size: { label: 'Size', show: (v: unknown) => String(v) },
  brand: { label: 'Brand', show: (v: unknown) => String(v) },
  model: { label: 'Model', show: (v: unknown) => String(v) },
  purchasePrice: { label: 'Purchase price', show: (v: unknown) => formatDollars(toCents(String(v))) },
  retailPrice: { label: 'Retail price', show: (v: unknown) => formatDollars(toCents(String(v))) },
  stock: { label: 'Stock', show: (v: unknown) => (v === null || v === undefined ? 'not tracked' : String(v)) },
  isActive: { label: 'Active', show: (v: unknown) => (v ? 'yes' : 'no') },
} as const;
export type HistoryField = keyof typeof HISTORY_FIELDS;

/** One history line per field that differs between the row and its new values. */
export function fieldChanges(
  before: PriceRow,
  after: Partial<Pick<PriceRow, HistoryField>>,
): { field: HistoryField; from: string; to: string }[] {
  const out: { field: HistoryField; from: string; to: string }[] = [];
  for (const field of Object.keys(HISTORY_FIELDS) as HistoryField[]) {
    const next = after[field];
    if (next === undefined || next === before[field]) continue;
    out.push({ field, from: HISTORY_FIELDS[field].show(before[field]), to: HISTORY_FIELDS[field].show(next) });
  }
  return out;
}

export const historyLines = (
  row: PriceRow,
  changes: { field: HistoryField; from: string; to: string }[],
  meta: { at: Date; actorId: string | null; kind?: SettingChange['kind']; note?: string | null },
): SettingChange[] =>
  changes.map((c) => ({
    subject: `tyre-price:${row.id}`,
    label: rowLabel(row),
    at: meta.at,
    actorId: meta.actorId,
    kind: meta.kind ?? (c.field === 'isActive' ? (c.to === 'yes' ? 'activated' : 'deactivated') : 'changed'),
    field: HISTORY_FIELDS[c.field].label,
    from: c.from,
    to: c.to,
    note: meta.note ?? null,
  }));

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Search by size or brand (or model): a typed size matches however it was spaced ("205 55 r16"). */
export function searchCondition(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const like = `%${escapeLike(text)}%`;
  const size = normaliseTyreSize(text);
  return or(
    ilike(tyreStockPricing.size, like),
    ilike(tyreStockPricing.brand, like),
    ilike(tyreStockPricing.model, like),
    ...(size ? [eq(tyreStockPricing.size, size)] : []),
  );
}

export async function listTyrePrices(
  deps: Deps,
  query: z.output<typeof tyrePriceListQuery>,
): Promise<{ items: TyrePrice[]; total: number }> {
  const where = searchCondition(query.search);
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select()
      .from(tyreStockPricing)
      .where(where)
      .orderBy(
        asc(tyreStockPricing.size),
        asc(tyreStockPricing.brand),
        asc(tyreStockPricing.model),
        asc(tyreStockPricing.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db.select({ n: count() }).from(tyreStockPricing).where(where),
  ]);
  return { items: await withQuoted(deps.db, rows), total: counted?.n ?? 0 };
}

/** The row with the same size, brand and model (names in any case), other than `exceptId`. */
export async function findClash(
  exec: Executor,
  item: { size: string; brand: string; model: string },
  exceptId?: string,
): Promise<PriceRow | undefined> {
  const [row] = await exec
    .select()
    .from(tyreStockPricing)
    .where(
      and(
        eq(tyreStockPricing.size, item.size),
        eq(sql`lower(${tyreStockPricing.brand})`, item.brand.toLowerCase()),
        eq(sql`lower(${tyreStockPricing.model})`, item.model.toLowerCase()),
        exceptId ? ne(tyreStockPricing.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

const clashMessage = (item: { size: string; brand: string; model: string }) =>
  `${rowLabel(item)} is already on the price list.`;

/** A unique violation lost to a concurrent write is the same clash, not a 500. */
async function refusingClash<T>(
  item: { size: string; brand: string; model: string },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const code =
      (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') throw conflict(clashMessage(item), { fields: { model: clashMessage(item) } });
    throw err;
  }
}

export async function addTyrePrice(
  deps: Deps,
  actor: SessionUser,
  body: z.output<typeof tyrePriceRequest>,
): Promise<TyrePrice> {
  const at = deps.clock.now();
  return refusingClash(body, () =>
    deps.db.transaction(async (tx) => {
      if (await findClash(tx, body)) throw conflict(clashMessage(body), { fields: { model: clashMessage(body) } });
      const [row] = await tx
        .insert(tyreStockPricing)
        .values({ ...body, stock: body.stock ?? null, isActive: body.isActive ?? true, updatedAt: at })
        .returning();
      await recordSettingChanges(tx, [
        {
          subject: `tyre-price:${row!.id}`,
          label: rowLabel(row!),
          at,
          actorId: actor.id,
          kind: 'created',
          note: `Purchase ${HISTORY_FIELDS.purchasePrice.show(row!.purchasePrice)}, retail ${HISTORY_FIELDS.retailPrice.show(row!.retailPrice)}, stock ${HISTORY_FIELDS.stock.show(row!.stock)}`,
        },
      ]);
      return (await withQuoted(tx, [row!]))[0]!;
    }),
  );
}

export async function updateTyrePrice(
  deps: Deps,
  actor: SessionUser,
  id: string,
  body: z.output<typeof tyrePriceUpdateRequest>,
): Promise<TyrePrice> {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  const at = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(tyreStockPricing).where(eq(tyreStockPricing.id, id)).for('update');
    if (!row) throw notFound(NOT_FOUND);
    const next = { size: body.size ?? row.size, brand: body.brand ?? row.brand, model: body.model ?? row.model };
    if ((body.size || body.brand || body.model) && (await findClash(tx, next, id)))
      throw conflict(clashMessage(next), { fields: { model: clashMessage(next) } });
    const changes = fieldChanges(row, body);
    if (changes.length === 0) return (await withQuoted(deps.db, [row]))[0]!;
    const [updated] = await refusingClash(next, () =>
      tx
        .update(tyreStockPricing)
        .set({ ...body, updatedAt: at })
        .where(eq(tyreStockPricing.id, id))
        .returning(),
    );
    await recordSettingChanges(tx, historyLines(updated!, changes, { at, actorId: actor.id }));
    return (await withQuoted(tx, [updated!]))[0]!;
  });
}
