import { useQuery } from '@tanstack/react-query';
import { CalendarDays, CheckCircle2, ClipboardList, UserX, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { scheduleStatus } from '../../../shared/domain/job-status';
import { addDays } from '../../../shared/domain/perth-time';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { api } from '../../lib/api';
import { shortDay } from '../slots';
import { DayNav, useScheduleDay } from './day-nav';
import { inVisitOrder, SCHEDULE_FILTERS, SCHEDULE_LABELS, scheduleCounts } from './schedule-data';
import { ScheduleBoard } from './schedule-board';
import { ScheduleJobs } from './schedule-jobs';
import { StatCards } from './stat-cards';
import { useAssignTechnician } from './use-assign-technician';

/** The period the cards and the list cover: a week from the chosen day. */
const PERIOD_DAYS = 7;
type Filter = 'all' | (typeof SCHEDULE_FILTERS)[number];

/**
 * The admin's 'Job Schedule & Assignment' (docs/product.md "Staff dashboard"): the week's counts,
 * the chosen day's board (a column per technician, a row per slot), and every job of the week with
 * its technician, chosen in place.
 */
export function AdminSchedule() {
  const { day, today } = useScheduleDay();
  const last = addDays(day, PERIOD_DAYS - 1);
  const [filter, setFilter] = useState<Filter>('all');
  const filterId = useId();

  const live = useQuery(api.jobs.list.pageQuery({ query: { from: day, to: last, status: 'all', pageSize: 100 } }));
  const cancelled = useQuery(
    api.jobs.list.pageQuery({ query: { from: day, to: last, status: 'cancelled', pageSize: 100 } }),
  );
  const technicians = useQuery(api.jobs.technicians.query());
  const assign = useAssignTechnician();

  const jobs = live.data && cancelled.data ? inVisitOrder([...live.data.items, ...cancelled.data.items]) : undefined;
  const counts = jobs && technicians.data ? scheduleCounts(jobs, technicians.data) : undefined;
  const shown = jobs?.filter((j) => filter === 'all' || scheduleStatus(j) === filter);
  const error = live.error ?? cancelled.error;

  return (
    <section aria-labelledby="schedule-heading" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="schedule-heading" className="text-lg font-bold">
            Job Schedule &amp; Assignment
          </h2>
          <p className="text-sm text-gray-700">
            {shortDay(day)} to {shortDay(last)}
          </p>
        </div>
        <DayNav day={day} today={today} withDateField />
      </div>

      <StatCards
        label={`Jobs from ${shortDay(day)} to ${shortDay(last)}`}
        stats={[
          { label: 'Total Jobs', value: counts?.total, icon: ClipboardList },
          { label: 'Unassigned', value: counts?.unassigned, icon: UserX },
          { label: 'Active Technicians', value: counts?.activeTechnicians, icon: Users },
          { label: 'Completed', value: counts?.completed, icon: CheckCircle2 },
        ]}
      />

      <ScheduleBoard day={day} />

      <section aria-labelledby="schedule-jobs-heading" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h3 id="schedule-jobs-heading" className="flex items-center gap-2 text-base font-bold">
            <CalendarDays aria-hidden className="h-5 w-5" />
            Jobs this week
          </h3>
          <div>
            <label htmlFor={filterId} className="block text-sm font-medium">
              Status
            </label>
            <select
              id={filterId}
              value={filter}
              onChange={(e) => setFilter(e.target.value as Filter)}
              className="block min-h-11 rounded-lg border border-gray-400 bg-white px-3 text-base"
            >
              <option value="all">All statuses</option>
              {SCHEDULE_FILTERS.map((s) => (
                <option key={s} value={s}>
                  {SCHEDULE_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
        </div>

        {error ? (
          <p role="alert" className="text-red-700">
            Failed to fetch jobs: {error.message}
          </p>
        ) : !shown ? (
          <SkeletonGroup label="Loading jobs..." className="space-y-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </SkeletonGroup>
        ) : shown.length === 0 ? (
          <p className="rounded-xl border border-dashed border-gray-300 px-4 py-8 text-center text-gray-700">
            {filter === 'all'
              ? 'No jobs booked this week.'
              : `No ${SCHEDULE_LABELS[filter].toLowerCase()} jobs this week.`}
          </p>
        ) : (
          <>
            <ScheduleJobs jobs={shown} technicians={technicians.data} assign={assign} />
            {live.data && live.data.total > live.data.items.length ? (
              <p className="text-sm text-gray-700">
                Showing the first {live.data.items.length} of {live.data.total} jobs.
              </p>
            ) : null}
          </>
        )}
      </section>
    </section>
  );
}
