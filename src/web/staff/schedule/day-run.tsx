import { useQuery } from '@tanstack/react-query';
import { FileText, MapPinned, Navigation, Phone } from 'lucide-react';
import { Link } from 'wouter';
import { directionsUrl } from '../../../shared/domain/day-run';
import { scheduleStatus } from '../../../shared/domain/job-status';
import type { RunStop } from '../../../shared/schemas/runs';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { api } from '../../lib/api';
import { jobHref, shortDay } from '../slots';
import { DayNav } from './day-nav';
import { isStillToDo } from './schedule-data';
import { ScheduleStatusBadge } from './schedule-status-badge';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

const tyresOf = (s: RunStop) =>
  [s.tyreQuantity ? `${s.tyreQuantity} x` : '', s.tyreSize ?? '', s.tyreBrand ?? ''].filter(Boolean).join(' ');

/** One stop of the run: when, where, who, what to fit, and a way to call ahead (technicians call before arriving). */
function RunStopCard({ stop, index, technicianId }: { stop: RunStop; index: number; technicianId: string }) {
  const tyres = stop.tyreSize || stop.tyreBrand ? tyresOf(stop) : '';
  return (
    <li className="flex gap-3 rounded-xl border border-gray-200 bg-white p-4">
      <span
        aria-hidden
        className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-charcoal font-bold text-white"
      >
        {index + 1}
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-lg font-bold">{stop.window}</p>
          <ScheduleStatusBadge status={scheduleStatus({ status: stop.status, assignedTechnicianId: technicianId })} />
        </div>
        <p className="-my-2">
          <Link
            href={jobHref(stop.jobId)}
            className="inline-flex min-h-11 items-center font-semibold underline decoration-accent-strong decoration-2 underline-offset-2"
          >
            {stop.jobNumber}
          </Link>
          <span className="text-gray-700"> · {stop.service}</span>
        </p>
        <p className="break-words">{stop.fullAddress}</p>
        {tyres ? <p className="text-gray-800">Tyres: {tyres}</p> : null}
        {stop.notes ? <p className="break-words text-gray-800">Notes: {stop.notes}</p> : null}
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-gray-800">
          <span>{stop.contactName}</span>
          <a
            href={telHref(stop.contactPhone)}
            className="inline-flex min-h-11 items-center gap-1 font-semibold underline underline-offset-2"
          >
            <Phone aria-hidden className="h-4 w-4" />
            {stop.contactPhone}
            <span className="sr-only"> (call {stop.contactName})</span>
          </a>
        </p>
      </div>
    </li>
  );
}

/**
 * A technician's run for one day (docs/product.md "Staff dashboard"; decision 315): the stops in slot
 * order, one route through the stops still to do, the printable run sheet, and the days either side.
 * With `name` it is the owner reading that technician's run on the schedule (which has its own day
 * navigation), not the technician's own.
 */
export function DayRunSection({
  technicianId,
  day,
  today,
  name,
}: {
  technicianId: string;
  day: string;
  today: string;
  name?: string;
}) {
  const input = { params: { id: technicianId }, query: { date: day } };
  const run = useQuery(api.runs.dayRun.query(input));
  const isToday = day === today;
  const when = isToday ? `Today, ${shortDay(day)}` : shortDay(day);
  const title = name ? `${name}'s run: ${when}` : when;
  const listName = name ? `${name}'s run` : isToday ? "Today's run" : `Run for ${shortDay(day)}`;
  const nobody = name ? `No jobs for ${name}` : 'No jobs for you';
  const stops = run.data?.jobs.filter(isStillToDo) ?? [];
  // Once a stop is done the route starts at the next one; before that it is the run's own link.
  const routeUrl = run.data && stops.length === run.data.jobs.length ? run.data.directionsUrl : directionsUrl(stops);

  return (
    <section aria-labelledby={name ? 'technician-run-heading' : 'run-heading'} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id={name ? 'technician-run-heading' : 'run-heading'} className="text-base font-bold">
          {title}
        </h3>
        {name ? null : <DayNav day={day} today={today} />}
      </div>
      <div className="flex flex-wrap gap-2">
        {routeUrl ? (
          <a
            href={routeUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-accent px-4 font-semibold text-charcoal hover:bg-accent-strong"
          >
            <Navigation aria-hidden className="h-4 w-4" />
            {isToday ? "Open today's route" : 'Open the route'} ({stops.length} {stops.length === 1 ? 'stop' : 'stops'})
            <span className="sr-only">(opens Google Maps)</span>
          </a>
        ) : null}
        {run.data && run.data.jobs.length > 0 ? (
          <a
            href={api.runs.runSheet.url(input)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-gray-400 bg-white px-4 font-semibold text-charcoal hover:bg-gray-50"
          >
            <FileText aria-hidden className="h-4 w-4" />
            Run sheet (PDF)
          </a>
        ) : null}
      </div>
      {run.isError ? (
        <p role="alert" className="text-red-700">
          Failed to fetch the run: {run.error.message}
        </p>
      ) : !run.data ? (
        <SkeletonGroup label="Loading the run..." className="space-y-2">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </SkeletonGroup>
      ) : run.data.jobs.length === 0 ? (
        <p className="flex items-center gap-2 rounded-xl border border-dashed border-gray-300 px-4 py-6 text-gray-700">
          <MapPinned aria-hidden className="h-5 w-5" />
          {isToday ? `${nobody} today.` : `${nobody} on ${shortDay(day)}.`}
        </p>
      ) : (
        <ol aria-label={listName} className="space-y-3">
          {run.data.jobs.map((stop, i) => (
            <RunStopCard key={stop.jobId} stop={stop} index={i} technicianId={technicianId} />
          ))}
        </ol>
      )}
    </section>
  );
}
