import {
  bookAgainDetails,
  manageBooking,
  manageCancellation,
  manageChangeRequest,
  manageRescheduleRequest,
  manageTokenParams,
} from '../schemas/manage';
import { photoUploadResponse } from '../schemas/photos';
import { z } from 'zod';
import { defineContract } from './contract';

/**
 * Manage my booking (docs/decisions/358-customers-manage-their-own-booking.md): the customer holding
 * the private link sees and changes that one booking. A wrong or lapsed link answers 404 'Booking
 * Not Found', or 429 once its address has sent 20 wrong links in a minute; a right link always
 * opens, whatever its address sent (docs/decisions/397-tokens-kept-out-of-logs.md).
 */
export const manage = {
  get: defineContract({
    method: 'GET',
    path: '/api/manage/:token',
    access: 'public',
    summary:
      'The booking behind a manage link: when, what, where, price, payment, and what the customer may still change.',
    params: manageTokenParams,
    response: manageBooking,
  }),
  bookAgain: defineContract({
    method: 'GET',
    path: '/api/manage/:token/book-again',
    access: 'public',
    summary:
      "What a new booking fills in from this one (docs/decisions/412-book-again.md): the contact, vehicle and address of the link's own booking; a wrong link fills nothing (404).",
    params: manageTokenParams,
    response: bookAgainDetails,
  }),
  reschedule: defineContract({
    method: 'POST',
    path: '/api/manage/:token/reschedule',
    access: 'public',
    affects: ['manage', 'jobs', 'slots', 'staffSlots', 'runs'],
    summary:
      'Moves the visit to another free slot within the booking horizon, until 24 hours before it; the old place is freed.',
    params: manageTokenParams,
    body: manageRescheduleRequest,
    response: manageBooking,
  }),
  cancellation: defineContract({
    method: 'GET',
    path: '/api/manage/:token/cancellation',
    access: 'public',
    summary: 'What cancelling now gives back under the cancellation policy.',
    params: manageTokenParams,
    response: manageCancellation,
  }),
  cancel: defineContract({
    method: 'POST',
    path: '/api/manage/:token/cancel',
    access: 'public',
    affects: ['manage', 'jobs', 'slots', 'staffSlots', 'runs', 'reports'],
    summary: 'Cancels the visit; a card payment is refunded by the policy (once).',
    params: manageTokenParams,
    response: manageBooking,
  }),
  photos: defineContract({
    method: 'POST',
    path: '/api/manage/:token/photos',
    access: 'public',
    affects: ['manage', 'jobs'],
    summary: 'Adds photos until the visit (the booking photo rules): repeated field photos (multipart).',
    params: manageTokenParams,
    body: z.object({ photos: z.array(z.string().meta({ format: 'binary' })) }),
    multipart: true,
    response: photoUploadResponse,
  }),
  change: defineContract({
    method: 'PATCH',
    path: '/api/manage/:token',
    access: 'public',
    affects: ['manage', 'jobs'],
    summary: 'Changes the contact phone (an Australian number) and the notes for the technician.',
    params: manageTokenParams,
    body: manageChangeRequest,
    response: manageBooking,
  }),
};
