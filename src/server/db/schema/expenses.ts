import { boolean, check, date, pgTable, text } from 'drizzle-orm/pg-core';
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
  ],
);
