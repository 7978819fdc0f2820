import { formatDollars, toCents } from '../../../shared/domain/money';
import { SERVICE_LABELS, type ServiceType } from '../../../shared/domain/services';
import { perthClockTime } from '../../../shared/domain/perth-time';
import { fullAddress, formatJobVisit } from './job-format';

/**
 * Links that hand a job to the phone's own apps: a text message, an email and map directions
 * (docs/product.md "Staff dashboard"). Pure, so the exact text is tested.
 */

/** The arrival estimate the technician texts: now plus 30 minutes. */
export const ARRIVAL_MINUTES = 30;

/** Digits and a leading +, as dialers and messaging apps expect ("0400 111 222" -> "0400111222"). */
export function dialableNumber(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}

/** "Sam" from "Sam Driver"; the whole name when it is one word. */
function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/**
 * The arrival text is only true while the technician is on the way: a job days ahead, finished,
 * paid or cancelled gets no "arrive at about" text (like the server's "Text the customer" button,
 * docs/decisions/368-on-my-way-text.md).
 */
export function offersArrivalText(job: { status: string }): boolean {
  return job.status === 'in-progress';
}

export function arrivalTime(now: Date): Date {
  return new Date(now.getTime() + ARRIVAL_MINUTES * 60_000);
}

/** The "on my way" text, with the arrival time in Perth. */
export function arrivalSmsBody(
  job: { jobNumber: string; customer: { name: string } },
  businessName: string,
  now: Date,
): string {
  const name = firstName(job.customer.name);
  const greeting = name ? `Hi ${name}, ` : 'Hi, ';
  // "Co." already ends the sentence.
  const signature = businessName.trim().replace(/\.$/, '');
  return `${greeting}this is ${signature}. Your technician is on the way for job ${job.jobNumber} and should arrive at about ${perthClockTime(arrivalTime(now))}.`;
}

/**
 * A text-message link with its body. `sms:{number}?&body=` is the form both phones read: iOS (8 and
 * later) takes the body after `&`, Android's messaging apps read the query after `?`, where the
 * empty first parameter is ignored. The body is percent-encoded (spaces as %20, never +, which iOS
 * would show as a plus).
 */
export function smsHref(phone: string, body: string): string {
  return `sms:${dialableNumber(phone)}?&body=${encodeURIComponent(body)}`;
}

type MailJob = {
  jobNumber: string;
  serviceType: ServiceType;
  scheduledDay: string;
  timeSlot: string;
  address: string;
  suburb: string;
  postcode: string;
  customerValue: string | null;
  customer: { name: string; email: string };
  vehicle: { make: string; model: string; year: number; registration: string } | null;
};

function priceText(value: string | null): string | null {
  if (!value) return null;
  try {
    return formatDollars(toCents(value));
  } catch {
    return null;
  }
}

/** The job details for an email to the customer (the invoice details join them once invoices exist). */
export function jobEmailBody(job: MailJob, business: { name: string; phone: string }): string {
  const vehicle = job.vehicle
    ? `${job.vehicle.year} ${job.vehicle.make} ${job.vehicle.model} (${job.vehicle.registration})`
    : null;
  const price = priceText(job.customerValue);
  const lines = [
    `Hi ${firstName(job.customer.name) || 'there'},`,
    '',
    `Here are the details of your booking ${job.jobNumber}:`,
    `Service: ${SERVICE_LABELS[job.serviceType]}`,
    `Visit: ${formatJobVisit(job)} (Perth time)`,
    `Address: ${fullAddress(job)}`,
    ...(vehicle ? [`Vehicle: ${vehicle}`] : []),
    ...(price ? [`Price: ${price}`] : []),
    '',
    'Kind regards,',
    business.name,
    ...(business.phone ? [business.phone] : []),
  ];
  return lines.join('\n');
}

/** A mailto: link (RFC 6068): subject and body percent-encoded, line breaks as CRLF. */
export function mailtoHref(email: string, subject: string, body: string): string {
  const enc = (s: string) => encodeURIComponent(s.replace(/\r?\n/g, '\r\n'));
  return `mailto:${email.trim()}?subject=${enc(subject)}&body=${enc(body)}`;
}

/** Google Maps directions from where the phone is to the job's address. */
export function directionsHref(place: { address: string; suburb: string; postcode: string }): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`${fullAddress(place)}, Australia`)}`;
}
