import { Ban, Check } from 'lucide-react';
import { isStepReached, TIMELINE_STEPS, type ProgressStatus } from '../../../shared/domain/job-status';
import type { JobDetail } from '../../../shared/schemas/jobs';
import { cn } from '../../components/ui/cn';
import { dollars } from '../../lib/format';
import { perthDateTime } from '../../../shared/domain/perth-time';
import { latestChange } from './job-format';

const STAMP: Readonly<Record<ProgressStatus, (job: JobDetail) => string | null>> = {
  new: (job) => job.createdAt,
  'in-progress': (job) => job.inProgressAt,
  completed: (job) => job.completedAt,
  invoiced: (job) => job.invoicedAt,
  paid: (job) => job.paidAt,
};

/**
 * The progress timeline (docs/product.md "Job statuses and their moves"): a step is complete once
 * the job reached or passed it, the latest change's time is shown, and a cancelled job reaches no
 * step but says so plainly.
 */
export function JobTimeline({ job }: { job: JobDetail }) {
  const isCancelled = job.status === 'cancelled';
  return (
    <section aria-labelledby="job-progress-heading" className="space-y-3">
      <h3 id="job-progress-heading" className="text-lg font-bold">
        Progress
      </h3>
      {isCancelled ? (
        <div className="flex gap-3 rounded-lg border border-gray-400 bg-gray-100 p-3">
          <Ban aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
          <div>
            <p className="font-semibold">Cancelled{job.cancelledAt ? ` ${perthDateTime(job.cancelledAt)}` : ''}</p>
            {job.cancelReason ? <p>Reason: {job.cancelReason}</p> : null}
            {job.refundAmount ? <p>Refund: {dollars(job.refundAmount)}</p> : null}
          </div>
        </div>
      ) : null}
      <ol className="space-y-0">
        {TIMELINE_STEPS.map((step, i) => {
          const reached = isStepReached(job.status, step.status);
          const stamp = reached ? STAMP[step.status](job) : null;
          const isLast = i === TIMELINE_STEPS.length - 1;
          return (
            <li key={step.status} className="relative flex gap-3 pb-4 last:pb-0">
              {isLast ? null : (
                <span
                  aria-hidden
                  className={cn(
                    'absolute left-[0.9375rem] top-8 h-[calc(100%-2rem)] w-0.5',
                    reached ? 'bg-emerald-600' : 'bg-gray-300',
                  )}
                />
              )}
              <span
                aria-hidden
                className={cn(
                  'z-[1] flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2',
                  reached ? 'border-emerald-700 bg-emerald-700 text-white' : 'border-gray-400 bg-white text-gray-400',
                )}
              >
                {reached ? <Check className="h-4 w-4" /> : <span className="text-sm font-semibold">{i + 1}</span>}
              </span>
              <div className="pt-1">
                <p className={reached ? 'font-semibold' : 'text-gray-700'}>
                  {step.label}
                  <span className="sr-only">{reached ? ' (done)' : ' (not yet)'}</span>
                </p>
                {stamp ? <p className="text-sm text-gray-700">{perthDateTime(stamp)}</p> : null}
              </div>
            </li>
          );
        })}
      </ol>
      <p className="text-sm text-gray-700">
        Latest change: <time dateTime={latestChange(job)}>{perthDateTime(latestChange(job))}</time>
      </p>
    </section>
  );
}
