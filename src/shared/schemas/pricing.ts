import { z } from 'zod';

/** GET /api/tyre-pricing/{size} (SPEC 3 "Tyre price lookup result"); the 404 body carries callbackRequired. */
export const tyrePriceResponse = z.object({ price: z.string() });
