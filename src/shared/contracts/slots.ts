import { z } from 'zod';
import { isoDayParams, slotAvailability, timeSlotItem, timeSlotsQuery } from '../schemas/slots';
import { defineContract } from './contract';

/** One availability rule, three shapes (docs/product.md "Time slots and business days"). */
export const slots = {
  list: defineContract({
    method: 'GET',
    path: '/api/time-slots',
    access: 'public',
    summary: "A day's four slots with whether each can be booked and why not.",
    query: timeSlotsQuery,
    response: z.array(timeSlotItem),
  }),
  availability: defineContract({
    method: 'GET',
    path: '/api/time-slots/availability',
    access: 'public',
    summary: "A day's four slots, only whether each can be booked (the staff booking form).",
    query: timeSlotsQuery,
    response: z.array(slotAvailability),
  }),
  forDay: defineContract({
    method: 'GET',
    path: '/api/time-slots/:isoDate',
    access: 'public',
    summary: "A day's four slots, the day in the path.",
    params: isoDayParams,
    response: z.array(timeSlotItem),
  }),
};
