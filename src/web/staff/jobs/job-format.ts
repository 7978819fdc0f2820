import { isJobStatus, type JobStatus } from '../../../shared/domain/job-status';
import { formatCents, toCents } from '../../../shared/domain/money';
import { isIsoDay } from '../../../shared/domain/perth-time';
import { formatVisit, isTimeSlot } from '../../../shared/domain/slots';
import type { JobDetail, JobEvent } from '../../../shared/schemas/jobs';
import { dollars } from '../../lib/format';

/** How a status reads on a badge: the words carry the meaning, colour only helps. */
export const STATUS_LABELS: Readonly<Record<JobStatus, string>> = {
  new: 'New',
  'in-progress': 'In Progress',
  completed: 'Completed',
  invoiced: 'Invoiced',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

/** Address lengths on the jobs list (docs/product.md "Staff dashboard"): 30 characters on a card, 20 in the table. */
export const ADDRESS_MAX_ON_CARD = 30;
export const ADDRESS_MAX_IN_TABLE = 20;

/** The first `max` characters and "...", or the text as it is when it fits. */
export function truncate(text: string, max: number): string {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, max).trimEnd()}...`;
}

type Place = { address: string; suburb: string; postcode: string };

/** "12 Example Street, Mandurah WA 6210"; an address that already names its suburb is not repeated. */
export function fullAddress({ address, suburb, postcode }: Place): string {
  const street = address.trim();
  const place = [suburb.trim(), suburb.trim() ? 'WA' : '', postcode.trim()].filter(Boolean).join(' ');
  if (!place) return street;
  if (!street) return place;
  if (suburb.trim() && street.toLowerCase().includes(suburb.trim().toLowerCase())) return street;
  return `${street}, ${place}`;
}

/** "Tue 24 Nov, 10 am - 12 pm" for a job's day and slot; the raw values when either is unknown. */
export function formatJobVisit(job: { scheduledDay: string; timeSlot: string }): string {
  if (isIsoDay(job.scheduledDay) && isTimeSlot(job.timeSlot)) return formatVisit(job.scheduledDay, job.timeSlot);
  return [job.scheduledDay, job.timeSlot].filter(Boolean).join(', ');
}

/** The quote box's text: two places, and 0.00 for a job without a price (docs/product.md "Staff dashboard"). */
export function quoteInputValue(customerValue: string | null | undefined): string {
  if (customerValue === null || customerValue === undefined || customerValue.trim() === '') return '0.00';
  try {
    return formatCents(toCents(customerValue));
  } catch {
    return '0.00';
  }
}

/** The same amount, whatever its spelling ("150", "150.0", "150.00"): whether a quote edit changes anything. */
export function isSameAmount(a: string, b: string): boolean {
  try {
    return toCents(a) === toCents(b);
  } catch {
    return false;
  }
}

export { pageRangeText } from '../../lib/format';

// ---- The job's history -------------------------------------------------------------------------

const KIND_LABEL: Readonly<Record<JobEvent['kind'], string>> = {
  created: 'Booked',
  status: 'Status',
  price: 'Price',
  schedule: 'Rescheduled',
  assignment: 'Technician',
  payment: 'Payment',
  note: 'Note',
};

function valueText(kind: JobEvent['kind'], value: string | null): string {
  if (value === null || value === '') return kind === 'assignment' ? 'Unassigned' : 'none';
  if (kind === 'status' && isJobStatus(value)) return STATUS_LABELS[value];
  if (kind === 'price') return dollars(value, value);
  if (kind === 'schedule') return scheduleText(value);
  return value;
}

const SCHEDULE_RE = /(\d{4}-\d{2}-\d{2})\D*?(8-10 AM|10-12 AM|12-2 PM|2-4 PM)/;

/** "2026-11-24 10-12 AM" (any separator) reads as the visit does elsewhere; anything else as it is. */
function scheduleText(value: string): string {
  const m = SCHEDULE_RE.exec(value);
  return m ? formatJobVisit({ scheduledDay: m[1]!, timeSlot: m[2]! }) : value;
}

/** A note that records a change ("Customer: changed the contact phone") reads as one sentence with both values. */
function changeNoteText(note: string, from: string | null, to: string | null): string {
  if (from === null) return `${note} to ${to ?? ''}`;
  if (to === null) return `${note} from ${from} to nothing`;
  return `${note} from ${from} to ${to}`;
}

/** Whether the history line shows its note on a line of its own (a change note is already in the line). */
export const showsNoteApart = (event: JobEvent) =>
  event.note !== null && event.kind !== 'note' && (event.from !== null || event.to !== null);

/** One line of history: "Status: New → In Progress"; a schedule change shows the visit as it reads elsewhere. */
export function describeEvent(event: JobEvent): string {
  const label = KIND_LABEL[event.kind];
  // A staff note is stored as "Note: ..." already: shown once, not "Note: Note: ...".
  if (event.from === null && event.to === null)
    return event.note ? (event.note.startsWith(`${label}: `) ? event.note : `${label}: ${event.note}`) : label;
  if (event.kind === 'note' && event.note) return changeNoteText(event.note, event.from, event.to);
  const change =
    event.from === null
      ? valueText(event.kind, event.to)
      : `${valueText(event.kind, event.from)} → ${valueText(event.kind, event.to)}`;
  return `${label}: ${change}`;
}

/**
 * The history newest first. The server sends it in the order written (oldest first); lines written
 * in one transaction share a time, so among equal times the later-written line comes first.
 */
export function historyNewestFirst<T extends { at: string }>(events: readonly T[]): T[] {
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => Date.parse(b.event.at) - Date.parse(a.event.at) || b.index - a.index)
    .map(({ event }) => event);
}

/** The most recent change to the job: its last history entry, or its last update. */
export function latestChange(job: Pick<JobDetail, 'history' | 'updatedAt'>): string {
  return [job.updatedAt, ...job.history.map((e) => e.at)].reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
}
