import { boolean, index, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { id, money } from './columns';

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
  },
  (t) => [index('tyre_stock_pricing_size_idx').on(t.size), unique('tyre_stock_pricing_item_unique').on(t.size, t.brand, t.model)],
);
