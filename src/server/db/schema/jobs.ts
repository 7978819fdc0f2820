import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers, vehicles } from './customers';
import { JOB_STATUSES } from '../../../shared/domain/job-status';
import { PAYMENT_METHODS, PAYMENT_STATUSES, SERVICE_TYPES } from '../../../shared/domain/services';
import { TIME_SLOTS } from '../../../shared/domain/slots';
import { createdAt, id, isOneOf, money, timestamptz, updatedAt } from './columns';
import { users } from './users';

export const jobNumberSeq = pgSequence('job_number_seq', { startWith: 10001 });

export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    jobNumber: text('job_number').notNull().unique().default(sql`'JOB-' || nextval('job_number_seq')`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'restrict' }),
    assignedTechnicianId: uuid('assigned_technician_id').references(() => users.id, { onDelete: 'set null' }),
    serviceType: text('service_type', { enum: SERVICE_TYPES }).notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('new'),
    scheduledDate: timestamptz('scheduled_date').notNull(),
    scheduledDay: date('scheduled_day', { mode: 'string' }).notNull(),
    timeSlot: text('time_slot', { enum: TIME_SLOTS }).notNull(),
    address: text('address').notNull(),
    suburb: text('suburb').notNull(),
    postcode: text('postcode').notNull(),
    /**
     * The contact given with this booking: staff screens and emails about the job use these, never
     * the customer record, which a booking does not change (docs/product.md "Bookings", decision 191).
     */
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    contactEmail: text('contact_email').notNull(),
    tyreSize: text('tyre_size'),
    tyreQuantity: integer('tyre_quantity'),
    tyreBrand: text('tyre_brand'),
    notes: text('notes'),
    customerValue: money('customer_value'),
    originalCustomerValue: money('original_customer_value'),
    purchaseCost: money('purchase_cost'),
    purchaseInvoice: text('purchase_invoice'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull().default('onsite'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    /** Set when a payment arrived for a job whose slot was lost: staff must refund it. */
    paymentFlag: text('payment_flag'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    inProgressAt: timestamptz('in_progress_at'),
    completedAt: timestamptz('completed_at'),
    invoicedAt: timestamptz('invoiced_at'),
    paidAt: timestamptz('paid_at'),
    cancelledAt: timestamptz('cancelled_at'),
    cancelReason: text('cancel_reason'),
    /** What was refunded when a prepaid job was cancelled (decimal string), null when nothing was. */
    refundAmount: money('refund_amount'),
    /**
     * Which of the slot's places (one per van on the road, 1..N) this job holds: the unique index
     * below lets exactly as many jobs into a slot as there are vans (decision 302).
     */
    slotPlace: integer('slot_place').notNull().default(1),
    /**
     * SHA-256 of the customer's manage-my-booking token (docs/decisions/341-foundation-offline-day-and-self-service.md):
     * the token itself is only ever in the customer's email and SMS.
     */
    manageTokenHash: text('manage_token_hash').unique(),
    /**
     * The same token sealed under SECRETS_KEY, for the one other holder of the booking: the checkout
     * page that paid for it shows the link too (docs/decisions/422-manage-link-after-checkout.md).
     */
    manageTokenSealed: text('manage_token_sealed'),
    /** The customer ticked "Remind me when my tyres or battery are due for a check" when booking. */
    returnVisitOptIn: boolean('return_visit_opt_in').notNull().default(false),
  },
  (t) => [
    // The database itself refuses a booking beyond the slot's capacity (docs/product.md "Bookings", decision 302).
    uniqueIndex('jobs_slot_place').on(t.scheduledDay, t.timeSlot, t.slotPlace).where(sql`${t.status} <> 'cancelled'`),
    check('jobs_slot_place_check', sql`${t.slotPlace} between 1 and 20`),
    index('jobs_technician_idx').on(t.assignedTechnicianId),
    // The jobs list orders by visit time and filters by status (docs/product.md "Staff dashboard").
    index('jobs_scheduled_idx').on(t.scheduledDate),
    index('jobs_status_idx').on(t.status, t.scheduledDate),
    index('jobs_customer_idx').on(t.customerId),
    check('jobs_status_check', isOneOf(t.status, JOB_STATUSES)),
    check('jobs_time_slot_check', isOneOf(t.timeSlot, TIME_SLOTS)),
    check('jobs_payment_method_check', isOneOf(t.paymentMethod, PAYMENT_METHODS)),
    check('jobs_payment_status_check', isOneOf(t.paymentStatus, PAYMENT_STATUSES)),
    check('jobs_tyre_quantity_check', sql`${t.tyreQuantity} is null or ${t.tyreQuantity} between 1 and 4`),
  ],
);

/** A prepaid quote's hold on its slot, reached through an unguessable token. */
export const bookingHolds = pgTable(
  'booking_holds',
  {
    token: text('token').primaryKey(),
    jobId: uuid('job_id')
      .notNull()
      .unique()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    /** When the payment arrived; the token shows personal data for an hour after it (decision 193). */
    paidAt: timestamptz('paid_at'),
    /** The public caller's address, for the cap on live holds per address (decision 198); null for staff. */
    clientAddress: text('client_address'),
    /**
     * When Afterpay or Zip declined the payment and the slot was freed, and the provider's sentence:
     * the token tells the customer for an hour (docs/decisions/410-afterpay-zip-and-wallets.md).
     */
    declinedAt: timestamptz('declined_at'),
    declineMessage: text('decline_message'),
    createdAt: createdAt(),
  },
  (t) => [
    index('booking_holds_expires_idx').on(t.expiresAt),
    index('booking_holds_client_address_idx').on(t.clientAddress, t.expiresAt),
  ],
);

export const jobPhotos = pgTable(
  'job_photos',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    filename: text('filename').notNull().unique(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    uploadedAt: timestamptz('uploaded_at').notNull().defaultNow(),
    /** The staff member who took it; null for a customer's photo. */
    takenById: uuid('taken_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('job_photos_job_idx').on(t.jobId)],
);

export const jobLineItems = pgTable(
  'job_line_items',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitCost: money('unit_cost').notNull().default('0.00'),
    totalCost: money('total_cost').notNull().default('0.00'),
    unitPrice: money('unit_price').notNull().default('0.00'),
    totalPrice: money('total_price').notNull().default('0.00'),
    profitMargin: numeric('profit_margin', { precision: 5, scale: 2 }),
    createdAt: createdAt(),
  },
  (t) => [index('job_line_items_job_idx').on(t.jobId)],
);

export const JOB_EVENT_KINDS = ['created', 'status', 'price', 'schedule', 'assignment', 'payment', 'note'] as const;
