import { formatDollars, toCents, type Cents } from '../../shared/domain/money';
import { withBatteryOnTop } from '../../shared/domain/pricing';
import { endSentence } from '../../shared/domain/business-placeholders';
import { SERVICE_LABELS, isServiceType } from '../../shared/domain/services';
import { formatDayLong } from '../../shared/domain/perth-time';
import { isTimeSlot, slotStart, slotWindowLabel, type TimeSlot } from '../../shared/domain/slots';
import type { StoredAttachment } from '../db/schema';

export type ConfirmationInput = {
  job: {
    id: string;
    jobNumber: string;
    serviceType: string;
    scheduledDay: string;
    timeSlot: string;
    address: string;
    suburb: string;
    postcode: string;
    tyreSize: string | null;
    tyreQuantity: number | null;
    customerValue: string | null;
    originalCustomerValue: string | null;
    paymentMethod: string;
    paymentStatus: string;
  };
  customer: { name: string; email: string };
  vehicle: { make: string; model: string; year: number; registration: string } | null;
  business: { name: string; phone: string; email: string; abn: string };
  publicBaseUrl: string;
  now: Date;
  /** The customer's manage-my-booking link (src/server/manage/token.ts), when the booking has one. */
  manageUrl?: string | null;
  /** What the card was charged, surcharge included (src/server/jobs/moves.ts `paidCents`); 0 when unknown. */
  paidCents?: Cents;
};

/** The cancellation terms (docs/product.md "The business"), in the customer's words. */
export const CANCELLATION_TERMS =
  'Cancellation: cancel 24 hours or more before your visit for a full refund; 12 to 24 hours before, a 50% refund; ' +
  'less than 12 hours before, no refund. No-shows are charged in full.';

export const QUOTE_TO_FOLLOW = 'We will call you with a quote';

function serviceLine(job: ConfirmationInput['job']): string {
  const label = isServiceType(job.serviceType) ? SERVICE_LABELS[job.serviceType] : job.serviceType;
  if (job.serviceType !== 'new-tyres') return label;
  const qty = job.tyreQuantity ?? 1;
  return job.tyreSize
    ? `${label} (${qty} x ${job.tyreSize})`
    : `${label} (${qty} tyre${qty === 1 ? '' : 's'}, size to be confirmed)`;
}

function priceLine(job: ConfirmationInput['job']): string {
  if (job.customerValue === null) return QUOTE_TO_FOLLOW;
  const total = toCents(job.customerValue);
  const original = job.originalCustomerValue === null ? total : toCents(job.originalCustomerValue);
  const saving = original - total;
  return saving > 0
    ? `${formatDollars(total)} (includes the ${formatDollars(saving)} online payment discount)`
    : withBatteryOnTop(job.serviceType, formatDollars(total));
}

/**
 * What the card was charged, as the customer's statement shows it: the price plus the card
 * surcharge added at checkout (docs/product.md "Prices and fees"), so it matches the refund promised.
 */
export function paidOnlineText(customerValue: string | null, paid: Cents): string {
  if (paid <= 0) return 'Paid online';
  const surcharge = customerValue === null ? 0 : paid - toCents(customerValue);
  return surcharge > 0
    ? `Paid online ${formatDollars(paid)} (includes the card surcharge of ${formatDollars(surcharge)})`
    : `Paid online ${formatDollars(paid)}`;
}

function paymentLine(job: ConfirmationInput['job'], paid: Cents): string {
  if (job.paymentMethod === 'prepaid')
    return job.paymentStatus === 'paid' ? paidOnlineText(job.customerValue, paid) : 'Online payment';
  return 'Pay on site (card, EFTPOS, PayID or cash)';
}

export function buildBookingConfirmation(input: ConfirmationInput): {
  subject: string;
  text: string;
  attachments: StoredAttachment[];
} {
  const { job, customer, vehicle, business } = input;
  const slot = (isTimeSlot(job.timeSlot) ? job.timeSlot : '8-10 AM') as TimeSlot;
  const when = `${formatDayLong(job.scheduledDay)}, ${slotWindowLabel(slot)} (Perth time)`;
  const where = `${job.address}, ${job.suburb} ${job.postcode}`;
  const lines = [
    `Hi ${customer.name},`,
    '',
    `Thanks for booking with ${endSentence(business.name)} Your booking is confirmed.`,
    '',
    `Booking reference: ${job.jobNumber}`,
    `When: ${when}`,
    '      This is a 2-hour arrival window; your technician will call before arriving.',
    `Where: ${where}`,
    `Service: ${serviceLine(job)}`,
    ...(vehicle ? [`Vehicle: ${vehicle.year} ${vehicle.make} ${vehicle.model} (${vehicle.registration})`] : []),
    `Price: ${priceLine(job)}`,
    `Payment: ${paymentLine(job, input.paidCents ?? 0)}`,
    '',
    ...(input.manageUrl
      ? [
          `Need to change or cancel? Manage your booking here: ${input.manageUrl}`,
          `(This link is private to your booking.) Or call us on ${business.phone}.`,
        ]
      : [`Need to change or cancel? Call us on ${business.phone}.`]),
    '',
    CANCELLATION_TERMS,
    '',
    'A calendar invitation for the visit is attached.',
    '',
    business.name,
    `${business.phone} - ${business.email}`,
    `ABN ${business.abn}`,
  ];
  const ics = buildVisitIcs({
    uid: `${job.id}@${hostOf(input.publicBaseUrl)}`,
    start: slotStart(job.scheduledDay, slot),
    now: input.now,
    summary: `${serviceLine(job)} - ${business.name} (${job.jobNumber})`,
    location: where,
    description: `Booking ${job.jobNumber}. 2-hour arrival window; the technician calls before arriving. Questions: ${business.phone}.`,
  });
  return {
    subject: `Booking confirmed: ${job.jobNumber} on ${formatDayLong(job.scheduledDay)}, ${slotWindowLabel(slot)}`,
    text: lines.join('\n'),
    attachments: [
      {
        filename: `booking-${job.jobNumber}.ics`,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        contentBase64: Buffer.from(ics, 'utf8').toString('base64'),
      },
    ],
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

const icsTime = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** RFC 5545 TEXT escaping; CR LF and a lone CR count as line breaks, so no raw CR reaches the file. */
const icsText = (s: string) =>
  s.replace(/\r\n?/g, '\n').replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n');

/** RFC 5545 folds lines longer than 75 octets; continuation lines start with a space. */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const out: string[] = [];
  let current = '';
  for (const ch of line) {
    const limit = out.length === 0 ? 75 : 74;
    if (Buffer.byteLength(current + ch, 'utf8') > limit) {
      out.push(current);
      current = '';
    }
    current += ch;
  }
  out.push(current);
  return out.join('\r\n ');
}

/**
 * The visit as an iCalendar event; times in UTC (the Perth slot start, 2 hours long). A later
 * version of the same event (moved, cancelled) carries the same UID and a higher SEQUENCE, the
 * seconds since 1970 when it was made, so calendars replace the older one (RFC 5546); a
 * cancellation is METHOD:CANCEL, which removes the event.
 */
export function buildVisitIcs(e: {
  uid: string;
  start: Date;
  now: Date;
  summary: string;
  location: string;
  description: string;
  method?: 'PUBLISH' | 'CANCEL';
  sequence?: number;
}): string {
  const end = new Date(e.start.getTime() + 2 * 3_600_000);
  const method = e.method ?? 'PUBLISH';
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Mobile Tyre Booking//Booking confirmation//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    ...(e.sequence === undefined ? [] : [`SEQUENCE:${e.sequence}`]),
    `DTSTAMP:${icsTime(e.now)}`,
    `DTSTART:${icsTime(e.start)}`,
    `DTEND:${icsTime(end)}`,
    `SUMMARY:${icsText(e.summary)}`,
    `LOCATION:${icsText(e.location)}`,
    `DESCRIPTION:${icsText(e.description)}`,
    method === 'CANCEL' ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ]
    .map(fold)
    .join('\r\n');
}
