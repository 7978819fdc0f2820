import { formatVisit } from '../../../shared/domain/slots';
import type { ClosureJobChoice } from '../../../shared/schemas/closures';
import { Button } from '../../components/ui/button';
import type { JobsToDecide } from './use-closure-actions';

/**
 * The question the server asks before closing days that hold jobs
 * (docs/decisions/288-closing-days-that-hold-jobs.md): keep them, or cancel each with the policy refund.
 */
export function JobsOnClosedDays({
  decide,
  pending,
  onChoose,
  onBack,
}: {
  decide: JobsToDecide;
  pending: boolean;
  onChoose: (choice: ClosureJobChoice) => void;
  onBack: () => void;
}) {
  const count = decide.jobs.length;
  return (
    <section
      aria-labelledby="closure-jobs-heading"
      className="space-y-3 rounded-xl border-2 border-amber-400 bg-amber-50 p-4"
    >
      <h3 id="closure-jobs-heading" className="font-bold">
        {count === 1 ? 'These days hold 1 booked job' : `These days hold ${count} booked jobs`}
      </h3>
      <ul aria-label="Booked jobs on these days" className="space-y-2">
        {decide.jobs.map((j) => (
          <li key={j.id} className="rounded-lg bg-white p-3">
            <p className="font-semibold">{j.jobNumber}</p>
            <p className="text-sm text-gray-800">
              {formatVisit(j.day, j.slot)} · {j.customer}
            </p>
          </li>
        ))}
      </ul>
      <p className="text-sm text-gray-800">
        Keeping them closes the days to new bookings only. Cancelling refunds each prepaid job by the cancellation
        policy and emails the customer the reason.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" disabled={pending} onClick={() => onChoose('keep')}>
          Keep these jobs
        </Button>
        <Button variant="danger" disabled={pending} onClick={() => onChoose('cancel')}>
          Cancel them with the policy refund
        </Button>
        <Button variant="outline" disabled={pending} onClick={onBack}>
          Go back
        </Button>
      </div>
      {pending ? (
        <p role="status" className="text-sm font-medium">
          Saving...
        </p>
      ) : null}
    </section>
  );
}
