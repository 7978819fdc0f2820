import { z } from 'zod';
import {
  blockRequest,
  dayParams,
  isoDayParams,
  slotAvailability,
  slotCalendarQuery,
  slotParams,
  staffSlotDay,
  timeSlotItem,
  timeSlotsQuery,
} from '../schemas/slots';
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

/** Time slots as staff manage them (docs/product.md "Time slots and business days"). */
export const staffSlots = {
  calendar: defineContract({
    method: 'GET',
    path: '/api/dashboard/timeslots',
    access: 'admin',
    summary: 'Days by the four slots: free, booked (job), blocked (reason), closed or passed.',
    query: slotCalendarQuery,
    response: z.array(staffSlotDay),
  }),
  block: defineContract({
    method: 'PATCH',
    path: '/api/dashboard/timeslots/:date/:slot/block',
    access: 'admin',
    affects: ['staffSlots', 'slots'],
    summary: 'Blocks a slot with a reason; 409 naming the job when a live job holds it.',
    params: slotParams,
    body: blockRequest,
    response: staffSlotDay,
  }),
  unblock: defineContract({
    method: 'PATCH',
    path: '/api/dashboard/timeslots/:date/:slot/unblock',
    access: 'admin',
    affects: ['staffSlots', 'slots'],
    summary: 'Makes a blocked slot bookable again.',
    params: slotParams,
    response: staffSlotDay,
  }),
  blockDay: defineContract({
    method: 'PATCH',
    path: '/api/dashboard/timeslots/:date/block',
    access: 'admin',
    affects: ['staffSlots', 'slots'],
    summary: 'Blocks every free slot of a day with a reason (booked slots keep their jobs and are listed).',
    params: dayParams,
    body: blockRequest,
    response: staffSlotDay,
  }),
  unblockDay: defineContract({
    method: 'PATCH',
    path: '/api/dashboard/timeslots/:date/unblock',
    access: 'admin',
    affects: ['staffSlots', 'slots'],
    summary: 'Unblocks every blocked slot of a day.',
    params: dayParams,
    response: staffSlotDay,
  }),
};
