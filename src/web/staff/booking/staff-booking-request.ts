import { formatCents, type Cents } from '../../../shared/domain/money';
import { slotStart } from '../../../shared/domain/slots';
import { formatTyreSize } from '../../../shared/domain/tyre-size';
import type { AdminBookingForm, StaffBookingRequest } from '../../../shared/schemas/booking';

/** The staff variant of POST /api/bookings built from the admin form. */
export function toStaffBookingRequest(f: AdminBookingForm, estimateCents: Cents): StaffBookingRequest {
  const isTyres = f.serviceType === 'new-tyres';
  // The size is sent only when all three parts are given.
  const tyreSize = isTyres ? formatTyreSize(f.tyreWidth ?? '', f.aspectRatio ?? '', f.rimSize ?? '') : null;
  return {
    customer: { name: f.customerName, email: f.customerEmail, phone: f.customerPhone },
    vehicle: { make: f.make, model: f.model, year: f.year, color: f.color, registration: f.registration },
    job: {
      serviceType: f.serviceType,
      // The job's time is the slot start in Perth.
      scheduledDate: slotStart(f.date.slice(0, 10), f.timeSlot).toISOString(),
      timeSlot: f.timeSlot,
      address: f.address,
      suburb: f.suburb,
      postcode: f.postcode,
      tyreSize,
      tyreQuantity: isTyres ? f.quantity : null,
      tyreBrand: isTyres && f.tyreBrand ? f.tyreBrand : null,
      notes: f.notes ? f.notes : null,
      paymentMethod: f.paymentMethod,
      customerValue: formatCents(estimateCents),
      status: 'new',
    },
  };
}
