import { formatDollars, type Cents } from '../../shared/domain/money';
import { formatDayLong } from '../../shared/domain/perth-time';
import { slotStart, slotWindowLabel, type TimeSlot } from '../../shared/domain/slots';
import type { StoredAttachment } from '../db/schema';
import { buildVisitIcs } from '../emails/booking-confirmation';

type Business = { name: string; phone: string; email: string; abn: string };
type Visit = {
  id: string;
  jobNumber: string;
  scheduledDay: string;
  timeSlot: TimeSlot;
  address: string;
  suburb: string;
  postcode: string;
};
type Email = { subject: string; text: string; attachments: StoredAttachment[] };

const signature = (b: Business) => ['', b.name, `${b.phone} - ${b.email}`, `ABN ${b.abn}`];
const when = (v: Pick<Visit, 'scheduledDay' | 'timeSlot'>) =>
  `${formatDayLong(v.scheduledDay)}, ${slotWindowLabel(v.timeSlot)} (Perth time)`;

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

/** The new time of a rescheduled visit, with a calendar file that replaces the old one (same UID). */
export function buildRescheduleEmail(input: {
  job: Visit;
  previous: Pick<Visit, 'scheduledDay' | 'timeSlot'>;
  customerName: string;
  business: Business;
  publicBaseUrl: string;
  now: Date;
}): Email {
  const { job, business } = input;
  const where = `${job.address}, ${job.suburb} ${job.postcode}`;
  const ics = buildVisitIcs({
    uid: `${job.id}@${hostOf(input.publicBaseUrl)}`,
    start: slotStart(job.scheduledDay, job.timeSlot),
    now: input.now,
    summary: `${business.name} visit (${job.jobNumber})`,
    location: where,
    description: `Booking ${job.jobNumber}, moved to ${when(job)}. 2-hour arrival window; the technician calls before arriving. Questions: ${business.phone}.`,
    sequence: Math.floor(input.now.getTime() / 1000),
  });
  return {
    subject: `Booking rescheduled: ${job.jobNumber} now on ${formatDayLong(job.scheduledDay)}, ${slotWindowLabel(job.timeSlot)}`,
    text: [
      `Hi ${input.customerName},`,
      '',
      `Your booking ${job.jobNumber} has moved.`,
      '',
      `New time: ${when(job)}`,
      `Was: ${when(input.previous)}`,
      `Where: ${where}`,
      '',
      'This is a 2-hour arrival window; your technician will call before arriving.',
      'An updated calendar invitation is attached.',
      '',
      `Questions? Call us on ${business.phone}.`,
      ...signature(business),
    ].join('\n'),
    attachments: [
      {
        filename: `booking-${job.jobNumber}.ics`,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        contentBase64: Buffer.from(ics, 'utf8').toString('base64'),
      },
    ],
  };
}

/** The cancellation, its reason and the refund (docs/product.md "Job statuses and their moves"). */
export function buildCancellationEmail(input: {
  job: Visit;
  customerName: string;
  reason: string;
  refundCents: Cents | null;
  business: Business;
  publicBaseUrl: string;
  now: Date;
}): Email {
  const { job, business } = input;
  // The same event as the confirmation's invitation (same UID), cancelled: calendars remove it.
  const ics = buildVisitIcs({
    uid: `${job.id}@${hostOf(input.publicBaseUrl)}`,
    start: slotStart(job.scheduledDay, job.timeSlot),
    now: input.now,
    summary: `${business.name} visit (${job.jobNumber}) - cancelled`,
    location: `${job.address}, ${job.suburb} ${job.postcode}`,
    description: `Booking ${job.jobNumber} has been cancelled.`,
    method: 'CANCEL',
    sequence: Math.floor(input.now.getTime() / 1000),
  });
  const refund =
    input.refundCents === null
      ? []
      : input.refundCents > 0
        ? [
            '',
            `Refund: ${formatDollars(input.refundCents)} back to the card you paid with. It usually appears within 5 to 10 business days.`,
          ]
        : ['', 'Under our cancellation terms no refund applies to this booking.'];
  return {
    subject: `Booking cancelled: ${job.jobNumber} on ${formatDayLong(job.scheduledDay)}`,
    text: [
      `Hi ${input.customerName},`,
      '',
      `Your booking ${job.jobNumber} for ${when(job)} has been cancelled.`,
      `Reason: ${input.reason}`,
      ...refund,
      '',
      `To book another time, or if this is a mistake, call us on ${business.phone}.`,
      ...signature(business),
    ].join('\n'),
    attachments: [
      {
        filename: `booking-${job.jobNumber}-cancelled.ics`,
        contentType: 'text/calendar; charset=utf-8; method=CANCEL',
        contentBase64: Buffer.from(ics, 'utf8').toString('base64'),
      },
    ],
  };
}
