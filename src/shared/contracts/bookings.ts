import { z } from 'zod';
import { bookingCreatedResponse, publicBookingRequest, quoteResponse } from '../schemas/booking';
import { photoUploadResponse } from '../schemas/photos';
import { defineContract } from './contract';

/**
 * POST /api/bookings takes two shapes on one path: the public wizard's, and from signed-in staff
 * the staff booking (vehicle.color, estimate). The bookings service decides which applies and
 * parses with the matching schema, so each form gets its own messages (decision 130).
 */
const bookingRequestBody = z.record(z.string(), z.unknown()).meta({
  description: 'The public booking (as for the quote) or, from signed-in staff, the staff booking (vehicle.color, job.customerValue, job.tyreBrand).',
});

export const bookings = {
  quote: defineContract({
    method: 'POST',
    path: '/api/bookings/quote',
    access: 'optional-staff',
    summary: 'A prepaid booking: holds the slot, prices it on the server and returns the checkout token.',
    body: publicBookingRequest,
    response: quoteResponse,
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/bookings',
    access: 'optional-staff',
    summary: 'A booking paid on site (public) or any booking made by staff.',
    body: bookingRequestBody,
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
