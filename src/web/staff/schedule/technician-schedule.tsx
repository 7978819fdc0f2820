import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, ClipboardList, Clock } from 'lucide-react';
import { Link } from 'wouter';
import { scheduleStatus } from '../../../shared/domain/job-status';
import { SERVICE_LABELS } from '../../../shared/domain/services';
import { addDays } from '../../../shared/domain/perth-time';
import { formatVisit } from '../../../shared/domain/slots';
import type { PublicUser } from '../../../shared/schemas/auth';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { api } from '../../lib/api';
import { jobHref } from '../slots';
import { useScheduleDay } from './day-nav';
import { DayRunSection } from './day-run';
import { inVisitOrder } from './schedule-data';
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

/**
 * A technician's 'My Assigned Jobs' (docs/product.md "Staff dashboard"): their counts, the day's run
 * (today's unless they step to another day) in slot order with one map link for the route and the
 * printable run sheet, and what is coming up. Made for a phone in a van.
 * The server gives a technician only their own jobs.
 */
export function TechnicianSchedule({ user }: { user: PublicUser }) {
  const { day, today } = useScheduleDay();
  const mine = (query: Parameters<typeof api.jobs.technicianJobs.pageQuery>[0]['query']) =>
    api.jobs.technicianJobs.pageQuery({ params: { id: user.id }, query });
  // Counts come from the lists' totals (X-Total-Count), one row each.
  const all = useQuery(mine({ status: 'all', pageSize: 1 }));
  const fresh = useQuery(mine({ status: 'new', pageSize: 1 }));
  const underway = useQuery(mine({ status: 'in-progress', pageSize: 1 }));
  const upcoming = useQuery(
    mine({ status: 'all', from: addDays(today, 1), to: addDays(today, AHEAD_DAYS), pageSize: 50 }),
  );

  const total = all.data?.total;
  const pending = fresh.data?.total;
  const completed =
    total !== undefined && pending !== undefined && underway.data ? total - pending - underway.data.total : undefined;
  const error = all.error ?? upcoming.error;

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

      <DayRunSection technicianId={user.id} day={day} today={today} />

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
                  <Link
                    href={jobHref(job.id)}
                    className="inline-flex min-h-11 items-center font-semibold text-charcoal underline underline-offset-2"
                  >
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
