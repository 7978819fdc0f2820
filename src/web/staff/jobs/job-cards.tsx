import { SERVICE_LABELS } from '../../../shared/domain/services';
import type { JobListItem } from '../../../shared/schemas/jobs';
import { dollars } from '../../lib/format';
import { telHref } from '../../public/contact';
import { ADDRESS_MAX_ON_CARD, formatJobVisit } from './job-format';
import { JobLocation } from './job-location';
import { JobRowActions } from './job-row-actions';
import { JobStatusBadge } from './job-status-badge';
import { QuoteEditor } from './quote-editor';
import { JobQueueNotices } from '../offline';

type ListProps = {
  jobs: JobListItem[];
  isAdmin: boolean;
  onView: (job: JobListItem) => void;
  onDelete: (job: JobListItem) => void;
};

/** The jobs as cards, for phones (under 768 px): one column, everything a technician needs at a glance, and no decorative icons (few elements per card, decision 342). */
export function JobCards({ jobs, isAdmin, onView, onDelete }: ListProps) {
  return (
    <ul aria-label="Jobs" className="space-y-3">
      {jobs.map((job) => (
        // A job card is about 24 rem tall on a phone: the estimate a card off screen is given until drawn.
        <li
          key={job.id}
          className="card-in-long-list rounded-xl border border-gray-200 bg-white p-4 shadow-sm [contain-intrinsic-size:auto_24rem]"
        >
          <article aria-labelledby={`job-card-${job.id}`} className="space-y-3">
            <header className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <h3 id={`job-card-${job.id}`} className="text-lg font-bold tabular-nums">
                  {job.jobNumber}
                </h3>
                <p className="text-gray-800">{SERVICE_LABELS[job.serviceType]}</p>
              </div>
              <JobStatusBadge status={job.status} />
            </header>

            <p className="font-semibold">{formatJobVisit(job)}</p>
            <div className="min-w-0">
              <p className="font-medium">{job.customer.name}</p>
              <a
                href={telHref(job.customer.phone)}
                className="inline-flex min-h-11 items-center text-sky-800 underline underline-offset-2"
              >
                {job.customer.phone}
              </a>
            </div>
            <JobLocation job={job} max={ADDRESS_MAX_ON_CARD} />

            <div className="flex flex-wrap items-center justify-between gap-2 border-t border-gray-100 pt-3">
              {isAdmin ? (
                <QuoteEditor job={job} />
              ) : (
                <p>
                  <span className="text-sm text-gray-700">Value </span>
                  <span className="font-semibold tabular-nums">{dollars(job.customerValue, 'No price')}</span>
                </p>
              )}
              {isAdmin ? (
                <p className="text-sm text-gray-700">
                  {job.technician ? `Technician: ${job.technician.username}` : 'Unassigned'}
                </p>
              ) : null}
            </div>
            <JobQueueNotices jobId={job.id} />
            <JobRowActions job={job} isAdmin={isAdmin} onView={() => onView(job)} onDelete={() => onDelete(job)} />
          </article>
        </li>
      ))}
    </ul>
  );
}
