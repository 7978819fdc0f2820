import { z } from 'zod';

/** GET /api/tyre-pricing/{size} (docs/product.md "Prices and fees"); the 404 body carries callbackRequired. */
export const tyrePriceResponse = z.object({ price: z.string() });
