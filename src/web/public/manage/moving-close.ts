import { CHANGE_ONLINE_UNTIL_MS, REFUND_POLICY_LABEL, refundPolicy } from '../../../shared/domain/cancellation';
import { slotStart, type TimeSlot } from '../../../shared/domain/slots';

/**
 * What the customer is told before moving their visit to a time less than 24 hours away: from then
 * on only a call can change or cancel it, and a cancellation refunds what the policy gives that
 * close to the visit (docs/product.md "Customers look after their own booking"). Null for a time
 * further off.
 */
export function movingCloseNote(day: string, slot: TimeSlot, now: Date, phone: string): string | null {
  const start = slotStart(day, slot);
  if (start.getTime() - now.getTime() >= CHANGE_ONLINE_UNTIL_MS) return null;
  const refund = REFUND_POLICY_LABEL[refundPolicy(start, now)];
  return `This time is less than 24 hours away. Once moved, the booking can only be changed or cancelled by calling us on ${phone}, and an online payment is then refunded by the policy: ${refund}.`;
}
