import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { nextStep, statusButtonOf, type JobStatus } from '../../../shared/domain/job-status';
import type { JobDetail } from '../../../shared/schemas/jobs';
import { Button } from '../../components/ui/button';
import { CONFIRMED_MOVES, ConfirmStatusMove } from './confirm-status-move';
import { InvoiceActions } from './invoice-actions';
import { useOnline } from '../offline';
import { useIsNextInRun } from './undo-move';
import { useChangeStatus } from './use-job-actions';

const PENDING_LABEL: Record<string, string> = {
  'in-progress': 'Starting...',
  completed: 'Completing...',
};

/**
 * The one next step for the job's status (docs/product.md "Job statuses and their moves"): start,
 * complete, and for an admin the invoice and 'Mark as Paid'. A technician sees only the moves they
 * may make; 'Generate Invoice' comes from the invoice actions.
 */
export function JobStatusAction({ job, isAdmin }: { job: JobDetail; isAdmin: boolean }) {
  const change = useChangeStatus();
  const [confirming, setConfirming] = useState(false);
  const online = useOnline();
  // Today's next stop of the job's technician moves at the first tap, with Undo in its toast; any
  // other job asks first, and so does every job offline, where there is no Undo (decision 420).
  const isNext = useIsNextInRun(job, job.status === 'new' || job.status === 'in-progress');

  if (job.status === 'paid') {
    return (
      <div className="space-y-2">
        <p className="flex items-center gap-2 rounded-lg bg-emerald-50 p-3 font-semibold text-emerald-900">
          <CheckCircle2 aria-hidden className="h-5 w-5" />
          Job Complete: paid in full.
        </p>
        {/* A paid job's invoice can still be downloaded or sent as a receipt. */}
        {isAdmin ? <InvoiceActions job={job} /> : null}
      </div>
    );
  }
  if (job.status === 'cancelled' || !nextStep(job.status)) return null;

  // Mark as Paid asks how the customer paid: it is the payment section's form (decision 349).
  const action = statusButtonOf(job, isAdmin ? 'admin' : 'technician');
  const asks = (to: JobStatus) => CONFIRMED_MOVES.has(to) && !(online && isNext);
  return (
    <div className="space-y-2">
      {action ? (
        <>
          <Button
            size="lg"
            className="w-full sm:w-auto"
            disabled={change.isPending}
            onClick={() => (asks(action.to) ? setConfirming(true) : change.mutate({ job, status: action.to }))}
          >
            {change.isPending ? (PENDING_LABEL[action.to] ?? 'Saving...') : action.label}
          </Button>
          {!asks(action.to) && CONFIRMED_MOVES.has(action.to) ? (
            <p className="text-sm text-gray-700">Today's next stop: one tap, then Undo for a few seconds.</p>
          ) : null}
          <ConfirmStatusMove
            job={job}
            to={confirming ? action.to : null}
            label={action.label}
            pendingLabel={PENDING_LABEL[action.to] ?? 'Saving...'}
            isPending={change.isPending}
            onCancel={() => setConfirming(false)}
            onConfirm={() => change.mutate({ job, status: action.to }, { onSettled: () => setConfirming(false) })}
          />
        </>
      ) : !isAdmin && job.status === 'completed' ? (
        <p className="rounded-lg bg-gray-100 p-3">
          Work completed. Record the payment if the customer paid you; otherwise the office invoices them.
        </p>
      ) : null}
      {/* Generate Invoice and the invoice's PDF: docs/product.md "Customer invoices". */}
      {isAdmin ? <InvoiceActions job={job} /> : null}
    </div>
  );
}
