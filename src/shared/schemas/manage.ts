import { z } from 'zod';
import { TIME_SLOTS } from '../domain/slots';
import { day } from './fields';
import { publicFields } from './booking';

/**
 * Manage my booking: the customer's own page behind the private link in their confirmation
 * (docs/decisions/358-customers-manage-their-own-booking.md). The form and the server read these.
 */

/** The wording of a wrong or lapsed link, as for a lapsed checkout (docs/product.md "Payments"). */
export { BOOKING_NOT_FOUND as MANAGE_LINK_NOT_FOUND } from './payments';

/** Any string: a malformed token is answered 404 like a wrong one, never 400 (it tells a guesser nothing). */
export const manageTokenParams = z.object({ token: z.string() });

export const RESCHEDULE_DATE_MESSAGE = 'Please select a date';
export const RESCHEDULE_SLOT_MESSAGE = 'Please select a time slot';
export const manageRescheduleRequest = z.object({
  date: day(RESCHEDULE_DATE_MESSAGE),
  timeSlot: z.enum(TIME_SLOTS, { message: RESCHEDULE_SLOT_MESSAGE }),
});
export type ManageRescheduleRequest = z.infer<typeof manageRescheduleRequest>;

export const NOTHING_TO_CHANGE_MESSAGE = 'Please change the phone number or the notes';
/** The contact phone (an Australian number, the booking form's rule and message) and the notes for the technician. */
export const manageChangeRequest = z
  .object({ phone: publicFields.customerPhone.optional(), notes: publicFields.notes })
  .refine((v) => v.phone !== undefined || v.notes !== undefined, {
    message: NOTHING_TO_CHANGE_MESSAGE,
    path: ['phone'],
  });
export type ManageChangeRequest = z.input<typeof manageChangeRequest>;

/** Before cancelling a booking nothing was paid online for (pay on site, or an online payment never made). */
export const NOTHING_TO_REFUND = 'Nothing was paid online for this booking, so there is nothing to refund.';
/** Once it is cancelled: its payment line and the toast say so, never "Pay on site" (docs/product.md "Customers look after their own booking"). */
export const NOTHING_TO_PAY_OR_REFUND = 'Nothing to pay or refund: nothing was paid online for this booking.';

/** What cancelling now would give back: a band of the policy, or nothing to refund for a booking paid on site. */
export const manageCancellation = z.object({
  policy: z.enum(['full', 'half', 'none', 'nothing-paid']),
  /** One sentence for the customer, shown before they confirm. */
  summary: z.string(),
  paidAmount: z.string(),
  refundAmount: z.string(),
  hoursBefore: z.number(),
});
export type ManageCancellation = z.infer<typeof manageCancellation>;

export const manageBooking = z.object({
  jobNumber: z.string(),
  status: z.enum(['booked', 'in-progress', 'done', 'cancelled']),
  statusLabel: z.string(),
  scheduledDay: z.string(),
  timeSlot: z.enum(TIME_SLOTS),
  /** "Tuesday 24 November 2026, 10 am - 12 pm (Perth time)". */
  when: z.string(),
  service: z.string(),
  address: z.string(),
  vehicle: z.string().nullable(),
  price: z.string(),
  payment: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  notes: z.string().nullable(),
  photoCount: z.number(),
  maxPhotos: z.number(),
  businessPhone: z.string(),
  /** The last Perth day a reschedule may move to (the booking horizon). */
  lastBookableDay: z.string(),
  /** New tyres to be ordered for it: the first day they can come, and what the customer is told; else null. */
  orderedTyres: z.object({ firstDay: z.string(), note: z.string() }).nullable(),
  can: z.object({ reschedule: z.boolean(), cancel: z.boolean(), addPhotos: z.boolean(), change: z.boolean() }),
  /** Why an action is not offered: e.g. within 24 hours, "please call {phone}". */
  rescheduleNote: z.string().nullable(),
});
export type ManageBooking = z.infer<typeof manageBooking>;

/**
 * What "Book again" fills in: the contact, vehicle and address of the one booking behind the link,
 * nothing of any other (docs/decisions/412-book-again.md).
 */
export const bookAgainDetails = z.object({
  customer: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
  vehicle: z
    .object({
      make: z.string(),
      model: z.string(),
      year: z.number().int(),
      registration: z.string(),
      /** The size of the tyres this booking fitted to the car ("205/55R16"), or null. */
      tyreSize: z.string().nullable(),
    })
    .nullable(),
  address: z.string(),
  suburb: z.string(),
  postcode: z.string(),
});
export type BookAgainDetails = z.infer<typeof bookAgainDetails>;
