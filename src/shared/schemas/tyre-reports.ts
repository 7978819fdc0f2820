import { z } from 'zod';

/**
 * The tyre report (docs/decisions/424-tyre-reports.md): tyres fitted by month, size and brand in
 * the range, the stock held now valued at the price list's purchase price, and the warranty claims
 * opened in the range. Money is a two-decimal string, as in every report.
 */
export const tyreReport = z.object({
  startDate: z.string(),
  endDate: z.string(),
  hasData: z.boolean(),
  fitted: z.array(z.object({ month: z.string(), size: z.string(), brand: z.string(), count: z.number() })),
  fittedTotal: z.number(),
  stock: z.object({
    /** Stock is valued as it stands when asked (Perth day), whatever the range. */
    asOf: z.string(),
    lines: z.array(
      z.object({
        size: z.string(),
        brand: z.string(),
        quantity: z.number(),
        /** The price list's purchase price of the size and brand (the mean of its models); null when it has none. */
        unitCost: z.string().nullable(),
        value: z.string(),
      }),
    ),
    quantity: z.number(),
    total: z.string(),
    /** Tyres held of a size and brand the price list has no purchase price for: not in the total. */
    uncosted: z.number(),
  }),
  claims: z.array(
    z.object({
      day: z.string(),
      claimJobNumber: z.string(),
      originalJobNumber: z.string(),
      size: z.string().nullable(),
      brand: z.string().nullable(),
      reason: z.string(),
    }),
  ),
});
export type TyreReport = z.infer<typeof tyreReport>;
