import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ONSITE_PAYMENT_METHODS } from '../../../shared/domain/services';
import { id, isOneOf, money, timestamptz } from './columns';
import { customerInvoices } from './invoices';
import { jobs } from './jobs';
import { users } from './users';

/**
 * A payment a technician or admin took at the job (cash, card, EFTPOS, PayID, buy now pay later), or
 * a bank transfer an admin saw arrive, with its reference when given (docs/decisions/426-bank-transfer-and-the-expected-method.md).
 * Several may stand on one job, each a part of what is owed, never more than it
 * (docs/decisions/406-money-as-taken.md); an admin's reversal keeps the row, with who, when and why.
 */
export const onsitePayments = pgTable(
  'onsite_payments',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'restrict' }),
    customerInvoiceId: uuid('customer_invoice_id').references(() => customerInvoices.id, { onDelete: 'restrict' }),
    method: text('method', { enum: ONSITE_PAYMENT_METHODS }).notNull(),
    amount: money('amount').notNull(),
    /** What the customer wrote with their transfer (or a receipt number), as staff typed it; null when none was given. */
    reference: text('reference'),
    takenById: uuid('taken_by_id').references(() => users.id, { onDelete: 'set null' }),
    takenAt: timestamptz('taken_at').notNull().defaultNow(),
    reversedAt: timestamptz('reversed_at'),
    reversedById: uuid('reversed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reversalReason: text('reversal_reason'),
  },
  (t) => [
    index('onsite_payments_job_idx').on(t.jobId),
    index('onsite_payments_taken_idx').on(t.takenAt),
    check('onsite_payments_method_check', isOneOf(t.method, ONSITE_PAYMENT_METHODS)),
    check('onsite_payments_amount_check', sql`${t.amount} > 0`),
    check(
      'onsite_payments_reference_check',
      sql`${t.reference} is null or char_length(${t.reference}) between 1 and 100`,
    ),
  ],
);

/**
 * What the owner wrote off of an invoice's balance, with the reason, so the job counts as paid with
 * nothing owed (docs/decisions/406-money-as-taken.md). Admins only; kept, never edited.
 */
export const invoiceWriteOffs = pgTable(
  'invoice_write_offs',
  {
    id: id(),
    customerInvoiceId: uuid('customer_invoice_id')
      .notNull()
      .references(() => customerInvoices.id, { onDelete: 'restrict' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    writtenOffById: uuid('written_off_by_id').references(() => users.id, { onDelete: 'set null' }),
    writtenOffAt: timestamptz('written_off_at').notNull().defaultNow(),
  },
  (t) => [
    index('invoice_write_offs_invoice_idx').on(t.customerInvoiceId),
    check('invoice_write_offs_amount_check', sql`${t.amount} > 0`),
  ],
);
