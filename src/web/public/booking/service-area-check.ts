import { findSuburbByName } from '../../../shared/reference/service-area';

/** The clear refusal for a suburb outside the service area (docs/product.md "Bookings"), or null when we serve it. */
export function outOfAreaMessage(suburb: string, phone: string): string | null {
  if (!suburb.trim() || findSuburbByName(suburb)) return null;
  return `Sorry, ${suburb.trim()} is outside our service area. Please call us on ${phone} and we'll see if we can help.`;
}
