import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { id, money, updatedAt } from './columns';

export const tyreStockPricing = pgTable(
  'tyre_stock_pricing',
  {
    id: id(),
    size: text('size').notNull(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    purchasePrice: money('purchase_price').notNull(),
    retailPrice: money('retail_price').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Tyres in stock; null when not tracked. 0: priced but out of stock, so the public lookup asks for a callback. */
    stock: integer('stock'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tyre_stock_pricing_size_idx').on(t.size),
    unique('tyre_stock_pricing_item_unique').on(t.size, t.brand, t.model),
    check('tyre_stock_pricing_stock_check', sql`${t.stock} is null or ${t.stock} >= 0`),
  ],
);
