import { z } from 'zod';
import { formatCents, toCents, MONEY_MESSAGE } from '../domain/money';
import { isIsoDay } from '../domain/slots';

/**
 * Supplier bills on a job (docs/product.md "Purchase invoices and expenses"). The field rules here
 * are shared with business expenses: the form and the server read the same schema, so a refusal
 * carries the message the form shows.
 */

export const TOTAL_REQUIRED = 'Total must be greater than $0';
export const TOTAL_NOT_A_NUMBER = 'Total must be a valid number';
const TOO_LARGE = 'Total must be at most $99,999,999.99';
export const BOOKKEEPING_TEXT_LIMITS = { supplierName: 120, invoiceNumber: 60, description: 200, notes: 1000 } as const;

// eslint-disable-next-line no-control-regex
const stripControls = (v: string) => v.replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
// eslint-disable-next-line no-control-regex
const stripControlsKeepLines = (v: string) => v.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** Absent stays absent (an edit leaves the field alone); empty or null becomes null (cleared). */
const blankToNull = (v: string | null | undefined): string | null | undefined => (v === undefined ? undefined : v ? v : null);

/** A required one-line text: control characters dropped, trimmed. */
export const requiredText = (message: string, label: string, max: number) =>
  z.string({ message }).overwrite(stripControls).trim().min(1, message).max(max, tooLong(label, max));
/** An optional one-line text; blank becomes null. */
export const optionalText = (label: string, max: number) =>
  z
    .string()
    .overwrite(stripControls)
    .trim()
    .max(max, tooLong(label, max))
    .nullish()
    .transform(blankToNull);
export const notesText = () =>
  z
    .string()
    .overwrite(stripControlsKeepLines)
    .trim()
    .max(BOOKKEEPING_TEXT_LIMITS.notes, tooLong('Notes', BOOKKEEPING_TEXT_LIMITS.notes))
    .nullish()
    .transform(blankToNull);

/** A Perth day, yyyy-MM-dd. */
export const dayField = (requiredMessage: string) =>
  z.string({ message: requiredMessage }).trim().min(1, requiredMessage).refine(isIsoDay, { message: 'Invalid date format' });
/** An optional Perth day; empty or null means none (docs/product.md "Messages the UI shows"). */
export const optionalDay = () =>
  z
    .union([z.string().trim(), z.null()])
    .optional()
    .transform(blankToNull)
    .refine((v) => v === null || v === undefined || isIsoDay(v), { message: 'Invalid date format' });

/**
 * A GST-inclusive total: above $0 and a finite number (the product's two messages), at most two
 * decimal places, within numeric(10,2); blank counts as 0. Travels on as a two-decimal string.
 */
export const totalField = () =>
  z
    .union([z.string(), z.number()], { message: TOTAL_NOT_A_NUMBER })
    .transform((v, ctx) => {
      const text = typeof v === 'number' ? String(v) : v.trim() === '' ? '0' : v.trim();
      const n = Number(text);
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: 'custom', message: TOTAL_NOT_A_NUMBER });
        return z.NEVER;
      }
      if (n <= 0) {
        ctx.addIssue({ code: 'custom', message: TOTAL_REQUIRED });
        return z.NEVER;
      }
      if (typeof v === 'string' && !/^\d+(\.\d{1,2})?$/.test(text)) {
        ctx.addIssue({ code: 'custom', message: MONEY_MESSAGE });
        return z.NEVER;
      }
      const cents = toCents(typeof v === 'number' ? v : text);
      if (cents <= 0) {
        ctx.addIssue({ code: 'custom', message: TOTAL_REQUIRED });
        return z.NEVER;
      }
      if (cents > 9_999_999_999) {
        ctx.addIssue({ code: 'custom', message: TOO_LARGE });
        return z.NEVER;
      }
      return formatCents(cents);
    });

/** A GST amount when given: a decimal with at most two places, 0 or more. */
export const gstField = () =>
  z
    .union([z.string(), z.number()], { message: MONEY_MESSAGE })
    .transform((v, ctx) => {
      try {
        const cents = toCents(typeof v === 'string' ? v.trim() : v);
        if (cents < 0) throw new Error(MONEY_MESSAGE);
        return formatCents(cents);
      } catch {
        ctx.addIssue({ code: 'custom', message: MONEY_MESSAGE });
        return z.NEVER;
      }
    });

export const GST_OVER_TOTAL = 'GST cannot be more than the total';
const gstWithinTotal = (v: { totalAmount?: string | undefined; gstAmount?: string | null | undefined }) =>
  v.totalAmount === undefined || v.gstAmount === undefined || v.gstAmount === null || toCents(v.gstAmount) <= toCents(v.totalAmount);

const purchaseFields = {
  invoiceNumber: requiredText('Invoice number is required', 'Invoice number', BOOKKEEPING_TEXT_LIMITS.invoiceNumber),
  supplierName: requiredText('Supplier name is required', 'Supplier name', BOOKKEEPING_TEXT_LIMITS.supplierName),
  invoiceDate: dayField('Invoice date is required'),
  totalAmount: totalField(),
  gstAmount: gstField().nullish(),
  dueDate: optionalDay(),
  isPaid: z.boolean().optional(),
  notes: notesText(),
};

/** The add / edit form of a supplier bill on a job (the same fields the server takes). */
export const purchaseInvoiceForm = z.object(purchaseFields).refine(gstWithinTotal, { message: GST_OVER_TOTAL, path: ['gstAmount'] });

/** POST /api/dashboard/purchase-invoices. The category is always cost of goods sold (job costing). */
export const createPurchaseInvoiceRequest = z
  .object({
    jobId: z.string({ message: 'Job is required' }).uuid('Job not found'),
    ...purchaseFields,
    invoiceDate: purchaseFields.invoiceDate.optional(),
    category: z.literal('cost-of-goods-sold', { message: 'A purchase invoice is a cost of goods sold' }).optional(),
  })
  .refine(gstWithinTotal, { message: GST_OVER_TOTAL, path: ['gstAmount'] });

/** PATCH /api/dashboard/purchase-invoices/{id}: any of the fields; `isPaid` alone is the badge toggle. */
export const updatePurchaseInvoiceRequest = z
  .object({
    invoiceNumber: purchaseFields.invoiceNumber.optional(),
    supplierName: purchaseFields.supplierName.optional(),
    invoiceDate: purchaseFields.invoiceDate.optional(),
    totalAmount: purchaseFields.totalAmount.optional(),
    gstAmount: purchaseFields.gstAmount,
    dueDate: purchaseFields.dueDate,
    isPaid: z.boolean().optional(),
    paidAt: z
      .union([z.iso.datetime({ offset: true, message: 'Invalid date format' }), z.literal(''), z.null()])
      .optional()
      .transform((v) => (v === '' ? null : v)),
    notes: purchaseFields.notes,
  })
  .refine(gstWithinTotal, { message: GST_OVER_TOTAL, path: ['gstAmount'] });

export const purchaseInvoice = z.object({
  id: z.string(),
  jobId: z.string().nullable(),
  supplierName: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  subtotal: z.string(),
  totalAmount: z.string(),
  gstAmount: z.string(),
  category: z.string(),
  dueDate: z.string().nullable(),
  isPaid: z.boolean(),
  paidAt: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PurchaseInvoice = z.infer<typeof purchaseInvoice>;

export const purchaseIdParams = z.object({ id: z.string().max(64) });
export const jobIdParams = z.object({ jobId: z.string().max(64) });

/** A job's costs and profit (docs/product.md "Purchase invoices and expenses"; decision 212). */
export const jobProfitSummary = z.object({
  jobId: z.string(),
  revenue: z.string().nullable(),
  revenueSource: z.enum(['invoice', 'quote']).nullable(),
  invoiceNumber: z.string().nullable(),
  costs: z.string(),
  costsExGst: z.string(),
  costsGst: z.string(),
  unpaidCosts: z.string(),
  profit: z.string().nullable(),
  margin: z.number().nullable(),
});
export type JobProfitSummary = z.infer<typeof jobProfitSummary>;
