import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import type { jobs } from '../db/schema';
import { readSettings } from '../settings/store';
import { SERVICE_LABELS, isServiceType } from '../../shared/domain/services';
import { formatVisit, isTimeSlot } from '../../shared/domain/slots';
import { australianMobile } from '../../shared/domain/phone';
import type { Config } from '../config';
import { queueSms, SMS_CONFIRMATION_KIND, type QueueSmsOutcome } from './outbox';

type ConfirmedJob = Pick<typeof jobs.$inferSelect, 'id' | 'serviceType' | 'scheduledDay' | 'timeSlot' | 'contactPhone'>;

/** The confirmation text: short enough for two SMS segments, with what a customer checks first. */
export function bookingConfirmationSms(input: {
  job: ConfirmedJob;
  business: { name: string; phone: string };
  manageUrl?: string;
}): string {
  const { job, business } = input;
  const service = isServiceType(job.serviceType) ? SERVICE_LABELS[job.serviceType] : job.serviceType;
  const when = isTimeSlot(job.timeSlot) ? formatVisit(job.scheduledDay, job.timeSlot) : job.scheduledDay;
  const lines = [`${business.name}: your booking is confirmed. ${service}, ${when} (Perth time).`];
  if (input.manageUrl) lines.push(`Change or cancel: ${input.manageUrl}`);
  lines.push(`Questions? Call ${business.phone}.`);
  return lines.join('\n');
}

/** The phone a booking's confirmation text goes to, for the customer's screen; null when no text leaves the machine. */
export const confirmationTextedTo = (config: Pick<Config, 'twilio'>, phone: string): string | null =>
  config.twilio && australianMobile(phone) ? phone : null;

/**
 * Queues the confirmation text of a booking just made, in the booking's own transaction, when the
 * contact phone is a mobile (docs/decisions/362-sms-channel.md): at once whatever the hour, even to
 * a number that replied STOP, and once per job. A provider that is down delays the text, never the
 * booking: delivery happens after the commit (sms/delivery.ts). The caller kicks `deps.sms`.
 */
export async function queueBookingConfirmationSmsIn(
  deps: Pick<AppDeps, 'clock' | 'config' | 'log'>,
  exec: Executor,
  job: ConfirmedJob,
  opts: { manageUrl?: string; business?: { name: string; phone: string } } = {},
): Promise<QueueSmsOutcome> {
  // The caller's business details when it has read them for the email already (bookings/notify.ts).
  const business = opts.business ?? (await readSettings(exec, deps.config, deps.log)).business;
  return queueSms(exec, deps, {
    jobId: job.id,
    kind: SMS_CONFIRMATION_KIND,
    to: job.contactPhone,
    body: bookingConfirmationSms({ job, business, ...(opts.manageUrl ? { manageUrl: opts.manageUrl } : {}) }),
    dedupeKey: `${SMS_CONFIRMATION_KIND}:${job.id}`,
    automated: false,
  });
}
