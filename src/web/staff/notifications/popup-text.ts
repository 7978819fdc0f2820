import { isServiceType, SERVICE_LABELS } from '../../../shared/domain/services';
import { isIsoDay } from '../../../shared/domain/perth-time';
import { formatVisit, isTimeSlot, slotWindowLabel } from '../../../shared/domain/slots';
import type { NewBookingData } from '../../../shared/contracts/notifications';

/**
 * The words of a staff popup (docs/product.md "Live notifications"). The visit reads as everywhere
 * else in the app ("Mon 30 Nov, 12 pm - 2 pm"), never as the stored slot id ("12-2 PM"), so a
 * customer's reschedule names the day it moved to.
 */
export function popupVisit(booking: Pick<NewBookingData, 'scheduledDay' | 'timeSlot'>): string {
  if (!isTimeSlot(booking.timeSlot)) return booking.timeSlot;
  if (booking.scheduledDay && isIsoDay(booking.scheduledDay))
    return formatVisit(booking.scheduledDay, booking.timeSlot);
  return slotWindowLabel(booking.timeSlot);
}

export const popupService = (type: string) => (isServiceType(type) ? SERVICE_LABELS[type] : type);

/** A new booking, or a customer's own change to one through the manage link (decision 358). */
export function popupHeadline(booking: NewBookingData): string {
  if (booking.change === 'rescheduled')
    return `Booking ${booking.jobNumber} rescheduled by the customer to ${popupVisit(booking)}`;
  if (booking.change === 'cancelled') return `Booking ${booking.jobNumber} cancelled by the customer`;
  return `New booking ${booking.jobNumber}`;
}

export const popupSummary = (booking: NewBookingData) =>
  `${popupService(booking.serviceType)} in ${booking.suburb}, ${popupVisit(booking)}`;
