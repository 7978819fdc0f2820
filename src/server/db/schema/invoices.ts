import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgSequence, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { INVOICE_LINE_CATEGORIES } from '../../../shared/domain/invoices';
import { CUSTOMER_INVOICE_STATUSES } from '../../../shared/domain/job-status';
import { createdAt, id, isOneOf, money, timestamptz, updatedAt } from './columns';
import { jobs } from './jobs';
import { users } from './users';

export const invoiceNumberSeq = pgSequence('invoice_number_seq', { startWith: 1 });

export const customerInvoices = pgTable(
  'customer_invoices',
  {
    id: id(),
    // A job with a customer invoice cannot be deleted until the invoice is (docs/product.md "Bookings").
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'restrict' }),
    invoiceNumber: text('invoice_number')
      .notNull()
      .unique()
      .default(sql`'INV-' || lpad(nextval('invoice_number_seq')::text, 6, '0')`),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    subtotalAmount: money('subtotal_amount').notNull().default('0.00'),
    gstAmount: money('gst_amount').notNull().default('0.00'),
    totalAmount: money('total_amount').notNull().default('0.00'),
    status: text('status', { enum: CUSTOMER_INVOICE_STATUSES }).notNull().default('draft'),
    pdfPath: text('pdf_path'),
    sentAt: timestamptz('sent_at'),
    paidAt: timestamptz('paid_at'),
    /** How it was paid when that is known at generation, e.g. 'Paid by card online on 23 Nov 2026'; printed on the PDF. */
    paymentNote: text('payment_note'),
    /** When an issued invoice was voided: kept with its lines, history and PDFs, and final (decision 295). */
    voidedAt: timestamptz('voided_at'),
    /**
     * A pay token in plain, as the release before decision 397 kept it: no longer written, and
     * emptied by migration 0021, which kept each token's hash in `invoice_pay_links`. Read only to
     * take over a link that release made while this one was being rolled out (pay-link.ts); a later
     * release removes the column (decision 398).
     */
    payToken: text('pay_token').unique(),
    /** When the one overdue reminder was emailed; never a second (decision 299). */
    reminderSentAt: timestamptz('reminder_sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customer_invoices_job_idx').on(t.jobId),
    // One non-cancelled customer invoice per job, held by the database (docs/product.md "Customer invoices").
    uniqueIndex('customer_invoices_one_live_per_job').on(t.jobId).where(sql`${t.status} <> 'cancelled'`),
    // The invoices list: newest invoice date first (docs/product.md "Staff dashboard").
    index('customer_invoices_date_idx').on(t.invoiceDate, t.invoiceNumber),
    check('customer_invoices_status_check', isOneOf(t.status, CUSTOMER_INVOICE_STATUSES)),
  ],
);

/**
 * The links to an invoice's own page `/pay/{token}` (decision 299): one for each email, reminder
 * and PDF version that carries one, each 128 random bits, and every one sent keeps working. Only
 * the token's SHA-256 is kept, so a copy of the database opens no invoice; the plain token is only
 * in the message or PDF that carries it (docs/decisions/397-tokens-kept-out-of-logs.md).
 */
export const invoicePayLinks = pgTable(
  'invoice_pay_links',
  {
    /** SHA-256 of the token, hex (src/server/invoices/pay-link.ts `hashPayToken`). */
    tokenHash: text('token_hash').primaryKey(),
    customerInvoiceId: uuid('customer_invoice_id')
      .notNull()
      .references(() => customerInvoices.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('invoice_pay_links_invoice_idx').on(t.customerInvoiceId)],
);

export const customerInvoiceItems = pgTable(
  'customer_invoice_items',
  {
    id: id(),
    customerInvoiceId: uuid('customer_invoice_id')
      .notNull()
      .references(() => customerInvoices.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitPrice: money('unit_price').notNull(),
    totalPrice: money('total_price').notNull(),
    category: text('category').notNull().default('labour'),
    /** The order the lines were written in (generated lines keep the pricing order). */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    check('customer_invoice_items_quantity_check', sql`${t.quantity} > 0`),
    check('customer_invoice_items_category_check', isOneOf(t.category, INVOICE_LINE_CATEGORIES)),
    index('customer_invoice_items_invoice_idx').on(t.customerInvoiceId, t.position),
  ],
);

export const INVOICE_EVENT_KINDS = [
  'created',
  'status',
  'edit',
  'line',
  'pdf',
  'email',
  'payment',
  'void',
  'credit',
] as const;

/**
 * Each PDF made of an invoice, kept as it was: a change to the invoice makes a new version, a file is
 * never overwritten, and the version emailed carries sentAt (decision 200).
 */
export const customerInvoicePdfs = pgTable(
  'customer_invoice_pdfs',
  {
    id: id(),
    customerInvoiceId: uuid('customer_invoice_id')
      .notNull()
      .references(() => customerInvoices.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** File name under DATA_DIR/invoices, chosen by the server. */
    filename: text('filename').notNull().unique(),
    /** Hash of what was printed: the same content is not printed twice. */
    contentHash: text('content_hash').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [uniqueIndex('customer_invoice_pdfs_version_idx').on(t.customerInvoiceId, t.version)],
);
