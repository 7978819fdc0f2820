import { z } from 'zod';
import { billAmounts } from '../domain/bookkeeping';
import { COST_OF_GOODS_SOLD, EXPENSE_CATEGORIES, OVERHEAD_CATEGORIES } from '../domain/expense-categories';
import { MONEY_MESSAGE, toCents } from '../domain/money';
import {
  blankToNull,
  DATE_MESSAGE,
  day,
  isBusinessDay,
  isUuid,
  money,
  notes,
  oneLineText,
  optionalDay,
  wholeNumber,
} from './fields';

/**
 * Bills: a job's supplier bills ("purchase invoices", /api/dashboard/purchase-invoices) and the
 * business's expenses (overheads, /api/dashboard/business-expenses), docs/product.md "Purchase
 * invoices and expenses". Both follow the same field rules, written once here (decision 260); the
 * forms and the server read these schemas, so a refusal carries the message the form shows.
 */

export const TOTAL_REQUIRED = 'Total must be greater than $0';
export const TOTAL_NOT_A_NUMBER = 'Total must be a valid number';
export const TOTAL_TOO_LARGE = 'Total must be at most $99,999,999.99';
export const GST_OVER_TOTAL = 'GST cannot be more than the total';
export const CATEGORY_REQUIRED = 'Category is required';
export const EXPENSE_NOT_JOB_COST = "Cost of goods sold is a job's purchase invoice, not a business expense";
export const BOOKKEEPING_TEXT_LIMITS = { supplierName: 120, invoiceNumber: 60, description: 200, notes: 1000 } as const;
export { OVERHEAD_CATEGORIES };

/**
 * A GST-inclusive total: money above $0 within numeric(10,2). Blank is the form's empty field, so it
 * says the total is needed; text that is no number at all ("abc", "NaN") keeps the product's own
 * 'Total must be a valid number'; a number that is not money (1.005 as text, 1e21) is refused as
 * every amount is (docs/product.md "Purchase invoices and expenses").
 */
const total = () =>
  z
    .union([z.string(), z.number()], { message: TOTAL_REQUIRED })
    .transform((v) => (typeof v === 'string' && v.trim() === '' ? '0' : v))
    .refine((v) => typeof v === 'number' || Number.isFinite(Number(v.trim())), {
      message: TOTAL_NOT_A_NUMBER,
      abort: true,
    })
    .pipe(money({ min: 1, minMessage: TOTAL_REQUIRED, maxMessage: TOTAL_TOO_LARGE }));
/** A GST amount when given: money, 0 or more; absent or null means one eleventh of the total. */
const gst = () => money({ message: MONEY_MESSAGE }).nullish();
const requiredText = (message: string, label: string, max: number) => oneLineText(label, max, message);
const optionalText = (label: string, max: number) => oneLineText(label, max).nullish().transform(blankToNull);
const notesText = () => notes(BOOKKEEPING_TEXT_LIMITS.notes).nullish().transform(blankToNull);

/** GST within the total when both are in the body; an edit giving one of them is checked against the row by the server. */
const gstWithin =
  <K extends string>(totalKey: K) =>
  (v: { [P in K]?: string | undefined } & { gstAmount?: string | null | undefined }) => {
    const t = v[totalKey];
    return (
      t === undefined ||
      v.gstAmount === undefined ||
      v.gstAmount === null ||
      billAmounts(toCents(t), toCents(v.gstAmount)) !== null
    );
  };
const gstIssue = { message: GST_OVER_TOTAL, path: ['gstAmount'] };

// --- Supplier bills on a job (purchase invoices) ---

const purchaseInvoiceFields = z.object({
  invoiceNumber: requiredText('Invoice number is required', 'Invoice number', BOOKKEEPING_TEXT_LIMITS.invoiceNumber),
  supplierName: requiredText('Supplier name is required', 'Supplier name', BOOKKEEPING_TEXT_LIMITS.supplierName),
  invoiceDate: day('Invoice date is required'),
  totalAmount: total(),
  gstAmount: gst(),
  dueDate: optionalDay(),
  isPaid: z.boolean().optional(),
  notes: notesText(),
});
const withinTotal = gstWithin('totalAmount');

/** The add / edit form of a supplier bill on a job (the same fields the server takes). */
export const purchaseInvoiceForm = purchaseInvoiceFields.refine(withinTotal, gstIssue);

/** POST /api/dashboard/purchase-invoices. The category is always cost of goods sold (job costing). */
export const createPurchaseInvoiceRequest = purchaseInvoiceFields
  .extend({
    jobId: z.string({ message: 'Job is required' }).refine(isUuid, { message: 'Job not found' }),
    invoiceDate: purchaseInvoiceFields.shape.invoiceDate.optional(),
    category: z.literal(COST_OF_GOODS_SOLD, { message: 'A purchase invoice is a cost of goods sold' }).optional(),
  })
  .refine(withinTotal, gstIssue);

/** When a bill was paid: an instant with its offset, on a real day (1900-2100); empty or null clears it. */
const paidAt = z
  .union([z.iso.datetime({ offset: true, message: DATE_MESSAGE }), z.literal(''), z.null()], { message: DATE_MESSAGE })
  .optional()
  .transform((v) => (v === '' ? null : v))
  .refine((v) => v === null || v === undefined || isBusinessDay(v.slice(0, 10)), { message: DATE_MESSAGE });

/** PATCH /api/dashboard/purchase-invoices/{id}: any of the form's fields; `isPaid` alone is the badge toggle. */
export const updatePurchaseInvoiceRequest = purchaseInvoiceFields
  .partial()
  .extend({ paidAt })
  .refine(withinTotal, gstIssue);

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

/**
 * One line of a supplier bill's draft: what the job's tyres are and their purchase price from the
 * price list; null amounts when the price list has no purchase price for them (empty, never $0:
 * decision 419).
 */
export const supplierBillDraftLine = z.object({
  description: z.string(),
  size: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  quantity: z.number().int(),
  unitCost: z.string().nullable(),
  totalCost: z.string().nullable(),
});
export type SupplierBillDraftLine = z.infer<typeof supplierBillDraftLine>;

/**
 * GET .../purchase-invoices/job/{jobId}/draft: the new bill's form as it opens (decision 419). The
 * owner confirms or edits it; the form's own schema (purchaseInvoiceForm) checks it on saving, so an
 * empty total is refused as one typed empty is.
 */
export const supplierBillDraft = z.object({
  jobId: z.string(),
  /** The supplier of the last bill for the same brand, else the reorder rule's; null when none is known. */
  supplierName: z.string().nullable(),
  supplierFrom: z.enum(['last-bill', 'reorder-rule']).nullable(),
  invoiceDate: z.string(),
  /** The lines' sum, null when a line has no purchase price or the job names no tyres. */
  totalAmount: z.string().nullable(),
  lines: z.array(supplierBillDraftLine),
  /** The lines in words, kept as the bill's notes. */
  notes: z.string().nullable(),
});
export type SupplierBillDraft = z.infer<typeof supplierBillDraft>;

/** The form's values from a draft: null stays an empty field, never 0. */
export function draftFormValues(draft: SupplierBillDraft): z.input<typeof purchaseInvoiceForm> {
  return {
    invoiceNumber: '',
    supplierName: draft.supplierName ?? '',
    invoiceDate: draft.invoiceDate,
    totalAmount: draft.totalAmount ?? '',
    dueDate: '',
    notes: draft.notes ?? '',
  };
}

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

// --- Business expenses (overheads) ---

const expenseFields = z.object({
  supplierName: requiredText('Supplier name is required', 'Supplier name', BOOKKEEPING_TEXT_LIMITS.supplierName),
  description: requiredText('Description is required', 'Description', BOOKKEEPING_TEXT_LIMITS.description),
  invoiceNumber: optionalText('Invoice number', BOOKKEEPING_TEXT_LIMITS.invoiceNumber),
  amount: total(),
  gstAmount: gst(),
  // The list's type keeps every category (older rows may hold any); what is written is an overhead.
  category: z
    .enum(EXPENSE_CATEGORIES, { message: CATEGORY_REQUIRED })
    .refine((c) => c !== COST_OF_GOODS_SOLD, { message: EXPENSE_NOT_JOB_COST }),
  expenseDate: day('Expense date is required'),
  dueDate: optionalDay(),
  isPaid: z.boolean().optional(),
  notes: notesText(),
});
const withinAmount = gstWithin('amount');

/** POST /api/dashboard/business-expenses and the Add / Edit dialog. */
export const expenseRequest = expenseFields.refine(withinAmount, gstIssue);
export type ExpenseRequest = z.input<typeof expenseRequest>;

/** PATCH /api/dashboard/business-expenses/{id}: any of the same fields. */
export const expenseUpdateRequest = expenseFields.partial().refine(withinAmount, gstIssue);
export type ExpenseUpdateRequest = z.input<typeof expenseUpdateRequest>;

export const expenseListQuery = z.object({
  category: z.enum([...EXPENSE_CATEGORIES, 'all'], { message: 'Unknown category' }).optional(),
  paid: z.enum(['paid', 'unpaid', 'all'], { message: 'Paid must be paid, unpaid or all' }).optional(),
  search: oneLineText('Search', 100).optional(),
  from: optionalDay(),
  to: optionalDay(),
  page: wholeNumber('Page', 1, 1_000_000).default(1),
  pageSize: wholeNumber('Page size', 1, 100).default(50),
});
export type ExpenseListQuery = z.input<typeof expenseListQuery>;

export const businessExpense = z.object({
  id: z.string(),
  expenseDate: z.string(),
  supplierName: z.string(),
  invoiceNumber: z.string().nullable(),
  description: z.string(),
  amount: z.string(),
  gstAmount: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  dueDate: z.string().nullable(),
  isPaid: z.boolean(),
  paidAt: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BusinessExpense = z.infer<typeof businessExpense>;

export const expenseIdParams = z.object({ id: z.string().max(64) });

/**
 * A supplier the business has had expenses from, with the category and paid state of its latest
 * one: the Add Expense form proposes them when the supplier is chosen (decision 419).
 */
export const expenseSupplier = z.object({
  supplierName: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  isPaid: z.boolean(),
  lastDate: z.string(),
});
export type ExpenseSupplier = z.infer<typeof expenseSupplier>;
