import { z } from 'zod';
import { TIME_SLOTS } from '../domain/slots';
import { day } from './fields';

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
