import { z } from 'zod';
import { isIsoDay, TIME_SLOTS } from '../domain/slots';

export const isoDay = z.string({ message: 'Invalid date format' }).refine(isIsoDay, { message: 'Invalid date format' });

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
