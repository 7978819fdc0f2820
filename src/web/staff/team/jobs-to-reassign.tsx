import { Link } from 'wouter';
import { formatVisit } from '../../../shared/domain/slots';
import type { JobToReassign } from '../../../shared/schemas/roster';

/**
 * The technician's jobs still to do that fall on their leave or a day they do not work: each links
 * to the job, where the owner picks someone else (docs/decisions/310-technician-rosters-and-leave.md).
 */
export function JobsToReassign({ jobs, username }: { jobs: JobToReassign[]; username: string }) {
  if (jobs.length === 0) return null;
  return (
    <section
      aria-label={`Jobs to reassign from ${username}`}
      className="rounded-lg border border-amber-300 bg-amber-50 p-3"
    >
      <h4 className="font-semibold">Jobs to reassign</h4>
      <p className="text-sm text-gray-800">
        {username} is off on {jobs.length === 1 ? 'the day of this job' : 'the days of these jobs'}. Open each to choose
        another technician.
      </p>
      <ul className="mt-2 space-y-1">
        {jobs.map((j) => (
          <li key={j.id}>
            <Link
              href={`/dashboard?tab=jobs&job=${j.id}`}
              className="inline-flex min-h-11 flex-wrap items-center gap-x-2 font-semibold text-charcoal underline underline-offset-2"
            >
              <span className="whitespace-nowrap">{j.jobNumber}</span>
              <span className="font-normal">
                {formatVisit(j.day, j.slot)} ({j.why === 'leave' ? 'on leave' : 'day off'})
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
