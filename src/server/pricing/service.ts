import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { toCents, type Cents } from '../../shared/domain/money';
import { normaliseTyreSize } from '../../shared/domain/tyre-size';
import type { Executor } from '../db/client';
import { tyreStockPricing } from '../db/schema';

/** A row customers can be quoted: active, and in stock or stock not tracked (decision 280). */
export const quotableRow = () =>
  and(eq(tyreStockPricing.isActive, true), or(isNull(tyreStockPricing.stock), gt(tyreStockPricing.stock, 0)));

/** A row's size as quotes match it: stored sizes are normalised by the seed; this tolerates one typed by hand ("205/55 r16"). */
export const sizeKeyOf = () => sql<string>`upper(replace(${tyreStockPricing.size}, ' ', ''))`;

/**
 * The cheapest active row for the normalised size, in cents (docs/product.md "Prices and fees");
 * null when the size is unknown or not recognisable (the customer is called back with a quote). A row
 * with stock 0 is priced but out of stock and does not count (decision 280), so a size whose only
 * rows are out of stock asks for a callback as an unknown size does.
 */
export async function lookupTyreUnitPriceCents(db: Executor, size: string | null | undefined): Promise<Cents | null> {
  const normalised = size ? normaliseTyreSize(size) : null;
  if (!normalised) return null;
  const [row] = await db
    .select({ retailPrice: tyreStockPricing.retailPrice })
    .from(tyreStockPricing)
    .where(and(quotableRow(), eq(sizeKeyOf(), normalised.replace(/ /g, ''))))
    .orderBy(asc(tyreStockPricing.retailPrice))
    .limit(1);
  return row ? toCents(row.retailPrice) : null;
}
