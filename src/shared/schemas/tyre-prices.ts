import { z } from 'zod';
import { normaliseTyreSize } from '../domain/tyre-size';
import { money, oneLineText, pageQuery, pageSizeQuery, wholeNumber } from './fields';

/**
 * The price list (the `tyre_stock_pricing` rows) and the supplier CSV import (docs/product.md
 * "Prices and fees"; decisions 280-283). The add / edit forms, the bulk change and each line of an
 * imported file are checked by these same rules, so a refusal reads the same everywhere: the form
 * shows "Retail price must be a dollar amount above 0, with at most 2 decimals", the import "line 7, retail price: must be a dollar amount above 0, with at most 2 decimals".
 */

/** Each column's rule, worded once: the form's message is the label and the rule, the import's the column and the rule. */
export const PRICE_RULES = {
  size: { label: 'Size', column: 'size', rule: 'must be a tyre size like 205/55R16' },
  brand: { label: 'Brand', column: 'brand', rule: 'is required' },
  model: { label: 'Model', column: 'model', rule: 'is required' },
  purchasePrice: {
    label: 'Purchase price',
    column: 'purchase price',
    rule: 'must be a dollar amount, 0 or more, with at most 2 decimals',
  },
  retailPrice: {
    label: 'Retail price',
    column: 'retail price',
    rule: 'must be a dollar amount above 0, with at most 2 decimals',
  },
  stock: { label: 'Stock', column: 'stock', rule: 'must be a whole number, 0 or more (empty: not tracked)' },
} as const;
export type PriceColumn = keyof typeof PRICE_RULES;

export const PRICE_TEXT_LIMITS = { brand: 60, model: 100 } as const;
/** A tyre dearer than this is a typing slip, not a price (decision 281). */
export const PRICE_MAX_CENTS = 9_999_999;
export const STOCK_MAX = 99_999;
const PRICE_MAX_TEXT = 'at most $99,999.99';

const message = (c: PriceColumn) => `${PRICE_RULES[c].label} ${PRICE_RULES[c].rule}`;

/** A tyre size, stored normalised (`205/55R16`); a size it cannot read is refused. */
export const tyreSizeField = () =>
  z.string({ message: message('size') }).transform((v, ctx) => {
    const size = normaliseTyreSize(v);
    if (size === null) {
      ctx.addIssue({ code: 'custom', message: message('size') });
      return z.NEVER;
    }
    return size;
  });
const brandField = () => oneLineText('Brand', PRICE_TEXT_LIMITS.brand, message('brand'));
const modelField = () => oneLineText('Model', PRICE_TEXT_LIMITS.model, message('model'));
export const purchasePriceField = () =>
  money({
    max: PRICE_MAX_CENTS,
    message: message('purchasePrice'),
    maxMessage: `Purchase price must be ${PRICE_MAX_TEXT}`,
  });
export const retailPriceField = () =>
  money({
    min: 1,
    max: PRICE_MAX_CENTS,
    message: message('retailPrice'),
    minMessage: message('retailPrice'),
    maxMessage: `Retail price must be ${PRICE_MAX_TEXT}`,
  });
/** Stock: empty or null is not tracked; 0 is priced but out of stock (decision 280). */
export const stockField = () =>
  z
    .union([z.null(), z.number(), z.string()], { message: message('stock') })
    .transform((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v))
    .pipe(wholeNumber('Stock', 0, STOCK_MAX, message('stock')).nullable());

const fields = z.object({
  size: tyreSizeField(),
  brand: brandField(),
  model: modelField(),
  purchasePrice: purchasePriceField(),
  retailPrice: retailPriceField(),
  stock: stockField().optional(),
  isActive: z.boolean({ message: 'Active must be true or false' }).optional(),
});

/** POST /api/dashboard/tyre-prices and the Add form. */
export const tyrePriceRequest = fields;
export type TyrePriceRequest = z.input<typeof tyrePriceRequest>;

/** PATCH /api/dashboard/tyre-prices/{id}: any field; `isActive` alone activates or deactivates. */
export const tyrePriceUpdateRequest = fields.partial();
export type TyrePriceUpdateRequest = z.input<typeof tyrePriceUpdateRequest>;

/** The inline edit of a row: retail, purchase and stock. */
export const tyrePriceInlineForm = fields
  .pick({ retailPrice: true, purchasePrice: true })
  .extend({ stock: stockField() });

export const tyrePriceIdParams = z.object({ id: z.string().max(64) });

export const tyrePriceListQuery = z.object({
  search: oneLineText('Search', 100).optional(),
  page: pageQuery(),
  pageSize: pageSizeQuery(),
});

/** A price list row as staff see it; the margin is worked out, never stored (decision 281). */
export const tyrePrice = z.object({
  id: z.string(),
  size: z.string(),
  brand: z.string(),
  model: z.string(),
  purchasePrice: z.string(),
  retailPrice: z.string(),
  /** Retail less purchase, in dollars ("45.00"); negative when sold below cost. */
  margin: z.string(),
  /** The margin as a share of the retail price, one decimal (22.5); null when the retail price is 0. */
  marginPercent: z.number().nullable(),
  stock: z.number().nullable(),
  isActive: z.boolean(),
  /** Quotes use this row's price: the cheapest active row of its size in stock or not tracked (ties all marked). */
  quotedToCustomers: z.boolean(),
  updatedAt: z.string(),
});
export type TyrePrice = z.infer<typeof tyrePrice>;

// --- Bulk change ---

export const BULK_FIELDS = ['retail', 'purchase'] as const;
export const BULK_CHANGE_NEEDED = 'Give a percentage or an amount, not both';
export const BULK_CHANGE_ZERO = 'The change must not be zero';
const percent = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^[-+]?\d{1,4}(\.\d{1,2})?%?$/, 'Percent must be a number with at most 2 decimals')
        .transform((v) => Number(v.replace('%', ''))),
    ],
    { message: 'Percent must be a number with at most 2 decimals' },
  )
  .pipe(z.number().min(-90, 'Percent must be between -90 and 1000').max(1000, 'Percent must be between -90 and 1000'));

/** A form's empty field is an absent value. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const bulkFilter = z.object({
  brand: oneLineText('Brand', PRICE_TEXT_LIMITS.brand).optional(),
  rimSize: z.preprocess(blankToUndefined, wholeNumber('Rim size', 10, 30).optional()),
  search: oneLineText('Search', 100).optional(),
});

/** POST /api/dashboard/tyre-prices/bulk: "retail +5% for brand X", previewed (dryRun) before it applies. */
export const bulkChangeRequest = z.object({
  filter: bulkFilter.prefault({}),
  change: z
    .object({
      field: z.enum(BULK_FIELDS, { message: 'Field must be retail or purchase' }),
      percent: z.preprocess(blankToUndefined, percent.optional()),
      amount: z.preprocess(
        blankToUndefined,
        money({ signed: true, max: PRICE_MAX_CENTS, min: -PRICE_MAX_CENTS }).optional(),
      ),
    })
    .refine((c) => (c.percent === undefined) !== (c.amount === undefined), {
      message: BULK_CHANGE_NEEDED,
      path: ['percent'],
    })
    .refine((c) => c.percent !== 0 && c.amount !== '0.00', { message: BULK_CHANGE_ZERO, path: ['percent'] }),
  dryRun: z.boolean({ message: 'Dry run must be true or false' }).default(true),
});

export const priceChangeRow = z.object({ id: z.string(), label: z.string(), from: z.string(), to: z.string() });
export const bulkChangeResult = z.object({
  applied: z.boolean(),
  field: z.enum(BULK_FIELDS),
  changes: z.array(priceChangeRow),
});
export type BulkChangeResult = z.infer<typeof bulkChangeResult>;

// --- Supplier CSV import ---

/** Decision 282: a supplier file is refused above these, before it is parsed. */
export const IMPORT_LIMITS = { maxBytes: 2 * 1024 * 1024, maxLines: 20_000 } as const;
export const IMPORT_TOO_LARGE = 'The file is larger than 2 MB. Split it into smaller files and import each.';
export const IMPORT_TOO_MANY_LINES =
  'The file has more than 20,000 lines. Split it into smaller files and import each.';

const flag = (label: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false'], { message: `${label} must be true or false` })], {
      message: `${label} must be true or false`,
    })
    .transform((v) => v === true || v === 'true');

/** POST /api/dashboard/tyre-prices/import?dryRun=true|false[&skipRefused=true][&deactivateMissing=true]. */
export const importQuery = z.object({
  dryRun: flag('Dry run').default(true),
  skipRefused: flag('Skip refused lines').default(false),
  deactivateMissing: flag('Deactivate missing rows').default(false),
});

export const fieldChange = z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() });
export const importChange = z.object({
  /** The file's line (header is line 1); null for a row deactivated because the file does not list it. */
  line: z.number().nullable(),
  kind: z.enum(['added', 'changed', 'deactivated']),
  id: z.string().nullable(),
  label: z.string(),
  fields: z.array(fieldChange),
});
export type ImportChange = z.infer<typeof importChange>;
export const importError = z.object({ line: z.number(), column: z.string(), message: z.string() });
export type ImportError = z.infer<typeof importError>;

/**
 * The answer of an import, dry run or not. `changed` counts deactivated rows too (each is listed
 * in `changes`); `applied` says whether anything was written (decision 282).
 */
export const importResult = z.object({
  applied: z.boolean(),
  summary: z.object({ added: z.number(), changed: z.number(), unchanged: z.number(), refused: z.number() }),
  changes: z.array(importChange),
  errors: z.array(importError),
  /** The brands the file names: "deactivate rows missing from this file" reaches these only. */
  brands: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResult>;
