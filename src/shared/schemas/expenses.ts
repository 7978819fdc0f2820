import { z } from 'zod';
import { EXPENSE_CATEGORIES } from '../domain/expense-categories';
import { toCents } from '../domain/money';
import { BOOKKEEPING_TEXT_LIMITS, dayField, GST_OVER_TOTAL, gstField, notesText, optionalDay, optionalText, requiredText, totalField } from './purchases';

/**
 * Business expenses: the overheads (docs/product.md "Purchase invoices and expenses"). The Expenses
 * tab offers every category but cost of goods sold, which belongs to a job's purchase invoices.
 */
export const OVERHEAD_CATEGORIES = ['fuel', 'rent', 'utilities', 'marketing', 'insurance', 'subscriptions', 'admin', 'tools', 'vehicle', 'misc'] as const satisfies readonly (typeof EXPENSE_CATEGORIES)[number][];

export const EXPENSE_CATEGORY_LABELS: Record<(typeof EXPENSE_CATEGORIES)[number], string> = {
  'cost-of-goods-sold': 'Cost of Goods Sold',
  fuel: 'Fuel',
  rent: 'Rent',
  utilities: 'Utilities',
  marketing: 'Marketing',
  insurance: 'Insurance',
  subscriptions: 'Subscriptions',
  admin: 'Administration',
  tools: 'Tools & Equipment',
  vehicle: 'Vehicle Expenses',
  misc: 'Miscellaneous',
};

const CATEGORY_REQUIRED = 'Category is required';
const gstWithinAmount = (v: { amount?: string | undefined; gstAmount?: string | null | undefined }) =>
  v.amount === undefined || v.gstAmount === undefined || v.gstAmount === null || toCents(v.gstAmount) <= toCents(v.amount);

const expenseFields = {
  supplierName: requiredText('Supplier name is required', 'Supplier name', BOOKKEEPING_TEXT_LIMITS.supplierName),
  description: requiredText('Description is required', 'Description', BOOKKEEPING_TEXT_LIMITS.description),
  invoiceNumber: optionalText('Invoice number', BOOKKEEPING_TEXT_LIMITS.invoiceNumber),
  amount: totalField(),
  gstAmount: gstField().nullish(),
  category: z.enum(EXPENSE_CATEGORIES, { message: CATEGORY_REQUIRED }),
  expenseDate: dayField('Expense date is required'),
  dueDate: optionalDay(),
  isPaid: z.boolean().optional(),
  notes: notesText(),
};

/** POST /api/dashboard/business-expenses and the Add / Edit dialog. */
export const expenseRequest = z.object(expenseFields).refine(gstWithinAmount, { message: GST_OVER_TOTAL, path: ['gstAmount'] });
export type ExpenseRequest = z.input<typeof expenseRequest>;

/** PATCH /api/dashboard/business-expenses/{id}: any of the same fields. */
export const expenseUpdateRequest = z
  .object({
    supplierName: expenseFields.supplierName.optional(),
    description: expenseFields.description.optional(),
    invoiceNumber: expenseFields.invoiceNumber,
    amount: expenseFields.amount.optional(),
    gstAmount: expenseFields.gstAmount,
    category: expenseFields.category.optional(),
    expenseDate: expenseFields.expenseDate.optional(),
    dueDate: expenseFields.dueDate,
    isPaid: z.boolean().optional(),
    notes: expenseFields.notes,
  })
  .refine(gstWithinAmount, { message: GST_OVER_TOTAL, path: ['gstAmount'] });
export type ExpenseUpdateRequest = z.input<typeof expenseUpdateRequest>;

export const expenseListQuery = z.object({
  category: z.enum([...EXPENSE_CATEGORIES, 'all'], { message: 'Unknown category' }).optional(),
  paid: z.enum(['paid', 'unpaid', 'all'], { message: 'Paid must be paid, unpaid or all' }).optional(),
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  from: optionalDay(),
  to: optionalDay(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
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
