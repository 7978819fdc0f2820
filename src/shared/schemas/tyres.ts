import { z } from 'zod';
import {
  LOCATION_RE,
  parseDotCode,
  REMOVED_TYRE_FATES,
  STOCK_MOVEMENT_KINDS,
  TYRE_POSITIONS,
} from '../domain/fitted-tyres';
import { isIsoDay } from '../domain/perth-time';
import { normaliseTyreSize } from '../domain/tyre-size';
import { money, oneLineText } from './fields';

/**
 * The tyre trade's records (docs/decisions/414-tyre-records.md): the same schemas check the phone's
 * form and the server's request, in the same words.
 */

export const POSITION_MESSAGE = 'Choose where the tyre went: front left, front right, rear left, rear right or spare';
export const POSITION_TWICE_MESSAGE = 'Each position once per job: this one is already used';
export const SIZE_MESSAGE = 'Size must read like 205/55R16';
export const DOT_MESSAGE = 'DOT code must be the last four digits, week then year (2319 = week 23 of 2019), week 01-53';
export const DOT_FUTURE_MESSAGE = 'DOT code is a week that has not come yet';
export const REMOVED_MESSAGE = 'Say whether the customer kept the old tyre or left it for disposal';
export const BRAND_MESSAGE = 'Brand is required';
export const VAN_MESSAGE = 'Van must be one of the vans on the road (1-20)';
export const QUANTITY_MESSAGE = 'Quantity must be a whole number, 0 or more';
export const LOCATION_MESSAGE = 'Place must be the depot or a van (van-1 ... van-20)';

const tyreSize = z.string({ message: SIZE_MESSAGE }).transform((v, ctx) => {
  const size = normaliseTyreSize(v);
  if (!size) ctx.addIssue({ code: 'custom', message: SIZE_MESSAGE });
  return size ?? v;
});

const vanNumber = z.number({ message: VAN_MESSAGE }).int(VAN_MESSAGE).min(1, VAN_MESSAGE).max(20, VAN_MESSAGE);

export const fittedTyreInput = z.object({
  position: z.enum(TYRE_POSITIONS, { message: POSITION_MESSAGE }),
  size: tyreSize,
  brand: oneLineText('Brand', 60, BRAND_MESSAGE),
  model: oneLineText('Model', 80).optional().nullable(),
  dotCode: z
    .string({ message: DOT_MESSAGE })
    .trim()
    .refine((v) => parseDotCode(v) !== null, { message: DOT_MESSAGE }),
  removed: z.enum(REMOVED_TYRE_FATES, { message: REMOVED_MESSAGE }),
  fromVanId: vanNumber.optional().nullable(),
  /** The technician saw "over six years old" and fitted it anyway. */
  confirmOverAge: z.boolean().optional(),
});

export const fittedTyresRequest = z
  .array(fittedTyreInput, { message: 'Send the tyres fitted as a list' })
  .min(1, 'Add at least one tyre')
  .max(TYRE_POSITIONS.length, 'At most five tyres on one job')
  .superRefine((tyres, ctx) => {
    const seen = new Set<string>();
    tyres.forEach((t, i) => {
      if (seen.has(t.position))
        ctx.addIssue({ code: 'custom', path: [i, 'position'], message: POSITION_TWICE_MESSAGE });
      seen.add(t.position);
    });
  });

export const fittedTyre = z.object({
  id: z.string(),
  jobId: z.string(),
  position: z.enum(TYRE_POSITIONS),
  size: z.string(),
  brand: z.string(),
  model: z.string().nullable(),
  dotCode: z.string(),
  dotWeek: z.number(),
  dotYear: z.number(),
  fittedOn: z.string(),
  /** Over six years old on the fitting day (confirmed by the technician). */
  isOverAge: z.boolean(),
  removed: z.enum(REMOVED_TYRE_FATES),
  fromVanId: z.number().nullable(),
  warrantyEndsOn: z.string(),
});
export type FittedTyre = z.infer<typeof fittedTyre>;

// ---- Warranty register ----

export const warrantyQuery = z
  .object({
    registration: oneLineText('Registration', 20).optional(),
    phone: oneLineText('Phone', 30).optional(),
    jobNumber: oneLineText('Job number', 20).optional(),
  })
  .refine((q) => Boolean(q.registration || q.phone || q.jobNumber), {
    message: 'Search by registration, phone or job number',
    path: ['registration'],
  });

export const warrantyTyre = fittedTyre.extend({
  jobNumber: z.string(),
  registration: z.string().nullable(),
  customerName: z.string(),
  isUnderWarranty: z.boolean(),
});
export type WarrantyTyre = z.infer<typeof warrantyTyre>;

/** What the customer's manage page shows of each tyre on their car. */
export const customerTyre = z.object({
  position: z.enum(TYRE_POSITIONS),
  size: z.string(),
  brand: z.string(),
  model: z.string().nullable(),
  fittedOn: z.string(),
  warrantyEndsOn: z.string(),
  isUnderWarranty: z.boolean(),
});
export type CustomerTyre = z.infer<typeof customerTyre>;

export const warrantyClaimRequest = z.object({
  fittedTyreId: z.string().max(64),
  reason: oneLineText('Reason', 500, 'Reason is required'),
  scheduledDay: z
    .string({ message: 'Date must be yyyy-MM-dd' })
    .refine(isIsoDay, { message: 'Date must be yyyy-MM-dd' }),
  timeSlot: z.enum(['8-10 AM', '10-12 AM', '12-2 PM', '2-4 PM'], { message: 'Choose a time slot' }),
});

export const warrantyClaim = z.object({
  claimJobId: z.string(),
  claimJobNumber: z.string(),
  originalJobId: z.string(),
  originalJobNumber: z.string(),
  customerValue: z.string(),
});

// ---- The owner's tyre settings ----

export const tyreSettings = z.object({
  warrantyMonths: z.number().int().min(0).max(120),
  claimLabourFree: z.boolean(),
  orderLeadDays: z.number().int().min(0).max(90),
  disposalLevy: z.string(),
  defaultMinimum: z.number().int().min(0).max(999),
});
export type TyreSettings = z.infer<typeof tyreSettings>;

export const tyreSettingsRequest = z.object({
  warrantyMonths: z
    .number({ message: 'Warranty must be a whole number of months, 0-120' })
    .int('Warranty must be a whole number of months, 0-120')
    .min(0, 'Warranty must be a whole number of months, 0-120')
    .max(120, 'Warranty must be a whole number of months, 0-120'),
  claimLabourFree: z.boolean({ message: 'Say whether warranty claims charge labour' }),
  orderLeadDays: z
    .number({ message: 'Lead time must be a whole number of days, 0-90' })
    .int('Lead time must be a whole number of days, 0-90')
    .min(0, 'Lead time must be a whole number of days, 0-90')
    .max(90, 'Lead time must be a whole number of days, 0-90'),
  disposalLevy: money({ min: 0, message: 'Disposal levy must be an amount, e.g. 5.50' }),
  defaultMinimum: z
    .number({ message: QUANTITY_MESSAGE })
    .int(QUANTITY_MESSAGE)
    .min(0, QUANTITY_MESSAGE)
    .max(999, QUANTITY_MESSAGE),
});

// ---- Stock ----

const quantity = z.number({ message: QUANTITY_MESSAGE }).int(QUANTITY_MESSAGE).min(0, QUANTITY_MESSAGE).max(9999);
const location = z.string({ message: LOCATION_MESSAGE }).regex(LOCATION_RE, LOCATION_MESSAGE);

export const stockLine = z.object({
  location: z.string(),
  size: z.string(),
  brand: z.string(),
  quantity: z.number(),
  reserved: z.number(),
});
export type StockLine = z.infer<typeof stockLine>;

export const stockQuery = z.object({ location: location.optional() });

export const stockRulesRequest = z.object({
  rules: z
    .array(
      z.object({
        size: tyreSize,
        brand: oneLineText('Brand', 60, BRAND_MESSAGE),
        supplier: oneLineText('Supplier', 80).optional().nullable(),
        minimum: quantity,
      }),
    )
    .max(500),
});

export const stockMovementRequest = z
  .object({
    kind: z.enum(STOCK_MOVEMENT_KINDS.filter((k) => k !== 'fit') as ['load', 'return', 'count'], {
      message: 'Kind must be load, return or count',
    }),
    /** A load or a return moves between the depot and this van; a count is of this place. */
    location,
    size: tyreSize,
    brand: oneLineText('Brand', 60, BRAND_MESSAGE),
    quantity,
  })
  .refine((m) => m.kind === 'count' || m.quantity > 0, { message: 'Quantity must be 1 or more', path: ['quantity'] })
  .refine((m) => m.kind === 'count' || m.location !== 'depot', {
    message: 'A load or a return is to or from a van',
    path: ['location'],
  });

export const reorderLine = z.object({
  size: z.string(),
  brand: z.string(),
  supplier: z.string().nullable(),
  onHand: z.number(),
  minimum: z.number(),
  toOrder: z.number(),
});
export type ReorderLine = z.infer<typeof reorderLine>;
export const reorderQuery = z.object({ format: z.enum(['json', 'csv']).optional() });

// ---- New tyres on a public booking (docs/decisions/423-stock-aware-booking.md) ----

export const tyreAvailabilityQuery = z.object({
  size: z.string().max(40),
  quantity: z.coerce.number().int().min(1).max(4).default(1),
});

/** Whether a size is held (a booking reserves it) or ordered, and so the first day a visit can fit the tyres. */
export const tyreAvailability = z.object({
  size: z.string(),
  inStock: z.boolean(),
  /** Whether the owner keeps the size in stock (loaded, counted or given a minimum): if not, none is known to be missing. */
  stockKept: z.boolean(),
  leadDays: z.number(),
  firstDay: z.string(),
});
export type TyreAvailability = z.infer<typeof tyreAvailability>;
