import { z } from 'zod';
import { JOB_STATUSES } from '../domain/job-status';
import { PAYMENT_METHODS, PAYMENT_STATUSES, SERVICE_TYPES } from '../domain/services';
import { TIME_SLOTS } from '../domain/slots';
import { day, money, notes, oneLineText, pageQuery, pageSizeQuery } from './fields';
import { cardPaymentToRefund, jobMoney, onsitePayment } from './onsite-payments';

/** A job with its customer, vehicle and photos: GET /api/dashboard/jobs/{id}. */
export const jobWithDetails = z.object({
  id: z.string(),
  jobNumber: z.string(),
  customerId: z.string(),
  vehicleId: z.string().nullable(),
  assignedTechnicianId: z.string().nullable(),
  serviceType: z.enum(SERVICE_TYPES),
  status: z.enum(JOB_STATUSES),
  scheduledDate: z.string(),
  scheduledDay: z.string(),
  timeSlot: z.enum(TIME_SLOTS),
  address: z.string(),
  suburb: z.string(),
  postcode: z.string(),
  tyreSize: z.string().nullable(),
  tyreQuantity: z.number().nullable(),
  tyreBrand: z.string().nullable(),
  notes: z.string().nullable(),
  customerValue: z.string().nullable(),
  originalCustomerValue: z.string().nullable(),
  purchaseCost: z.string().nullable(),
  purchaseInvoice: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentFlag: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  inProgressAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  invoicedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  customer: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
  vehicle: z
    .object({
      make: z.string(),
      model: z.string(),
      year: z.number(),
      registration: z.string(),
      color: z.string().nullable(),
    })
    .nullable(),
  /** takenBy: the staff member's username, null for the customer's own photos. */
  photos: z.array(
    z.object({ id: z.string(), type: z.string(), originalName: z.string(), takenBy: z.string().nullable() }),
  ),
});

// ---- Dispatch: lists, moves, schedule, slots (docs/product.md "Job statuses and their moves") ----

/** A real calendar day as yyyy-MM-dd between 1900 and 2100 (2026-02-30 is refused, not passed on to the database). */
const isoDayText = day();

/** The filters of the jobs list. `status=all` or none means every status but cancelled. */
export const jobListQuery = z.object({
  status: z.enum([...JOB_STATUSES, 'all'], { message: 'Unknown status' }).optional(),
  search: oneLineText('Search', 100).optional(),
  from: isoDayText.optional(),
  to: isoDayText.optional(),
  technicianId: z.string().max(64).optional(),
  /** Today (Perth) onwards soonest first, or before today latest first; without it, latest first (decision 342). */
  when: z.enum(['upcoming', 'past'], { message: 'When must be upcoming or past' }).optional(),
  page: pageQuery(),
  pageSize: pageSizeQuery(),
});
export type JobListQuery = z.input<typeof jobListQuery>;

/** One row of the jobs list: what the card and the table show. */
export const jobListItem = jobWithDetails.omit({ photos: true }).extend({
  technician: z.object({ id: z.string(), username: z.string() }).nullable(),
  photoCount: z.number(),
  hasInvoice: z.boolean(),
});
export type JobListItem = z.infer<typeof jobListItem>;

export const jobEvent = z.object({
  id: z.string(),
  at: z.string(),
  /** Who did it; null for the system (a booking, a payment, a lapsed hold). */
  actor: z.string().nullable(),
  kind: z.enum(['created', 'status', 'price', 'schedule', 'assignment', 'payment', 'note']),
  from: z.string().nullable(),
  to: z.string().nullable(),
  note: z.string().nullable(),
});
export type JobEvent = z.infer<typeof jobEvent>;

/** The job detail: the job, its people, photos, history and who works it. */
export const jobDetail = jobWithDetails.extend({
  technician: z.object({ id: z.string(), username: z.string() }).nullable(),
  history: z.array(jobEvent),
  cancelReason: z.string().nullable(),
  refundAmount: z.string().nullable(),
  hasInvoice: z.boolean(),
  /** The payment taken on site that stands (not reversed), if any (decision 349). */
  onsitePayment: onsitePayment.nullable(),
  /** Every payment taken on site that stands, oldest first: part payments add up (decision 406). */
  onsitePayments: z.array(onsitePayment),
  /** Paid and owed on the job's live invoice; null while it has none (decision 406). */
  money: jobMoney.nullable(),
  /**
   * While a priced job under way or done has no invoice and is not paid: what its invoice will be made for
   * (its price, tyres fitted and their levy, valves and sensors), the amount to take on site; else null.
   */
  toInvoiceAmount: z.string().nullable(),
  /** Card payments kept back for a refund, refunded ones included (decision 407). */
  cardPaymentsToRefund: z.array(cardPaymentToRefund),
});
export type JobDetail = z.infer<typeof jobDetail>;

export const jobIdParams = z.object({ id: z.string().max(64) });

export const statusChangeRequest = z.object({ status: z.enum(JOB_STATUSES, { message: 'Unknown status' }) });

export const quoteEditRequest = z.object({ customerValue: money() });

export const RESCHEDULE_BOTH_MESSAGE = 'Please select both date and time slot';
export const rescheduleRequest = z.object({
  scheduledDate: z.string({ message: RESCHEDULE_BOTH_MESSAGE }).trim().min(1, RESCHEDULE_BOTH_MESSAGE).pipe(isoDayText),
  timeSlot: z.enum(TIME_SLOTS, { message: RESCHEDULE_BOTH_MESSAGE }),
});
export type RescheduleRequest = z.infer<typeof rescheduleRequest>;

export const NOTE_REQUIRED_MESSAGE = 'Note is required';
export const NOTE_MAX = 1000;
/** A note staff add to a job's history: a line or a few, trimmed, 1-1000 characters. */
export const jobNoteRequest = z.object({
  note: z.string({ message: NOTE_REQUIRED_MESSAGE }).pipe(notes(NOTE_MAX, 'Note').min(1, NOTE_REQUIRED_MESSAGE)),
});

export const CANCEL_REASON_MESSAGE = 'Please give a reason for cancelling';
export const cancelRequest = z.object({
  reason: oneLineText('Reason', 500, CANCEL_REASON_MESSAGE),
  /** Staff may override the policy's refund; absent means the policy's amount. */
  refundAmount: money().optional(),
});
export type CancelRequest = z.input<typeof cancelRequest>;

/** What cancelling now would refund, shown before staff confirm. */
export const cancellationPreview = z.object({
  paidAmount: z.string(),
  policy: z.enum(['full', 'half', 'none']),
  policyLabel: z.string(),
  refundAmount: z.string(),
  hoursBefore: z.number(),
});
export type CancellationPreview = z.infer<typeof cancellationPreview>;

export const assignRequest = z.object({ technicianId: z.string().max(64).nullable() });

export const technician = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  isActive: z.boolean(),
  openJobs: z.number(),
});
export type Technician = z.infer<typeof technician>;
