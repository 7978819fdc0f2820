import { Ban, CalendarX, CheckCircle2, Clock, Lock, Wrench } from 'lucide-react';
import { Link } from 'wouter';
import type { TimeSlot } from '../../../shared/domain/slots';
import type { StaffSlotDay, StaffSlotJob } from '../../../shared/schemas/slots';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { placesLabel, slotOnDay } from './calendar-days';

type StaffSlot = StaffSlotDay['slots'][number];
export type SlotState = StaffSlot['state'];

/** The state in words with an icon; colour only helps (docs/product.md "Time slots and business days"). */
const LOOK: Readonly<Record<SlotState, { label: string; icon: typeof Ban; badge: string; cell: string }>> = {
  free: { label: 'Free', icon: CheckCircle2, badge: 'bg-green-100 text-green-900 ring-green-300', cell: 'bg-white' },
  partly: { label: 'Partly booked', icon: Wrench, badge: 'bg-sky-50 text-sky-900 ring-sky-300', cell: 'bg-white' },
  booked: { label: 'Booked', icon: Wrench, badge: 'bg-sky-100 text-sky-900 ring-sky-300', cell: 'bg-sky-50' },
  blocked: { label: 'Blocked', icon: Lock, badge: 'bg-charcoal text-white ring-charcoal', cell: 'bg-amber-50' },
  closed: { label: 'Closed', icon: CalendarX, badge: 'bg-gray-200 text-gray-800 ring-gray-300', cell: 'bg-gray-100' },
  passed: { label: 'Passed', icon: Clock, badge: 'bg-gray-100 text-gray-700 ring-gray-300', cell: 'bg-gray-50' },
};

export const jobHref = (jobId: string) => `/dashboard?tab=jobs&job=${encodeURIComponent(jobId)}`;

export function SlotBadge({ slot }: { slot: Pick<StaffSlot, 'state' | 'jobs' | 'places'> }) {
  const { icon: Icon, badge } = LOOK[slot.state];
  // A slot holding jobs counts them against its places (decision 306); the others read their state.
  const label = placesLabel(slot) ?? LOOK[slot.state].label;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        badge,
      )}
    >
      <Icon aria-hidden className="h-3.5 w-3.5" />
      {label}
    </span>
  );
}

export const cellTone = (state: SlotState) => LOOK[state].cell;

function SlotJobSummary({ job, inline }: { job: StaffSlotJob; inline: boolean }) {
  // A 44 px tall link: with two vans a slot lists several jobs, each tapped on its own.
  const link = (
    <Link
      href={jobHref(job.id)}
      className="inline-flex min-h-11 items-center font-semibold text-charcoal underline decoration-accent-strong decoration-2 underline-offset-2 hover:decoration-charcoal"
    >
      {job.jobNumber}
    </Link>
  );
  if (inline) {
    return (
      <div className="min-w-0 text-sm leading-snug">
        {link}
        <p className="break-words text-gray-700">
          {job.suburb} · {job.technician ?? 'Unassigned'}
        </p>
      </div>
    );
  }
  return (
    <div className="min-w-0 text-sm leading-snug">
      {link}
      <p className="truncate text-gray-700">{job.suburb}</p>
      <p className="truncate text-gray-700">{job.technician ?? 'Unassigned'}</p>
    </div>
  );
}

/** Every job of a slot in place order, each linked to its detail. */
function SlotJobs({ jobs, inline }: { jobs: StaffSlotJob[]; inline: boolean }) {
  if (jobs.length === 0) return null;
  return (
    <ul className="flex min-w-0 flex-col gap-1" aria-label="Jobs in this slot">
      {jobs.map((job) => (
        <li key={job.id} className="min-w-0">
          <SlotJobSummary job={job} inline={inline} />
        </li>
      ))}
    </ul>
  );
}

/**
 * What one slot of one day shows staff: free (Block), partly booked or booked (every job, linked to its detail),
 * blocked (the reason, Unblock), closed or passed. The buttons name the slot and day for screen
 * readers, since a grid of "Block" buttons is otherwise ambiguous. In a table cell the parts stack;
 * in a phone's row the action sits at the end of the line.
 */
export function SlotCellContent({
  day,
  slot,
  onBlock,
  onUnblock,
  unblocking,
  layout,
}: {
  day: string;
  slot: StaffSlot;
  onBlock: (day: string, slot: TimeSlot) => void;
  onUnblock: (day: string, slot: TimeSlot) => void;
  unblocking: boolean;
  layout: 'stack' | 'row';
}) {
  const name = slotOnDay(day, slot.slot);
  const isRow = layout === 'row';
  // A phone's row gets thumb-sized buttons; a table cell on a wide screen, mouse-sized ones.
  const buttonSize = isRow ? 'md' : 'sm';
  const action =
    slot.state === 'free' ? (
      <Button
        size={buttonSize}
        variant="outline"
        className="shrink-0"
        aria-label={`Block ${name}`}
        onClick={() => onBlock(day, slot.slot)}
      >
        <Ban aria-hidden className="h-4 w-4" />
        Block
      </Button>
    ) : slot.state === 'blocked' ? (
      <Button
        size={buttonSize}
        variant="outline"
        className="shrink-0"
        aria-label={`Unblock ${name}`}
        disabled={unblocking}
        onClick={() => onUnblock(day, slot.slot)}
      >
        {unblocking ? 'Unblocking...' : 'Unblock'}
      </Button>
    ) : null;
  const reason = slot.state === 'blocked' ? <p className="break-words text-sm text-gray-900">{slot.reason}</p> : null;
  if (isRow) {
    // The reason goes under the badge and the button, so a long one is not a column of a few
    // letters a line beside Unblock on a 360 px phone.
    return (
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex items-center justify-between gap-2">
          <div className="flex min-w-0 flex-col items-start gap-1">
            <SlotBadge slot={slot} />
            <SlotJobs jobs={slot.jobs} inline />
          </div>
          {action}
        </div>
        {reason}
      </div>
    );
  }
  return (
    <div className="flex min-w-0 flex-col items-start gap-1.5">
      <SlotBadge slot={slot} />
      <SlotJobs jobs={slot.jobs} inline={false} />
      {reason}
      {action}
    </div>
  );
}
