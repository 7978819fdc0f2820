import { z } from 'zod';
import { JOB_STATUSES } from '../domain/job-status';
import { TIME_SLOTS } from '../domain/slots';
import { day, oneLineText, wholeNumber } from './fields';

export const isoDay = day();

export const timeSlotsQuery = z.object({ date: isoDay });

export const timeSlotItem = z.object({
  id: z.string(),
  slot: z.enum(TIME_SLOTS),
  isAvailable: z.boolean(),
  blockedReason: z.string().nullable(),
  date: z.string(),
});
export type TimeSlotItem = z.infer<typeof timeSlotItem>;

/** The admin booking form's shape: only whether each slot can be booked. */
export const slotAvailability = z.object({ slot: z.enum(TIME_SLOTS), isAvailable: z.boolean() });

export const isoDayParams = z.object({ isoDate: isoDay });

// ---- Slots as staff see them (docs/product.md "Time slots and business days") ----

export const BLOCK_REASON_MESSAGE = 'Please give a reason for blocking';
export const BLOCK_REASON_MAX = 200;
export const blockRequest = z.object({ reason: oneLineText('Reason', BLOCK_REASON_MAX, BLOCK_REASON_MESSAGE) });
export const slotParams = z.object({ date: isoDay, slot: z.enum(TIME_SLOTS, { message: 'Invalid time slot' }) });
export const dayParams = z.object({ date: isoDay });

/** One live job in a slot as staff see it; a slot lists them in place order (decision 302). */
export const staffSlotJob = z.object({
  id: z.string(),
  jobNumber: z.string(),
  suburb: z.string(),
  status: z.enum(JOB_STATUSES),
  technician: z.string().nullable(),
});
export type StaffSlotJob = z.infer<typeof staffSlotJob>;

/**
 * A slot of a day for staff: `places` is its capacity that day (the vans on the road, less any
 * without a driver: decisions 302, 340), `jobs` every live job in it. 'partly' is a slot holding
 * jobs with places left, still offered to customers; 'booked' has no place left.
 */
export const staffSlot = z.object({
  slot: z.enum(TIME_SLOTS),
  state: z.enum(['free', 'partly', 'booked', 'blocked', 'closed', 'passed']),
  reason: z.string().nullable(),
  places: z.number().int(),
  jobs: z.array(staffSlotJob),
});
export const staffSlotDay = z.object({
  date: z.string(),
  closedReason: z.string().nullable(),
  slots: z.array(staffSlot),
});
export type StaffSlotDay = z.infer<typeof staffSlotDay>;
export const slotCalendarQuery = z.object({ from: isoDay, days: wholeNumber('Days', 1, 62).default(14) });
