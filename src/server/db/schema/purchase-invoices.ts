import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, timestamptz, updatedAt } from './columns';
import { jobs } from './jobs';

/** A supplier's bill; its number is the supplier's own, so it is unique per supplier. */
export const purchaseInvoices = pgTable(
  'purchase_invoices',
  {
    id: id(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'cascade' }),
    supplierName: text('supplier_name').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    subtotal: money('subtotal').notNull().default('0.00'),
    totalAmount: money('total_amount').notNull(),
    gstAmount: money('gst_amount').notNull().default('0.00'),
    category: text('category').notNull().default('cost-of-goods-sold'),
    dueDate: date('due_date', { mode: 'string' }),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: timestamptz('paid_at'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('purchase_invoices_supplier_number_unique').on(t.supplierName, t.invoiceNumber),
    index('purchase_invoices_job_idx').on(t.jobId),
    // Reports read by document date (docs/product.md "Reports").
    index('purchase_invoices_invoice_date_idx').on(t.invoiceDate),
    // A bill is for something: a total above $0, its GST within it (docs/product.md "Purchase invoices and expenses").
    check('purchase_invoices_total_positive', sql`${t.totalAmount} > 0`),
    check('purchase_invoices_gst_within_total', sql`${t.gstAmount} >= 0 and ${t.gstAmount} <= ${t.totalAmount}`),
  ],
);

export const purchaseInvoiceItems = pgTable('purchase_invoice_items', {
  id: id(),
  purchaseInvoiceId: uuid('purchase_invoice_id')
    .notNull()
    .references(() => purchaseInvoices.id, { onDelete: 'cascade' }),
  description: text('description').notNull(),
  quantity: integer('quantity').notNull().default(1),
  unitCost: money('unit_cost').notNull(),
  totalCost: money('total_cost').notNull(),
  category: text('category').notNull().default('cost-of-goods-sold'),
});
