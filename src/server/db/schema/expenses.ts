import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text } from 'drizzle-orm/pg-core';
import { EXPENSE_CATEGORIES } from '../../../shared/domain/expense-categories';
import { createdAt, id, isOneOf, money, timestamptz, updatedAt } from './columns';

export const businessExpenses = pgTable(
  'business_expenses',
  {
    id: id(),
    expenseDate: date('expense_date', { mode: 'string' }).notNull(),
    supplierName: text('supplier_name').notNull(),
    invoiceNumber: text('invoice_number'),
    description: text('description').notNull(),
    amount: money('amount').notNull(),
    gstAmount: money('gst_amount').notNull().default('0.00'),
    category: text('category', { enum: EXPENSE_CATEGORIES }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: timestamptz('paid_at'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('business_expenses_category_check', isOneOf(t.category, EXPENSE_CATEGORIES)),
    // Same money rules as a purchase invoice (docs/product.md "Purchase invoices and expenses").
    check('business_expenses_amount_positive', sql`${t.amount} > 0`),
    check('business_expenses_gst_within_amount', sql`${t.gstAmount} >= 0 and ${t.gstAmount} <= ${t.amount}`),
    // The list is newest first and reports read by document date (docs/product.md "Reports").
    index('business_expenses_expense_date_idx').on(t.expenseDate),
  ],
);
