import { Link } from 'wouter';
import { scheduleStatus } from '../../../shared/domain/job-status';
import { SERVICE_LABELS } from '../../../shared/domain/services';
import { formatVisit } from '../../../shared/domain/slots';
import type { JobListItem, Technician } from '../../../shared/schemas/jobs';
import { useMediaQuery, WIDE_SCREEN } from '../../components/ui/use-media-query';
import { jobHref } from '../slots';
import { ScheduleStatusBadge } from './schedule-status-badge';
import { TechnicianSelect } from './technician-select';
import type { useAssignTechnician } from './use-assign-technician';

type Props = {
  jobs: JobListItem[];
  technicians: readonly Technician[] | undefined;
  assign: ReturnType<typeof useAssignTechnician>;
};

function JobLink({ job }: { job: Pick<JobListItem, 'id' | 'jobNumber'> }) {
  return (
    // A 44 px tall target: the job number is the main way into a job from the Schedule.
    <Link
      href={jobHref(job.id)}
      className="inline-flex min-h-11 min-w-11 items-center font-semibold underline decoration-accent-strong decoration-2 underline-offset-2 hover:decoration-charcoal"
    >
      {job.jobNumber}
    </Link>
  );
}

/** The week's jobs, each with its technician chosen in place: a table on a wide screen, cards on a phone. */
export function ScheduleJobs({ jobs, technicians, assign }: Props) {
  const isWide = useMediaQuery(WIDE_SCREEN);
  if (!isWide) {
    return (
      <ul aria-label="Jobs" className="space-y-3">
        {jobs.map((job) => (
          <li key={job.id} className="space-y-2 rounded-xl border border-gray-200 bg-white p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <JobLink job={job} />
              <ScheduleStatusBadge status={scheduleStatus(job)} />
            </div>
            <p className="font-medium">{formatVisit(job.scheduledDay, job.timeSlot)}</p>
            <p className="text-sm text-gray-700">
              {job.customer.name} · {job.suburb} · {SERVICE_LABELS[job.serviceType]}
            </p>
            <TechnicianSelect job={job} technicians={technicians} assign={assign} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <table className="w-full border-collapse overflow-hidden rounded-xl border border-gray-200 bg-white text-left">
      <caption className="sr-only">Jobs</caption>
      <thead className="bg-gray-50 text-sm text-gray-700">
        <tr>
          {['Job', 'Visit', 'Customer', 'Suburb', 'Service', 'Status', 'Technician'].map((h) => (
            <th key={h} scope="col" className="p-3 font-medium">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {jobs.map((job) => (
          <tr key={job.id} className="border-t border-gray-200">
            <td className="p-3">
              <JobLink job={job} />
            </td>
            <td className="whitespace-nowrap p-3">{formatVisit(job.scheduledDay, job.timeSlot)}</td>
            <td className="p-3">{job.customer.name}</td>
            <td className="p-3">{job.suburb}</td>
            <td className="p-3">{SERVICE_LABELS[job.serviceType]}</td>
            <td className="p-3">
              <ScheduleStatusBadge status={scheduleStatus(job)} />
            </td>
            <td className="w-56 p-3">
              <TechnicianSelect job={job} technicians={technicians} assign={assign} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
