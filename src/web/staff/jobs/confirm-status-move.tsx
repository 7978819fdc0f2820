import { AlertTriangle } from 'lucide-react';
import { formatVisit } from '../../../shared/domain/slots';
import type { JobDetail } from '../../../shared/schemas/jobs';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { usePerthToday } from '../use-perth-today';

/** The moves staff confirm before they run: the start and the end of the work (decision 354), except on today's next stop (decision 420). */
export const CONFIRMED_MOVES = new Set(['in-progress', 'completed']);

const TITLE: Record<string, (jobNumber: string) => string> = {
  'in-progress': (n) => `Start work on ${n}?`,
  completed: (n) => `Complete work on ${n}?`,
};

/**
 * Asks before Start Work or Complete Work, naming the job, and warns when the job is booked for
 * another day than today (Perth): a tap on the wrong job in the van is caught here (decision 354).
 */
export function ConfirmStatusMove({
  job,
  to,
  label,
  pendingLabel,
  isPending,
  onConfirm,
  onCancel,
}: {
  job: JobDetail;
  to: string | null;
  label: string;
  pendingLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const visit = formatVisit(job.scheduledDay, job.timeSlot);
  const notToday = job.scheduledDay !== usePerthToday();
  return (
    <ConfirmDialog
      open={to !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={to ? (TITLE[to]?.(job.jobNumber) ?? label) : label}
      destructive={false}
      confirmLabel={label}
      pendingLabel={pendingLabel}
      isPending={isPending}
      onConfirm={onConfirm}
      message={
        <>
          <span className="block">
            {job.customer.name} · {job.suburb} · {visit}
          </span>
          {notToday ? (
            <span className="mt-3 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 font-semibold text-amber-950">
              <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
              This job is booked for {visit.split(',')[0]}.
            </span>
          ) : null}
        </>
      }
    />
  );
}
