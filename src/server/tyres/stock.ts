import { asc, eq } from 'drizzle-orm';
import type { StockLine } from '../../shared/schemas/tyres';
import type { Executor } from '../db/client';
import { tyreStock } from '../db/schema';

/** Tyres held at each place (docs/decisions/414-tyre-records.md), depot first, then the vans, by size and brand. */
export async function listStock(exec: Executor, location?: string): Promise<StockLine[]> {
  return exec
    .select({
      location: tyreStock.location,
      size: tyreStock.size,
      brand: tyreStock.brand,
      quantity: tyreStock.quantity,
      reserved: tyreStock.reserved,
    })
    .from(tyreStock)
    .where(location ? eq(tyreStock.location, location) : undefined)
    .orderBy(asc(tyreStock.location), asc(tyreStock.size), asc(tyreStock.brand));
}
