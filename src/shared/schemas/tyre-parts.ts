import { z } from 'zod';
import { TYRE_PART_KINDS, TYRE_PART_MAX_QUANTITY } from '../domain/tyre-parts';
import { money, oneLineText, wholeNumber } from './fields';

/**
 * Valves and TPMS sensors (docs/decisions/432-valves-and-tpms-sensors.md): the owner's parts with
 * their prices, and the parts added to a job; the same schemas check the phone's form and the
 * server's request, in the same words.
 */

export const PART_KIND_MESSAGE = 'Kind must be a valve or a TPMS sensor';
export const PART_NAME_MESSAGE = 'Name is required';
export const PART_RETAIL_MESSAGE = 'Retail price must be a dollar amount, 0 or more, with at most 2 decimals';
export const PART_PURCHASE_MESSAGE = 'Purchase price must be a dollar amount, 0 or more, with at most 2 decimals';
export const PART_QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${TYRE_PART_MAX_QUANTITY}`;
export const PART_UNKNOWN_MESSAGE = 'Choose a valve or TPMS sensor from the price list';
export const PART_NAME_TAKEN_MESSAGE = 'A part of that name is already on the price list';

const MAX_CENTS = 99_999;
const partFields = z.object({
  kind: z.enum(TYRE_PART_KINDS, { message: PART_KIND_MESSAGE }),
  name: oneLineText('Name', 80, PART_NAME_MESSAGE),
  retailPrice: money({
    max: MAX_CENTS,
    message: PART_RETAIL_MESSAGE,
    maxMessage: 'Retail price must be at most $999.99',
  }),
  purchasePrice: money({
    max: MAX_CENTS,
    message: PART_PURCHASE_MESSAGE,
    maxMessage: 'Purchase price must be at most $999.99',
  }).optional(),
  isActive: z.boolean({ message: 'Active must be true or false' }).optional(),
});

/** POST /api/dashboard/tyre-parts: a part on the owner's price list; prices include GST, as every price. */
export const tyrePartRequest = partFields;

/** PATCH /api/dashboard/tyre-parts/{id}: any field; `isActive: false` takes it off the phone's list. */
export const tyrePartUpdateRequest = partFields.omit({ kind: true }).partial();

export const tyrePartIdParams = z.object({ id: z.string().max(64) });
/** A part's line on a job: the job's id and the line's. */
export const jobPartLineParams = z.object({ id: z.string().max(64), lineId: z.string().max(64) });

export const tyrePart = z.object({
  id: z.string(),
  kind: z.enum(TYRE_PART_KINDS),
  name: z.string(),
  /** GST included, dollars ("12.10"). */
  retailPrice: z.string(),
  /** The owner's cost; null to a technician, as the tyres' price list is the owner's. */
  purchasePrice: z.string().nullable(),
  isActive: z.boolean(),
});
export type TyrePart = z.infer<typeof tyrePart>;

/** POST /api/dashboard/jobs/{id}/parts: how many of one part of the price list went on the job. */
export const jobPartRequest = z.object({
  partId: z.string({ message: PART_UNKNOWN_MESSAGE }).max(64, PART_UNKNOWN_MESSAGE),
  quantity: wholeNumber('Quantity', 1, TYRE_PART_MAX_QUANTITY, PART_QUANTITY_MESSAGE),
});

/** A part on a job, priced as it was when added. */
export const jobPart = z.object({
  id: z.string(),
  partId: z.string(),
  kind: z.enum(TYRE_PART_KINDS),
  name: z.string(),
  quantity: z.number(),
  unitPrice: z.string(),
  totalPrice: z.string(),
  addedAt: z.string(),
});
export type JobPart = z.infer<typeof jobPart>;
