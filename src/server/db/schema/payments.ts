import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { CARD_PAYMENT_OUTCOMES } from '../../../shared/domain/money-taken';
import { isOneOf, timestamptz } from './columns';
import { customerInvoices } from './invoices';
import { jobs } from './jobs';
import { users } from './users';

/** Every payment event handled, by the provider's event id, so a replay changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
  payload: jsonb('payload'),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});

/**
 * Each card payment that succeeded, once, by the provider's PaymentIntent id: however many events or
 * requests report it, the first claims the row and decides what the money did; the others change
 * nothing and alert nobody (docs/decisions/407-one-alert-per-card-payment.md). Money that could not
 * be kept (a second payment, a wrong amount, a lost slot) is `refund-due` until an admin refunds it.
 */
export const cardPayments = pgTable(
  'card_payments',
  {
    intentId: text('intent_id').primaryKey(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    customerInvoiceId: uuid('customer_invoice_id').references(() => customerInvoices.id, { onDelete: 'set null' }),
    /** As the provider reported it, in minor units of `currency`. */
    amountCents: integer('amount_cents'),
    currency: text('currency'),
    outcome: text('outcome', { enum: CARD_PAYMENT_OUTCOMES }).notNull(),
    /** Why it must be refunded, in staff's words; null when it was applied. */
    reason: text('reason'),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    refundedAt: timestamptz('refunded_at'),
    refundedById: uuid('refunded_by_id').references(() => users.id, { onDelete: 'set null' }),
    refundId: text('refund_id'),
  },
  (t) => [
    index('card_payments_job_idx').on(t.jobId),
    check('card_payments_outcome_check', isOneOf(t.outcome, CARD_PAYMENT_OUTCOMES)),
    check('card_payments_refund_due_reason_check', sql`${t.outcome} <> 'refund-due' or ${t.reason} is not null`),
  ],
);
