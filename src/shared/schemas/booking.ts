import { z } from 'zod';
import { perthDay } from '../domain/perth-time';
import { TIME_SLOTS } from '../domain/slots';
import { PAYMENT_METHODS, SERVICE_TYPES } from '../domain/services';
import { formatTyreSize, TYRE_SIZE_DIGITS, type TyreSizePart } from '../domain/tyre-size';
import { hasTwoLetters } from '../domain/contact-checks';
import { findSuburbByName } from '../reference/service-area';
import {
  DATE_MESSAGE,
  FIRST_YEAR,
  isBusinessDay,
  LAST_YEAR,
  money,
  phoneField,
  stripControls,
  stripControlsKeepLines,
  tooLong,
  wholeNumber,
} from './fields';

/**
 * Booking request and form schemas (docs/product.md "Bookings" and "Messages the UI shows"). Each field rule is written once here; the wizard's
 * form, the admin form and the server's request schemas are composed from them, so a rule and
 * its message can never differ between browser and server.
 */

/** Decision 163: longest accepted text per field (after trimming). */
export const TEXT_LIMITS = {
  name: 100,
  address: 200,
  suburb: 60,
  make: 60,
  model: 60,
  registration: 12,
  color: 40,
  tyreBrand: 60,
  tyreSize: 20,
  email: 254,
  notes: 1000,
} as const;

/** A one-line free-text field: control characters removed, trimmed, at most `max` characters. */
const text = (message: string, label: string, max: number) =>
  z.string({ message }).overwrite(stripControls).trim().max(max, tooLong(label, max));

const required = (message: string, label: string, max: number) => text(message, label, max).min(1, message);

const notesField = () =>
  z.string().overwrite(stripControlsKeepLines).trim().max(TEXT_LIMITS.notes, tooLong('Notes', TEXT_LIMITS.notes));

/** An ISO date-time with Z or a ±hh:mm offset: a bare local time would be read in the server's zone. */
const ISO_DATE_TIME_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO date-time whose year is one of the business's (decision 256). */
function isBusinessDateTime(v: string): boolean {
  if (!ISO_DATE_TIME_WITH_OFFSET.test(v) || Number.isNaN(Date.parse(v))) return false;
  const year = Number(v.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

/** A date as yyyy-MM-dd, or an ISO date-time with an offset (the admin form sends the slot start). */
const dateInput = (requiredMessage: string) =>
  z
    .string({ message: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine((v) => isBusinessDay(v) || isBusinessDateTime(v), { message: DATE_MESSAGE });

/** Decision 161: how far ahead the public can book (Perth days). */
export const BOOKING_HORIZON_DAYS = 90;
export const BOOKING_TOO_FAR_MESSAGE = 'Bookings can be made up to 90 days ahead. Please call us for later dates.';

const TYRE_PART_LABEL: Record<TyreSizePart, string> = { tyreWidth: 'Width', aspectRatio: 'Profile', rimSize: 'Rim' };
/** One tyre size input: digits only, up to 3/2/2 (docs/product.md "Limits"). */
const tyrePart = (part: TyreSizePart) =>
  z
    .string()
    .regex(
      new RegExp(`^\\d{0,${TYRE_SIZE_DIGITS[part]}}$`),
      `${TYRE_PART_LABEL[part]} is up to ${TYRE_SIZE_DIGITS[part]} digits`,
    );

/**
 * A vehicle can be at most next year's model. "Now" differs by side: the form checks against the
 * person's own clock, the server against its injected Perth clock (assertVehicleYear in the bookings
 * service), so the request schemas below carry only the lower bound.
 */
export function maxVehicleYear(now: Date): number {
  return Number(perthDay(now).slice(0, 4)) + 1;
}
export const PUBLIC_YEAR_MESSAGE = 'Please enter a valid year';
export const STAFF_YEAR_MESSAGE = 'Vehicle year is required';
const notAfterNextYear = (message: string) =>
  [(y: number | string) => Number(y) <= maxVehicleYear(new Date()), { message }] as const;

// ---- Public wizard -----------------------------------------------------------------------------

const tyreSizeText = () => text('Tyre size must be text', 'Tyre size', TEXT_LIMITS.tyreSize);
const tyreBrandText = () => text('Tyre brand must be text', 'Tyre brand', TEXT_LIMITS.tyreBrand);

export const publicFields = {
  date: dateInput('Please select a date'),
  timeSlot: z.enum(TIME_SLOTS, { message: 'Please select a time slot' }),
  serviceType: z.enum(SERVICE_TYPES, { message: 'Please select a service' }),
  quantity: wholeNumber('Quantity', 1, 4, 'Quantity must be between 1 and 4'),
  address: required('Please enter your address', 'Address', TEXT_LIMITS.address),
  suburb: required('Suburb is required', 'Suburb', TEXT_LIMITS.suburb),
  postcode: z
    .string({ message: 'Please enter a valid postcode' })
    .trim()
    .min(4, 'Please enter a valid postcode')
    .max(4, 'Please enter a valid postcode')
    .regex(/^\d{4}$/, 'Please enter a valid postcode'),
  vehicleMake: required('Vehicle make is required', 'Vehicle make', TEXT_LIMITS.make),
  vehicleModel: required('Vehicle model is required', 'Vehicle model', TEXT_LIMITS.model),
  vehicleYear: wholeNumber('Vehicle year', 1900, 9999, 'Please enter a valid year'),
  registration: required('Registration is required', 'Registration', TEXT_LIMITS.registration).transform((v) =>
    v.toUpperCase(),
  ),
  // Decision 173: at least two letters, and a plausible Australian number, under the product's messages.
  customerName: required('Name is required', 'Name', TEXT_LIMITS.name).refine(hasTwoLetters, 'Name is required'),
  customerPhone: phoneField,
  customerEmail: z
    .string({ message: 'Valid email required' })
    .trim()
    .max(TEXT_LIMITS.email, 'Valid email required')
    .pipe(z.email('Valid email required')),
  notes: notesField().optional(),
  paymentMethod: z.enum(PAYMENT_METHODS, { message: 'Please choose how you will pay' }),
  /** Return-visit reminders are sent only to a customer who ticked the box (consent, docs/decisions/355-booking-wizard-on-a-phone.md). */
  returnVisitOptIn: z.boolean({ message: 'Reminder choice must be true or false' }).default(false),
};

export const TYRE_SIZE_REQUIRED = "Please enter your tyre size, or tick 'I don't know my tyre size'";

/**
 * The refusal for a suburb outside the service area (docs/product.md "Messages the UI shows"). The
 * wizard knows the configured phone number and names it; the shared rule below cannot, so the
 * server's answer asks the customer to call without the number.
 */
export function outsideServiceAreaMessage(suburb: string, phone?: string): string {
  return `Sorry, ${suburb.trim()} is outside our service area. Please call us${phone ? ` on ${phone}` : ''} and we'll see if we can help.`;
}

type AreaFields = { suburb: string; postcode: string };
/** True when the value is an object whose named fields parsed cleanly (other fields may have failed). */
const fieldsValid = (payload: z.core.ParsePayload, ...fields: string[]) =>
  typeof payload.value === 'object' &&
  payload.value !== null &&
  !payload.issues.some((i) => !i.path?.length || fields.includes(String(i.path[0])));

/**
 * Decision 173: a public booking is for a suburb in the service area, with that suburb's postcode.
 * Each check runs as soon as the fields it reads are valid, even while other steps' fields are
 * still empty, so the wizard's step 4 sees it. The staff form books anywhere (adminFields).
 */
function withServiceArea<T extends z.ZodType<AreaFields>>(schema: T): T {
  return schema
    .superRefine(
      (f, ctx) => {
        if (!findSuburbByName(f.suburb))
          ctx.addIssue({ code: 'custom', path: ['suburb'], message: outsideServiceAreaMessage(f.suburb) });
      },
      { when: (payload) => fieldsValid(payload, 'suburb') },
    )
    .superRefine(
      (f, ctx) => {
        const known = findSuburbByName(f.suburb);
        if (known && known.postcode !== f.postcode)
          ctx.addIssue({ code: 'custom', path: ['postcode'], message: 'Please enter a valid postcode' });
      },
      { when: (payload) => fieldsValid(payload, 'suburb', 'postcode') },
    );
}

/** The wizard's form (flat, the product's field names). */
export const publicBookingForm = withServiceArea(
  z.object({
    date: publicFields.date,
    timeSlot: publicFields.timeSlot,
    serviceType: publicFields.serviceType,
    dontKnowSize: z.boolean().default(false),
    tyreWidth: tyrePart('tyreWidth').default(''),
    aspectRatio: tyrePart('aspectRatio').default(''),
    rimSize: tyrePart('rimSize').default(''),
    quantity: publicFields.quantity.default(1),
    address: publicFields.address,
    suburb: publicFields.suburb,
    postcode: publicFields.postcode,
    vehicleMake: publicFields.vehicleMake,
    vehicleModel: publicFields.vehicleModel,
    vehicleYear: publicFields.vehicleYear.refine(...notAfterNextYear(PUBLIC_YEAR_MESSAGE)),
    registration: publicFields.registration,
    customerName: publicFields.customerName,
    customerPhone: publicFields.customerPhone,
    customerEmail: publicFields.customerEmail,
    notes: publicFields.notes,
    paymentMethod: publicFields.paymentMethod.default('prepaid'),
    returnVisitOptIn: publicFields.returnVisitOptIn,
  }),
).superRefine((f, ctx) => {
  if (f.serviceType === 'new-tyres' && !f.dontKnowSize && !formatTyreSize(f.tyreWidth, f.aspectRatio, f.rimSize)) {
    ctx.addIssue({ code: 'custom', path: ['tyreWidth'], message: TYRE_SIZE_REQUIRED });
  }
});
export type PublicBookingFormInput = z.input<typeof publicBookingForm>;
export type PublicBookingForm = z.output<typeof publicBookingForm>;

/** The request body of POST /api/bookings/quote and the public POST /api/bookings. */
export const publicBookingRequest = z.object({
  customer: z.object(
    { name: publicFields.customerName, email: publicFields.customerEmail, phone: publicFields.customerPhone },
    { message: 'Name is required' },
  ),
  vehicle: z.object(
    {
      make: publicFields.vehicleMake,
      model: publicFields.vehicleModel,
      year: publicFields.vehicleYear,
      registration: publicFields.registration,
    },
    { message: 'Vehicle make is required' },
  ),
  job: withServiceArea(
    z.object(
      {
        serviceType: publicFields.serviceType,
        scheduledDate: publicFields.date,
        timeSlot: publicFields.timeSlot,
        address: publicFields.address,
        suburb: publicFields.suburb,
        postcode: publicFields.postcode,
        tyreSize: tyreSizeText().nullable().optional(),
        tyreQuantity: publicFields.quantity.nullable().optional(),
        notes: publicFields.notes.nullable(),
        paymentMethod: publicFields.paymentMethod,
        returnVisitOptIn: publicFields.returnVisitOptIn,
        /** Ignored from a public caller: the server prices every booking itself (docs/product.md "Prices and fees"). */
        customerValue: z.unknown().optional(),
        status: z.unknown().optional(),
      },
      { message: 'Please select a service' },
    ),
  ),
  /**
   * The checkout token of this customer's own earlier quote, unpaid, that this booking replaces: the
   * customer went back from checkout (docs/decisions/441-a-new-quote-replaces-your-own-hold.md).
   */
  replacesHold: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,64}$/, 'Invalid booking token')
    .optional(),
});
export type PublicBookingRequest = z.infer<typeof publicBookingRequest>;

/** Builds the API body from the wizard's form. */
export function toPublicBookingRequest(f: PublicBookingForm): z.input<typeof publicBookingRequest> {
  const tyreSize =
    f.serviceType === 'new-tyres' && !f.dontKnowSize ? formatTyreSize(f.tyreWidth, f.aspectRatio, f.rimSize) : null;
  return {
    customer: { name: f.customerName, email: f.customerEmail, phone: f.customerPhone },
    vehicle: { make: f.vehicleMake, model: f.vehicleModel, year: f.vehicleYear, registration: f.registration },
    job: {
      serviceType: f.serviceType,
      scheduledDate: f.date,
      timeSlot: f.timeSlot,
      address: f.address,
      suburb: f.suburb,
      postcode: f.postcode,
      tyreSize,
      tyreQuantity: f.serviceType === 'new-tyres' ? f.quantity : null,
      notes: f.notes ?? null,
      paymentMethod: f.paymentMethod,
      returnVisitOptIn: f.returnVisitOptIn,
    },
  };
}

// ---- Admin booking -----------------------------------------------------------------------------

export const adminFields = {
  date: dateInput('Date is required'),
  timeSlot: z
    .string({ message: 'Time slot is required' })
    .min(1, 'Time slot is required')
    .pipe(z.enum(TIME_SLOTS, { message: 'Invalid time slot' })),
  serviceType: z.enum(SERVICE_TYPES, { message: 'Service type is required' }),
  customerName: text('Customer name is required', 'Customer name', TEXT_LIMITS.name).min(
    2,
    'Customer name is required',
  ),
  // The one phone rule, as the public booking's (decision 173).
  customerPhone: phoneField,
  customerEmail: z
    .string({ message: 'Valid email address required' })
    .trim()
    .max(TEXT_LIMITS.email, 'Valid email address required')
    .pipe(z.email('Valid email address required')),
  make: required('Vehicle make is required', 'Vehicle make', TEXT_LIMITS.make),
  model: required('Vehicle model is required', 'Vehicle model', TEXT_LIMITS.model),
  year: z
    .string({ message: 'Vehicle year is required' })
    .trim()
    .min(4, 'Vehicle year is required')
    .regex(/^\d{4}$/, 'Vehicle year is required')
    .refine((y) => Number(y) >= 1900, { message: 'Vehicle year is required' }),
  color: required('Vehicle color is required', 'Vehicle color', TEXT_LIMITS.color),
  registration: required('Registration is required', 'Registration', TEXT_LIMITS.registration).transform((v) =>
    v.toUpperCase(),
  ),
  address: text('Full address is required', 'Address', TEXT_LIMITS.address).min(5, 'Full address is required'),
  suburb: text('Suburb is required', 'Suburb', TEXT_LIMITS.suburb).min(2, 'Suburb is required'),
  postcode: z
    .string({ message: 'Postcode is required' })
    .trim()
    .min(4, 'Postcode is required')
    .regex(/^\d{4}$/, 'Postcode is required'),
  paymentMethod: z.enum(PAYMENT_METHODS, { message: 'Payment method is required' }),
};

export const adminBookingForm = z.object({
  date: adminFields.date,
  timeSlot: adminFields.timeSlot,
  serviceType: adminFields.serviceType,
  customerName: adminFields.customerName,
  customerPhone: adminFields.customerPhone,
  customerEmail: adminFields.customerEmail,
  make: adminFields.make,
  model: adminFields.model,
  year: adminFields.year.refine(...notAfterNextYear(STAFF_YEAR_MESSAGE)),
  color: adminFields.color,
  registration: adminFields.registration,
  address: adminFields.address,
  suburb: adminFields.suburb,
  postcode: adminFields.postcode,
  paymentMethod: adminFields.paymentMethod.default('onsite'),
  tyreWidth: tyrePart('tyreWidth').optional(),
  aspectRatio: tyrePart('aspectRatio').optional(),
  rimSize: tyrePart('rimSize').optional(),
  quantity: publicFields.quantity.default(4),
  tyreBrand: tyreBrandText().optional(),
  notes: notesField().optional(),
});
export type AdminBookingFormInput = z.input<typeof adminBookingForm>;
export type AdminBookingForm = z.output<typeof adminBookingForm>;

/** The staff estimate (docs/product.md "API conventions"): money, and blank or null means none. */
const staffEstimate = z
  .preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v), money().nullable())
  .optional()
  .transform((v) => v ?? null);

/** The staff variant of POST /api/bookings: vehicle has color; job has tyreBrand and the estimate. */
export const staffBookingRequest = z.object({
  customer: z.object(
    { name: adminFields.customerName, email: adminFields.customerEmail, phone: adminFields.customerPhone },
    { message: 'Customer name is required' },
  ),
  vehicle: z.object(
    {
      make: adminFields.make,
      model: adminFields.model,
      year: z.coerce.string().pipe(adminFields.year),
      color: adminFields.color,
      registration: adminFields.registration,
    },
    { message: 'Vehicle make is required' },
  ),
  job: z.object(
    {
      serviceType: adminFields.serviceType,
      scheduledDate: adminFields.date,
      timeSlot: adminFields.timeSlot,
      address: adminFields.address,
      suburb: adminFields.suburb,
      postcode: adminFields.postcode,
      tyreSize: tyreSizeText().nullable().optional(),
      tyreQuantity: publicFields.quantity.nullable().optional(),
      tyreBrand: tyreBrandText().nullable().optional(),
      notes: notesField().nullable().optional(),
      paymentMethod: adminFields.paymentMethod,
      /** The staff estimate (the Admin New Booking screen); empty or 0 lets the server price it. */
      customerValue: staffEstimate,
      status: z.unknown().optional(),
    },
    { message: 'Service type is required' },
  ),
});
export type StaffBookingRequest = z.infer<typeof staffBookingRequest>;

// ---- Responses --------------------------------------------------------------------------------

/** What a public booking's answer says of its new tyres: reserved from stock, or to be ordered (decision 423). */
const bookedTyres = z.object({ stock: z.enum(['reserved', 'ordered']), leadDays: z.number() });

/** jobId lets the wizard upload the chosen photos before going to checkout. */
export const quoteResponse = z.object({
  bookingToken: z.string(),
  jobId: z.string(),
  amount: z.string(),
  currency: z.literal('AUD'),
  scheduledDate: z.string(),
  photoUploadUntil: z.string(),
  tyres: bookedTyres.optional(),
});
export const bookingCreatedResponse = z.object({
  jobId: z.string(),
  jobNumber: z.string(),
  customerEmail: z.string(),
  photoUploadUntil: z.string(),
  /** A public booking's own manage link, shown on the confirmation (docs/decisions/412-book-again.md). */
  manageUrl: z.string().optional(),
  /** The phone the confirmation text went to, when texts leave the machine; null when none was sent. */
  textedTo: z.string().nullable().optional(),
  tyres: bookedTyres.optional(),
});

export const SLOT_TAKEN_MESSAGE = 'time slot is no longer available';

/** Refusals of a prepaid quote (docs/product.md "Payments": battery and callback-required prices are paid on site). */
export const PREPAY_NOT_AVAILABLE_MESSAGE =
  'Online payment is not available for this booking - please choose pay on site';
export const PAYMENTS_OFF_MESSAGE = 'Online payment is not available right now - please choose pay on site';
export const PREPAID_NEEDS_QUOTE_MESSAGE =
  'Online payment bookings are made through a quote - please pay online at checkout or choose pay on site';
