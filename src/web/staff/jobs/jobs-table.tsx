import { SERVICE_LABELS } from '../../../shared/domain/services';
import type { JobListItem } from '../../../shared/schemas/jobs';
import { dollars } from '../../lib/format';
import { ADDRESS_MAX_IN_TABLE, formatJobVisit } from './job-format';
import { JobLocation } from './job-location';
import { JobRowActions } from './job-row-actions';
import { JobStatusBadge } from './job-status-badge';
import { QuoteEditor } from './quote-editor';

type ListProps = {
  jobs: JobListItem[];
  isAdmin: boolean;
  onView: (job: JobListItem) => void;
  onDelete: (job: JobListItem) => void;
};

const th = 'px-3 py-3 text-left text-sm font-semibold text-gray-800';
const td = 'px-3 py-3 align-top';

/** The jobs as a table on wide screens, with the columns the owner knows (docs/product.md "Staff dashboard"). */
export function JobsTable({ jobs, isAdmin, onView, onDelete }: ListProps) {
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm">
      <table className="w-full min-w-[56rem] border-collapse">
        <caption className="sr-only">Jobs</caption>
        <thead className="border-b border-gray-200 bg-gray-50">
          <tr>
            <th scope="col" className={th}>
              Job ID
            </th>
            <th scope="col" className={th}>
              Customer
            </th>
            <th scope="col" className={th}>
              Service
            </th>
            <th scope="col" className={th}>
              Date/Time
            </th>
            <th scope="col" className={th}>
              Location
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              Value
            </th>
            <th scope="col" className={`${th} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {jobs.map((job) => (
            <tr key={job.id} className="hover:bg-gray-50">
              <th scope="row" className={`${td} whitespace-nowrap text-left font-semibold tabular-nums`}>
                {job.jobNumber}
              </th>
              <td className={td}>
                <span className="block font-medium">{job.customer.name}</span>
                <span className="block text-sm text-gray-700">{job.customer.phone}</span>
              </td>
              <td className={td}>{SERVICE_LABELS[job.serviceType]}</td>
              <td className={`${td} whitespace-nowrap`}>{formatJobVisit(job)}</td>
              <td className={td}>
                <JobLocation job={job} max={ADDRESS_MAX_IN_TABLE} noWrap />
              </td>
              <td className={td}>
                <JobStatusBadge status={job.status} />
                {isAdmin ? (
                  <span className="mt-1 block text-sm text-gray-700">
                    {job.technician ? job.technician.username : 'Unassigned'}
                  </span>
                ) : null}
              </td>
              <td className={td}>
                {isAdmin ? (
                  <QuoteEditor job={job} />
                ) : (
                  <span className="font-semibold tabular-nums">{dollars(job.customerValue, 'No price')}</span>
                )}
              </td>
              <td className={td}>
                <JobRowActions
                  job={job}
                  isAdmin={isAdmin}
                  iconsOnly
                  onView={() => onView(job)}
                  onDelete={() => onDelete(job)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
