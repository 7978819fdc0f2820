import { z } from 'zod';
import { wholeNumber } from '../schemas/fields';
import { defineContract } from './contract';

/**
 * Live new-booking notifications over a WebSocket (docs/product.md "Live notifications",
 * decision 196). The browser and the server read the message shapes from here.
 */

// Its timings and close codes: src/shared/domain/live-notifications.ts.

/** A booking as staff are told of it (docs/product.md "Live notifications"). */
export const newBookingData = z.object({
  id: z.string(),
  jobNumber: z.string(),
  serviceType: z.string(),
  suburb: z.string(),
  timeSlot: z.string(),
  /** The visit's day (YYYY-MM-DD); absent on events stored before it was sent. */
  scheduledDay: z.string().optional(),
  createdAt: z.string(),
  /**
   * Set when the event is a customer's own change to an existing booking through the manage link,
   * told to the office through the same popup (docs/decisions/358-customers-manage-their-own-booking.md).
   */
  change: z.enum(['rescheduled', 'cancelled']).optional(),
});
export type NewBookingData = z.infer<typeof newBookingData>;

/** What the server sends. `eventId` is the stored event's number: the client sends the last one back as `since`. */
export const serverMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('new_booking'), eventId: z.number().int(), data: newBookingData }),
  /** Sent once on open: the newest event id, so a client with none yet can resume from here. */
  z.object({ type: z.literal('ready'), lastEventId: z.number().int().nullable() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;

const suburbList = z.array(z.string().trim().max(100)).max(500).optional();

/**
 * What the client sends. `subscribe_suburbs` with an empty or absent list means every suburb; the
 * list is accepted at the top level or under `data`.
 */
export const clientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('subscribe_suburbs'),
    suburbs: suburbList,
    data: z.object({ suburbs: suburbList }).optional(),
  }),
  z.object({ type: z.literal('ping') }),
]);

export const notificationsQuery = z.object({
  /** The last event id the client saw: the events after it (24 hours at most, 50 at most) are sent first. */
  since: wholeNumber('since', 0, 999_999_999, 'since must be an event number').optional(),
});

export const notifications = {
  connect: defineContract({
    method: 'GET',
    path: '/ws/notifications',
    access: 'staff',
    summary:
      'WebSocket (upgrade only): new_booking events for signed-in staff. Client sends subscribe_suburbs {suburbs} and ping; server sends ready, new_booking, pong. The response schema lists the server messages.',
    query: notificationsQuery,
    response: serverMessage,
  }),
};
