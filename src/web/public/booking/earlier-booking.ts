import { isServiceType, type ServiceType } from '../../../shared/domain/services';
import type { BookAgainDetails } from '../../../shared/schemas/manage';
import { api } from '../../lib/api';

/**
 * Where the wizard fills in from (docs/decisions/412-book-again.md): a booking's manage link
 * ("Book again"), or a checkout whose Afterpay or Zip payment was declined ("Book again and pay
 * another way", docs/decisions/443-book-again-after-a-decline.md). Each is read through that
 * booking's own token and nothing else.
 */
export type EarlierBookingLink = { again?: string; declined?: string };

/** The wizard's first step once a declined checkout's booking has filled it in (decision 443). */
export const BOOK_AGAIN_AFTER_DECLINE_NOTE =
  'Your details, car, address and service are filled in from the booking that was not paid. Choose a time, then how to pay.';

/** What an earlier booking fills in: its contact, car and address, and after a decline its service too. */
export type EarlierBooking = BookAgainDetails & {
  serviceType: ServiceType | null;
  dontKnowSize: boolean;
  tyreQuantity: number | null;
};

/** The link's key, so each link is read once; null when the wizard was opened without one. */
export const linkKeyOf = (link: EarlierBookingLink | undefined): string | null =>
  link?.again ? `again:${link.again}` : link?.declined ? `declined:${link.declined}` : null;

export async function readEarlierBooking(link: EarlierBookingLink): Promise<EarlierBooking> {
  if (link.again) {
    const d = await api.manage.bookAgain({ params: { token: link.again } });
    return { ...d, serviceType: null, dontKnowSize: false, tyreQuantity: null };
  }
  const b = await api.payments.bookingByToken({ params: { token: link.declined ?? '' } });
  const serviceType = isServiceType(b.serviceType) ? b.serviceType : null;
  const tyreSize = b.tyreSize ?? null;
  return {
    customer: b.customer,
    vehicle: b.vehicle
      ? {
          make: b.vehicle.make,
          model: b.vehicle.model,
          year: b.vehicle.year ?? 0,
          registration: b.vehicle.registration,
          tyreSize,
        }
      : null,
    address: b.job.address,
    suburb: b.job.suburb,
    postcode: b.job.postcode,
    serviceType,
    // New tyres booked without a size were booked with "I don't know my tyre size" ticked.
    dontKnowSize: serviceType === 'new-tyres' && !tyreSize,
    tyreQuantity: serviceType === 'new-tyres' ? (b.tyreQuantity ?? null) : null,
  };
}
