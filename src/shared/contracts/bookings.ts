import { z } from 'zod';
import { bookingCreatedResponse, publicBookingRequest, quoteResponse, staffBookingRequest } from '../schemas/booking';
import { photoUploadResponse } from '../schemas/photos';
import { defineContract } from './contract';

/** Bookings from the public wizard (docs/product.md "Bookings"). */
export const bookings = {
  quote: defineContract({
    method: 'POST',
    path: '/api/bookings/quote',
    access: 'optional-staff',
    affects: ['slots', 'staffSlots', 'jobs'],
    summary: 'A prepaid booking: holds the slot, prices it on the server and returns the checkout token.',
    body: publicBookingRequest,
    response: quoteResponse,
  }),
  /**
   * The public booking. Signed-in staff may also send the staff booking's body here (the documented
   * admin variant, decisions 130 and 276): it is served as `staffBookings.create`.
   */
  create: defineContract({
    method: 'POST',
    path: '/api/bookings',
    access: 'optional-staff',
    affects: ['slots', 'staffSlots', 'jobs'],
    summary:
      "A booking paid on site. Signed-in staff may send the staff booking's body (POST /api/dashboard/bookings) here too.",
    body: publicBookingRequest,
    response: bookingCreatedResponse,
  }),
  uploadPhotos: defineContract({
    method: 'POST',
    path: '/api/bookings/:jobId/photos',
    access: 'public',
    summary: 'Photos of a booking made in the last hour: repeated field photos, field type (multipart).',
    params: z.object({ jobId: z.string().max(64) }),
    body: z.object({ photos: z.array(z.string().meta({ format: 'binary' })), type: z.string().optional() }),
    multipart: true,
    response: photoUploadResponse,
  }),
};

/** Bookings staff make for a caller: any suburb, later dates, an estimate, pay online recorded as pending (decision 130). */
export const staffBookings = {
  create: defineContract({
    method: 'POST',
    path: '/api/dashboard/bookings',
    access: 'staff',
    affects: ['jobs', 'slots', 'staffSlots', 'emails'],
    summary: "A booking made by staff (the New Booking form): vehicle colour, tyre brand and an admin's estimate.",
    body: staffBookingRequest,
    response: bookingCreatedResponse,
  }),
};
