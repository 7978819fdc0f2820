import { formatDollars, type Cents } from '../../shared/domain/money';
import { SERVICE_LABELS, isServiceType } from '../../shared/domain/services';
import { formatDayLong } from '../../shared/domain/perth-time';
import { isTimeSlot, slotWindowLabel } from '../../shared/domain/slots';

/**
 * The emails a payment that cannot simply confirm its booking sends (decision 192): the business
 * is told what to do with the money, and a customer whose booking could not be kept is told it
 * will be refunded. Plain text, queued in the payment's own transaction like the confirmation.
 */
type AlertJob = {
  jobNumber: string;
  serviceType: string;
  scheduledDay: string;
  timeSlot: string;
  suburb: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
};
type Business = { name: string; phone: string; email: string };
type Email = { subject: string; text: string };

export const REFUND_REQUIRED_KIND = 'payment_refund_required';
export const REFUND_DUE_KIND = 'payment_refund_due';
export const AMOUNT_MISMATCH_KIND = 'payment_amount_mismatch';

function visitOf(job: AlertJob): string {
  const window = isTimeSlot(job.timeSlot) ? slotWindowLabel(job.timeSlot) : job.timeSlot;
  return `${formatDayLong(job.scheduledDay)}, ${window}`;
}

const serviceOf = (job: AlertJob) =>
  isServiceType(job.serviceType) ? SERVICE_LABELS[job.serviceType] : job.serviceType;

function contactLines(job: AlertJob): string[] {
  return [`Customer: ${job.contactName}, ${job.contactPhone}, ${job.contactEmail}`];
}

/** A charge shown as the provider reported it: AUD in dollars, another currency by its code and minor units. */
function chargeOf(amountCents: number | undefined, currency: string | undefined): string {
  if (amountCents === undefined) return 'an unknown amount';
  const code = (currency ?? '').toUpperCase() || 'unknown currency';
  return code === 'AUD' ? `${formatDollars(amountCents)} AUD` : `${amountCents} minor units of ${code}`;
}

/**
 * Why a paid booking cannot be kept: its hold lapsed and someone else took the slot, or staff had
 * cancelled it before the money arrived (decision 250), or the tyres held for it were booked meanwhile
 * and new ones cannot come by its day (docs/decisions/433-tyres-on-a-moved-job.md).
 */
export type LostBecause = 'slot-taken' | 'cancelled' | 'tyres-gone';

/** To the business: a payment arrived for a booking that cannot be kept, so it must be refunded. */
export function buildRefundRequiredAlert(input: {
  job: AlertJob;
  paidCents: Cents;
  intentId: string;
  because?: LostBecause;
  /** The lines that say where staff refund it in one step (decision 407). */
  refundAction?: string[];
}): Email {
  const { job } = input;
  const cancelled = input.because === 'cancelled';
  return {
    subject: cancelled
      ? `Refund needed: ${job.jobNumber} was paid after it was cancelled`
      : `Refund needed: ${job.jobNumber} was paid after its hold lapsed`,
    text: [
      cancelled
        ? `A card payment of ${formatDollars(input.paidCents)} for booking ${job.jobNumber} arrived after the booking had been cancelled.`
        : `A card payment of ${formatDollars(input.paidCents)} for booking ${job.jobNumber} arrived after its hold had lapsed, and ${input.because === 'tyres-gone' ? 'the tyres held for it had been booked by someone else, and new ones could not come by the visit' : 'the slot had been booked by someone else'}.`,
      'The booking could not be kept: the job stays cancelled and is flagged refund-required.',
      '',
      ...(input.refundAction
        ? [...input.refundAction, `(PaymentIntent ${input.intentId}), then call the customer to book another time.`]
        : [
            `Please refund the payment in the card provider's dashboard (PaymentIntent ${input.intentId}) and call the customer to book another time.`,
          ]),
      '',
      `Booking: ${job.jobNumber}, ${serviceOf(job)}, ${visitOf(job)}, ${job.suburb}`,
      ...contactLines(job),
    ].join('\n'),
  };
}

/** To the customer: the booking could not be kept, and the payment will be refunded in full. */
export function buildRefundDueNotice(input: {
  job: AlertJob;
  paidCents: Cents;
  business: Business;
  because?: LostBecause;
}): Email {
  const { job, business } = input;
  return {
    subject: `Your booking ${job.jobNumber} could not be kept - your payment will be refunded`,
    text: [
      `Hi ${job.contactName},`,
      '',
      input.because === 'cancelled'
        ? `Your payment of ${formatDollars(input.paidCents)} for ${serviceOf(job)} on ${visitOf(job)} reached us after the booking had been cancelled.`
        : `Your payment of ${formatDollars(input.paidCents)} for ${serviceOf(job)} on ${visitOf(job)} reached us after the hold on your time slot had ended, and ${input.because === 'tyres-gone' ? 'the tyres we held for you had been booked by someone else in the meantime, and new ones would not arrive in time for your visit' : 'the slot had been booked by someone else in the meantime'}.`,
      `We could not keep your booking (${job.jobNumber}), so we will refund your payment in full to the card you paid with.`,
      '',
      `Please call us on ${business.phone} and we will find you another time, or book again on our website.`,
      '',
      business.name,
      `${business.phone} - ${business.email}`,
    ].join('\n'),
  };
}

/** To the business: a payment whose amount or currency is not the booking's total did not confirm it. */
export function buildAmountMismatchAlert(input: {
  job: AlertJob;
  expectedCents: Cents;
  chargedCents: number | undefined;
  currency: string | undefined;
  intentId: string;
  /** The lines that say where staff refund it in one step (decision 407). */
  refundAction?: string[];
}): Email {
  const { job } = input;
  return {
    subject: `Payment check needed: ${job.jobNumber} was paid a different amount`,
    text: [
      `A card payment for booking ${job.jobNumber} was reported as ${chargeOf(input.chargedCents, input.currency)}, but the booking's total with the card surcharge is ${formatDollars(input.expectedCents)} AUD.`,
      'The booking was not confirmed: the job is flagged amount-mismatch and stays unpaid (its hold lapses as usual).',
      '',
      ...(input.refundAction
        ? [...input.refundAction, `(PaymentIntent ${input.intentId}), then call the customer.`]
        : [
            `Please check the payment in the card provider's dashboard (PaymentIntent ${input.intentId}), refund it if it was taken, and call the customer.`,
          ]),
      '',
      `Booking: ${job.jobNumber}, ${serviceOf(job)}, ${visitOf(job)}, ${job.suburb}`,
      ...contactLines(job),
    ].join('\n'),
  };
}
