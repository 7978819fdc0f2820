import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgSequence, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { CUSTOMER_INVOICE_STATUSES } from '../../../shared/domain/job-status';
import { createdAt, id, isOneOf, money, timestamptz, updatedAt } from './columns';
import { jobs } from './jobs';

export const invoiceNumberSeq = pgSequence('invoice_number_seq', { startWith: 1 });

export const customerInvoices = pgTable(
  'customer_invoices',
  {
    id: id(),
    // A job with a customer invoice cannot be deleted until the invoice is (docs/product.md "Bookings").
    jobId: uuid('job_id').notNull().references(() => jobs.id, { onDelete: 'restrict' }),
    invoiceNumber: text('invoice_number').notNull().unique().default(sql`'INV-' || lpad(nextval('invoice_number_seq')::text, 6, '0')`),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    subtotalAmount: money('subtotal_amount').notNull().default('0.00'),
    gstAmount: money('gst_amount').notNull().default('0.00'),
    totalAmount: money('total_amount').notNull().default('0.00'),
    status: text('status', { enum: CUSTOMER_INVOICE_STATUSES }).notNull().default('draft'),
    pdfPath: text('pdf_path'),
    sentAt: timestamptz('sent_at'),
    paidAt: timestamptz('paid_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customer_invoices_job_idx').on(t.jobId),
    check('customer_invoices_status_check', isOneOf(t.status, CUSTOMER_INVOICE_STATUSES)),
  ],
);

export const customerInvoiceItems = pgTable(
  'customer_invoice_items',
  {
    id: id(),
    customerInvoiceId: uuid('customer_invoice_id').notNull().references(() => customerInvoices.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitPrice: money('unit_price').notNull(),
    totalPrice: money('total_price').notNull(),
    category: text('category').notNull().default('labour'),
  },
  (t) => [check('customer_invoice_items_quantity_check', sql`${t.quantity} > 0`)],
);
