import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { slotWindowLabel } from '../../../shared/domain/slots';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { cn } from '../../components/ui/cn';
import { api } from '../../lib/api';
import { cellTone, closedLabel, jobHref, shortDay, SlotBadge } from '../slots';
import { scheduleStatus } from '../../../shared/domain/job-status';
import { ScheduleStatusBadge } from './schedule-status-badge';

/** The admin's day view: the four slots of one day and who is where (docs/product.md "Staff dashboard"). */
export function DaySlots({ day }: { day: string }) {
  const calendar = useQuery(api.staffSlots.calendar.query({ query: { from: day, days: 1 } }));
  const headingId = `day-slots-${day}`;
  const data = calendar.data?.[0];

  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-base font-bold">
        {shortDay(day)}: who is where
        {data?.closedReason ? <span className="ml-2 text-sm font-normal text-gray-700">{closedLabel(data)}</span> : null}
      </h3>
      {calendar.isPending ? (
        <SkeletonGroup label="Loading the day..." className="grid gap-2 sm:grid-cols-2 xl:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </SkeletonGroup>
      ) : calendar.isError || !data ? (
        <p role="alert" className="text-red-700">
          Could not load the slots of {shortDay(day)}: {calendar.error?.message ?? 'no answer'}
        </p>
      ) : (
        <ol className="grid gap-2 sm:grid-cols-2 xl:grid-cols-4">
          {data.slots.map((s) => (
            <li key={s.slot} className={cn('rounded-xl border border-gray-200 p-3', cellTone(s.state))}>
              <div className="flex items-center justify-between gap-2">
                <span className="font-semibold">{slotWindowLabel(s.slot)}</span>
                {/* A slot with a job says how the job stands (started, done), not only that its hour has come. */}
                {s.job ? <ScheduleStatusBadge status={scheduleStatus({ status: s.job.status, assignedTechnicianId: s.job.technician })} /> : <SlotBadge state={s.state} />}
              </div>
              {s.job ? (
                <div className="mt-2 text-sm">
                  <Link href={jobHref(s.job.id)} className="font-semibold underline decoration-accent-strong decoration-2 underline-offset-2">
                    {s.job.jobNumber}
                  </Link>
                  <span className="text-gray-700"> · {s.job.suburb}</span>
                  <p className={cn('mt-1 font-medium', s.job.technician ? 'text-charcoal' : 'text-amber-900')}>{s.job.technician ?? 'No technician yet'}</p>
                </div>
              ) : s.state === 'blocked' ? (
                <p className="mt-2 text-sm">{s.reason}</p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
