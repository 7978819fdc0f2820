import { findSuburbByName } from '../../../shared/reference/service-area';
import { outsideServiceAreaMessage } from '../../../shared/schemas/booking';

/** The clear refusal for a suburb outside the service area (docs/product.md "Bookings"), or null when we serve it. */
export function outOfAreaMessage(suburb: string, phone: string): string | null {
  if (!suburb.trim() || findSuburbByName(suburb)) return null;
  return outsideServiceAreaMessage(suburb, phone);
}
