import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ONSITE_PAYMENT_METHODS } from '../../../shared/domain/services';
import { id, isOneOf, money, timestamptz } from './columns';
import { customerInvoices } from './invoices';
import { jobs } from './jobs';
import { users } from './users';

/**
 * A payment a technician or admin took at the job (cash, card, EFTPOS, PayID, buy now pay later).
 * At most one stands per job; an admin's reversal keeps the row, with who, when and why.
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
    takenById: uuid('taken_by_id').references(() => users.id, { onDelete: 'set null' }),
    takenAt: timestamptz('taken_at').notNull().defaultNow(),
    reversedAt: timestamptz('reversed_at'),
    reversedById: uuid('reversed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reversalReason: text('reversal_reason'),
  },
  (t) => [
    uniqueIndex('onsite_payments_one_standing_per_job').on(t.jobId).where(sql`${t.reversedAt} is null`),
    index('onsite_payments_taken_idx').on(t.takenAt),
    check('onsite_payments_method_check', isOneOf(t.method, ONSITE_PAYMENT_METHODS)),
    check('onsite_payments_amount_check', sql`${t.amount} > 0`),
  ],
);
