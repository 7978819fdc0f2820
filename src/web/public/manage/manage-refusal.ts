import { ApiError, errorMessage } from '../../lib/api';

/**
 * What the manage page says when the booking cannot be shown
 * (docs/decisions/358-customers-manage-their-own-booking.md). Too many wrong links from one
 * connection is a wait, not a missing booking: the genuine link works again after it, so it gets its
 * own heading and the server's sentence with the wait.
 */
export function manageRefusal(err: unknown): { heading: string; text: string } {
  if (err instanceof ApiError && err.status === 429) {
    return {
      heading: 'Too many tries',
      text: errorMessage(err, 'Too many wrong booking links from this connection. Please try again in a minute.'),
    };
  }
  return {
    heading: 'Booking Not Found',
    text: errorMessage(err, 'The requested booking could not be found or has expired.'),
  };
}
