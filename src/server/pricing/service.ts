import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { toCents, type Cents } from '../../shared/domain/money';
import { normaliseTyreSize } from '../../shared/domain/tyre-size';
import type { Executor } from '../db/client';
import { tyreStockPricing } from '../db/schema';

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
    // Stored sizes are normalised by the seed; the expression tolerates a row typed by hand ("205/55 r16").
    .where(
      and(
        eq(tyreStockPricing.isActive, true),
        or(isNull(tyreStockPricing.stock), gt(tyreStockPricing.stock, 0)),
        eq(sql`upper(replace(${tyreStockPricing.size}, ' ', ''))`, normalised.replace(/ /g, '')),
      ),
    )
    .orderBy(asc(tyreStockPricing.retailPrice))
    .limit(1);
  return row ? toCents(row.retailPrice) : null;
}
