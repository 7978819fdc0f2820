import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, ClipboardList, Clock, MapPinned, Navigation, Phone } from 'lucide-react';
import { Link } from 'wouter';
import { scheduleStatus } from '../../../shared/domain/job-status';
import { SERVICE_LABELS } from '../../../shared/domain/services';
import { addDays, formatVisit, perthToday, slotWindowLabel } from '../../../shared/domain/slots';
import type { PublicUser } from '../../../shared/schemas/auth';
import type { JobListItem } from '../../../shared/schemas/jobs';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { api } from '../../lib/api';
import { jobHref, shortDay } from '../slots';
import { dayRouteUrl, inVisitOrder, isStillToDo, stopAddress } from './schedule-data';
import { ScheduleStatusBadge } from './schedule-status-badge';
import { StatCards } from './stat-cards';

/** How far ahead 'Coming up' looks. */
const AHEAD_DAYS = 14;

function ListSkeleton({ label }: { label: string }) {
  return (
    <SkeletonGroup label={label} className="space-y-2">
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-24" />
      ))}
    </SkeletonGroup>
  );
}

/** One stop of the run: when, where, who, and a way to call ahead (technicians call before arriving). */
function RunStop({ job, index }: { job: JobListItem; index: number }) {
  return (
    <li className="flex gap-3 rounded-xl border border-gray-200 bg-white p-4">
      <span aria-hidden className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-charcoal font-bold text-white">
        {index + 1}
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-lg font-bold">{slotWindowLabel(job.timeSlot)}</p>
          <ScheduleStatusBadge status={scheduleStatus(job)} />
        </div>
        <p className="-my-2">
          <Link href={jobHref(job.id)} className="inline-flex min-h-11 items-center font-semibold underline decoration-accent-strong decoration-2 underline-offset-2">
            {job.jobNumber}
          </Link>
          <span className="text-gray-700"> · {SERVICE_LABELS[job.serviceType]}</span>
        </p>
        <p className="break-words">{stopAddress(job)}</p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-gray-800">
          <span>{job.customer.name}</span>
          <a href={`tel:${job.customer.phone.replace(/[^\d+]/g, '')}`} className="inline-flex min-h-11 items-center gap-1 font-semibold underline underline-offset-2">
            <Phone aria-hidden className="h-4 w-4" />
            {job.customer.phone}
          </a>
        </p>
      </div>
    </li>
  );
}

/**
 * A technician's 'My Assigned Jobs' (docs/product.md "Staff dashboard"): their counts, today's run
 * in slot order with one map link for the route, and what is coming up. Made for a phone in a van.
 * The server gives a technician only their own jobs.
 */
export function TechnicianSchedule({ user }: { user: PublicUser }) {
  const today = perthToday(new Date());
  const mine = (query: Parameters<typeof api.jobs.technicianJobs.pageQuery>[0]['query']) => api.jobs.technicianJobs.pageQuery({ params: { id: user.id }, query });
  // Counts come from the lists' totals (X-Total-Count), one row each.
  const all = useQuery(mine({ status: 'all', pageSize: 1 }));
  const fresh = useQuery(mine({ status: 'new', pageSize: 1 }));
  const underway = useQuery(mine({ status: 'in-progress', pageSize: 1 }));
  const todays = useQuery(mine({ status: 'all', from: today, to: today, pageSize: 10 }));
  const upcoming = useQuery(mine({ status: 'all', from: addDays(today, 1), to: addDays(today, AHEAD_DAYS), pageSize: 50 }));

  const total = all.data?.total;
  const pending = fresh.data?.total;
  const completed = total !== undefined && pending !== undefined && underway.data ? total - pending - underway.data.total : undefined;
  const run = todays.data ? inVisitOrder(todays.data.items) : undefined;
  const stops = run?.filter(isStillToDo) ?? [];
  const routeUrl = dayRouteUrl(stops);
  const error = all.error ?? todays.error ?? upcoming.error;

  return (
    <section aria-labelledby="my-jobs-heading" className="space-y-6">
      <h2 id="my-jobs-heading" className="text-lg font-bold">
        My Assigned Jobs
      </h2>
      {error ? (
        <p role="alert" className="text-red-700">
          Failed to fetch assigned jobs: {error.message}
        </p>
      ) : null}

      <StatCards
        label="My job counts"
        stats={[
          { label: 'Total', value: total, icon: ClipboardList },
          { label: 'Pending', value: pending, icon: Clock },
          { label: 'Completed', value: completed, icon: CheckCircle2 },
        ]}
      />

      <section aria-labelledby="today-run-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="today-run-heading" className="text-base font-bold">
            Today, {shortDay(today)}
          </h3>
          {routeUrl ? (
            <a
              href={routeUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-accent px-4 font-semibold text-charcoal hover:bg-accent-strong"
            >
              <Navigation aria-hidden className="h-4 w-4" />
              Open today&apos;s route ({stops.length} {stops.length === 1 ? 'stop' : 'stops'})
              <span className="sr-only">(opens Google Maps)</span>
            </a>
          ) : null}
        </div>
        {!run ? (
          <ListSkeleton label="Loading today's jobs..." />
        ) : run.length === 0 ? (
          <p className="flex items-center gap-2 rounded-xl border border-dashed border-gray-300 px-4 py-6 text-gray-700">
            <MapPinned aria-hidden className="h-5 w-5" />
            No jobs for you today.
          </p>
        ) : (
          <ol aria-label="Today's run" className="space-y-3">
            {run.map((job, i) => (
              <RunStop key={job.id} job={job} index={i} />
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="coming-up-heading" className="space-y-3">
        <h3 id="coming-up-heading" className="text-base font-bold">
          Coming up
        </h3>
        {!upcoming.data ? (
          <ListSkeleton label="Loading your coming jobs..." />
        ) : upcoming.data.items.length === 0 ? (
          <p className="text-gray-700">Nothing booked for you in the next {AHEAD_DAYS} days.</p>
        ) : (
          <ul aria-label="Coming up" className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
            {inVisitOrder(upcoming.data.items).map((job) => (
              <li key={job.id} className="px-4 py-2">
                <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
                  <p className="font-semibold">{formatVisit(job.scheduledDay, job.timeSlot)}</p>
                  <ScheduleStatusBadge status={scheduleStatus(job)} />
                </div>
                <p className="text-sm text-gray-700">
                  <Link href={jobHref(job.id)} className="inline-flex min-h-11 items-center font-semibold text-charcoal underline underline-offset-2">
                    {job.jobNumber}
                  </Link>{' '}
                  · {job.suburb} · {SERVICE_LABELS[job.serviceType]}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
