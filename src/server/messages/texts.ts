import { SERVICE_LABELS, type ServiceType } from '../../shared/domain/services';
import type { BusinessProfile } from '../../shared/domain/settings';
import { formatDayLong } from '../../shared/domain/perth-time';
import { formatVisit, type TimeSlot } from '../../shared/domain/slots';

/**
 * The words of the automated messages (docs/decisions/366-automated-messages-once-and-in-hours.md).
 * Each names the business, as the Spam Act 2003 asks of every commercial message; the return-visit
 * reminder, the one message a customer opted into, also carries its one-click unsubscribe link.
 */

type Visit = {
  jobNumber: string;
  serviceType: ServiceType;
  scheduledDay: string;
  timeSlot: TimeSlot;
  address: string;
  suburb: string;
  contactName: string;
};
type Email = { subject: string; text: string };

const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'there';

export function reminderEmail(b: BusinessProfile, v: Visit, manageUrl: string): Email {
  const lines = [
    `Hello ${firstName(v.contactName)},`,
    '',
    `A reminder of your ${SERVICE_LABELS[v.serviceType]} visit tomorrow, ${formatVisit(v.scheduledDay, v.timeSlot)}, at ${v.address}, ${v.suburb} (job ${v.jobNumber}).`,
    '',
    `To see, move or cancel your booking: ${manageUrl}`,
    `Questions? Call ${b.phone}.`,
    '',
    b.name,
  ];
  return {
    subject: `Reminder: ${b.name} visits tomorrow, ${formatVisit(v.scheduledDay, v.timeSlot)}`,
    text: lines.join('\n'),
  };
}

export function reminderSms(b: BusinessProfile, v: Visit, manageUrl: string): string {
  return `${b.name}: reminder of your ${SERVICE_LABELS[v.serviceType]} visit ${formatVisit(v.scheduledDay, v.timeSlot)} at ${v.address}, ${v.suburb}. Manage your booking: ${manageUrl}`;
}

/** "Book again" (docs/decisions/412-book-again.md): the wizard with this booking's details filled in. */
export const bookAgainUrlOf = (config: { publicBaseUrl: string }, token: string) =>
  `${config.publicBaseUrl.replace(/\/+$/, '')}/book?again=${token}`;

export function reviewEmail(b: BusinessProfile, v: Pick<Visit, 'contactName'>, bookAgainUrl?: string): Email {
  const lines = [
    `Hello ${firstName(v.contactName)},`,
    '',
    `Thank you for choosing ${b.name}. If you were happy with our work, a short Google review helps other drivers find us:`,
    b.reviewUrl,
    '',
    ...(bookAgainUrl
      ? [`Need us again? Book again with your details, car and address filled in: ${bookAgainUrl}`, '']
      : []),
    `Anything we could do better? Call ${b.phone} or reply to this email.`,
    '',
    b.name,
  ];
  return { subject: `Thank you from ${b.name}`, text: lines.join('\n') };
}

export function reviewSms(b: BusinessProfile): string {
  return `${b.name}: thank you for choosing us! If you were happy, a short Google review helps others find us: ${b.reviewUrl}`;
}

/** What each service's return visit is for, and how long after the job it falls due (months). */
export const RETURN_VISITS: Partial<Record<ServiceType, { months: number; what: string; noun: string }>> = {
  'new-tyres': { months: 6, what: 'a tyre rotation and pressure check', noun: 'tyres' },
  'battery-service': { months: 12, what: 'a battery check', noun: 'battery' },
};

export function returnVisitEmail(
  b: BusinessProfile,
  v: Pick<Visit, 'contactName' | 'serviceType' | 'scheduledDay'>,
  links: { bookUrl: string; unsubscribeUrl: string; bookAgainUrl?: string },
): Email {
  const due = RETURN_VISITS[v.serviceType]!;
  const lines = [
    `Hello ${firstName(v.contactName)},`,
    '',
    `The ${due.noun} we fitted on ${formatDayLong(v.scheduledDay)} are due for ${due.what}. We come to you: book a visit at ${links.bookUrl} or call ${b.phone}.`,
    '',
    `You asked us to remind you when your ${due.noun} are due. To stop these reminders: ${links.unsubscribeUrl}`,
    '',
    `${b.name}${b.abn ? `, ABN ${b.abn}` : ''}, ${b.phone}`,
  ];
  if (v.serviceType === 'battery-service')
    lines[2] = `The battery we looked after on ${formatDayLong(v.scheduledDay)} is due for ${due.what}. We come to you: book a visit at ${links.bookUrl} or call ${b.phone}.`;
  if (links.bookAgainUrl)
    lines.splice(3, 0, '', `Book again with your details, car and address filled in: ${links.bookAgainUrl}`);
  return {
    subject: `${b.name}: your ${due.noun} ${v.serviceType === 'battery-service' ? 'is' : 'are'} due for a check`,
    text: lines.join('\n'),
  };
}

export function returnVisitSms(
  b: BusinessProfile,
  v: Pick<Visit, 'serviceType'>,
  links: { unsubscribeUrl: string; bookAgainUrl?: string },
): string {
  const due = RETURN_VISITS[v.serviceType]!;
  const book = links.bookAgainUrl ? `Book again: ${links.bookAgainUrl}` : 'Call to book.';
  return `${b.name} (${b.phone}): your ${due.noun} ${v.serviceType === 'battery-service' ? 'is' : 'are'} due for ${due.what}. ${book} Unsubscribe: ${links.unsubscribeUrl}`;
}
