import { addDays, compareDays } from '../../../shared/domain/perth-time';
import { BOOKING_HORIZON_DAYS, BOOKING_TOO_FAR_MESSAGE } from '../../../shared/schemas/booking';

export const PAST_DAY_MESSAGE = 'Please choose today or a later date';

/** Why step 1 cannot book a day: the date field's message and the reason each slot button shows. */
export type BookingDayProblem = { message: string; slotReason: string };

/**
 * docs/product.md "Time slots and business days": the public books from today up to 90 Perth days
 * ahead (day 90 included, decision 161). The server refuses the rest too; the wizard says so at
 * step 1 instead of at the final Confirm.
 */
export function bookingDayProblem(day: string, today: string): BookingDayProblem | null {
  if (compareDays(day, today) < 0) return { message: PAST_DAY_MESSAGE, slotReason: 'Time has passed' };
  if (compareDays(day, addDays(today, BOOKING_HORIZON_DAYS)) > 0)
    return { message: BOOKING_TOO_FAR_MESSAGE, slotReason: 'Too far ahead' };
  return null;
}
