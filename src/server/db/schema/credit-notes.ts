import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgSequence, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, timestamptz } from './columns';
import { customerInvoices } from './invoices';
import { users } from './users';

export const creditNoteNumberSeq = pgSequence('credit_note_number_seq', { startWith: 1 });

/**
 * Money given back after an invoice was issued (decision 297): its own number from its own
 * sequence, against one invoice, never more than the invoice's remaining total, with a reason and
 * its own PDF. Reports count it on its own date as negative revenue; the invoice is never rewritten.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: id(),
    number: text('number')
      .notNull()
      .unique()
      .default(sql`'CN-' || lpad(nextval('credit_note_number_seq')::text, 4, '0')`),
    // An invoice with a credit note is issued, so it is never deleted, only voided (decision 295).
    customerInvoiceId: uuid('customer_invoice_id')
      .notNull()
      .references(() => customerInvoices.id, { onDelete: 'restrict' }),
    creditDate: date('credit_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    /** The GST part of the amount when the business is registered (1/11), else 0.00. */
    gstAmount: money('gst_amount').notNull().default('0.00'),
    reason: text('reason').notNull(),
    /** The PDF as issued, under DATA_DIR/invoices; a credit note never changes, so it has one version. */
    pdfFilename: text('pdf_filename'),
    pdfSize: integer('pdf_size'),
    /** When it was last emailed to the customer; a repeat within minutes sends nothing (decision 296). */
    sentAt: timestamptz('sent_at'),
    createdAt: createdAt(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('credit_notes_invoice_idx').on(t.customerInvoiceId),
    index('credit_notes_date_idx').on(t.creditDate),
    check('credit_notes_amount_check', sql`${t.amount} > 0`),
  ],
);
