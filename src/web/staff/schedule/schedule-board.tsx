import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { scheduleStatus } from '../../../shared/domain/job-status';
import { SERVICE_LABELS } from '../../../shared/domain/services';
import { slotWindowLabel, TIME_SLOTS } from '../../../shared/domain/slots';
import type { JobListItem, Technician } from '../../../shared/schemas/jobs';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { useMediaQuery } from '../../components/ui/use-media-query';
import { api } from '../../lib/api';
import type { StaffSlotDay } from '../../../shared/schemas/slots';
import { cn } from '../../components/ui/cn';
import { cellTone, closedLabel, jobHref, shortDay, SlotBadge } from '../slots';
import { DayRunSection } from './day-run';
import { boardColumns, jobsIn, UNASSIGNED_COLUMN, type BoardColumn } from './schedule-data';
import { ScheduleStatusBadge } from './schedule-status-badge';
import { TechnicianSelect } from './technician-select';
import { useAssignTechnician } from './use-assign-technician';
import { usePerthToday } from '../use-perth-today';

const slotOf = (slots: StaffSlotDay['slots'] | undefined, slot: string): SlotInfo =>
  slots?.find((s) => s.slot === slot);

/** Tailwind's `md`: the board's grid from here up, a day list by slot below (a phone). */
const BOARD_SCREEN = '(min-width: 768px)';

type Assign = ReturnType<typeof useAssignTechnician>;
type CardProps = { job: JobListItem; technicians: readonly Technician[] | undefined; assign: Assign };
type SlotInfo = StaffSlotDay['slots'][number] | undefined;

/** A slot's state beside its time (blocked, closed or passed matter when moving a job), with a block's reason. */
function SlotState({ info }: { info: SlotInfo }) {
  if (!info) return null;
  return (
    <span className="mt-1 block space-y-1">
      <SlotBadge slot={info} />
      {info.state === 'blocked' && info.reason ? (
        <span className="block text-xs font-normal text-gray-800">{info.reason}</span>
      ) : null}
    </span>
  );
}

/** One job on the board, moved to another technician by choosing them on the card (one action). */
function BoardCard({ job, technicians, assign }: CardProps) {
  return (
    <li
      className="space-y-1 rounded-lg border border-gray-200 bg-white p-2 shadow-sm"
      aria-label={`${job.jobNumber}, ${job.suburb}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-1">
        <Link
          href={jobHref(job.id)}
          className="inline-flex min-h-11 items-center font-semibold underline decoration-accent-strong decoration-2 underline-offset-2"
        >
          {job.jobNumber}
        </Link>
        <ScheduleStatusBadge status={scheduleStatus(job)} />
      </div>
      <p className="text-sm text-gray-800">
        {job.suburb} · {SERVICE_LABELS[job.serviceType]}
      </p>
      <TechnicianSelect job={job} technicians={technicians} assign={assign} />
    </li>
  );
}

function Cell({ jobs, ...rest }: Omit<CardProps, 'job'> & { jobs: JobListItem[] }) {
  if (jobs.length === 0) return <span className="text-sm text-gray-600">Free</span>;
  return (
    <ul className="space-y-2">
      {jobs.map((job) => (
        <BoardCard key={job.id} job={job} {...rest} />
      ))}
    </ul>
  );
}

function BoardGrid({
  day,
  jobs,
  columns,
  slots,
  ...rest
}: Omit<CardProps, 'job'> & {
  day: string;
  jobs: JobListItem[];
  columns: BoardColumn[];
  slots: StaffSlotDay['slots'] | undefined;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200">
      <table className="w-full table-fixed border-collapse bg-gray-50 text-left">
        <caption className="sr-only">
          Schedule board for {shortDay(day)}: a column per technician, a row per slot
        </caption>
        <thead className="text-sm text-gray-800">
          <tr>
            <th scope="col" className="w-28 p-2 font-medium">
              Slot
            </th>
            {columns.map((c) => (
              <th key={c.id ?? 'unassigned'} scope="col" className="w-52 p-2 font-semibold">
                {c.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {TIME_SLOTS.map((slot) => (
            <tr key={slot} className="border-t border-gray-200 align-top">
              <th
                scope="row"
                className={cn('p-2 text-sm font-semibold', slots ? cellTone(slotOf(slots, slot)?.state ?? 'free') : '')}
              >
                {slotWindowLabel(slot)}
                <SlotState info={slotOf(slots, slot)} />
              </th>
              {columns.map((c) => (
                <td key={c.id ?? 'unassigned'} className="p-2">
                  <Cell jobs={jobsIn(jobs, slot, c)} {...rest} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** On a phone: the day as a list, slot by slot, each job with its technician to change. */
function DayList({
  jobs,
  slots,
  ...rest
}: Omit<CardProps, 'job'> & { jobs: JobListItem[]; slots: StaffSlotDay['slots'] | undefined }) {
  return (
    <ol aria-label="The day by slot" className="space-y-4">
      {TIME_SLOTS.map((slot) => {
        const here = jobs.filter((j) => j.timeSlot === slot);
        return (
          <li key={slot} className="space-y-2">
            <h4 className="font-semibold">
              {slotWindowLabel(slot)}{' '}
              <span className="font-normal text-gray-700">
                ({here.length === 0 ? 'no jobs' : `${here.length} ${here.length === 1 ? 'job' : 'jobs'}`})
              </span>
              <SlotState info={slotOf(slots, slot)} />
            </h4>
            {here.length > 0 ? <Cell jobs={here} {...rest} /> : null}
          </li>
        );
      })}
    </ol>
  );
}

/** What the phone's day shows: every job by slot, one technician's run, or the jobs nobody has yet. */
type PhoneView = { kind: 'slots' } | { kind: 'column'; column: BoardColumn };

/**
 * The owner's day on a phone: by slot, or one technician at a time (their run in order with its
 * addresses and one route through it), or the unassigned jobs, chosen from a row of buttons.
 */
function PhoneDay({
  day,
  jobs,
  slots,
  ...rest
}: Omit<CardProps, 'job'> & { day: string; jobs: JobListItem[]; slots: StaffSlotDay['slots'] | undefined }) {
  const [view, setView] = useState<PhoneView>({ kind: 'slots' });
  const today = usePerthToday();
  const columns = boardColumns(jobs, rest.technicians ?? []);
  const shown = view.kind === 'column' ? columns.find((c) => c.id === view.column.id) : undefined;
  const choice = (label: string, pressed: boolean, onClick: () => void) => (
    <li key={label}>
      <button
        type="button"
        aria-pressed={pressed}
        onClick={onClick}
        className={cn(
          'inline-flex min-h-11 items-center rounded-full border px-4 font-semibold',
          pressed ? 'border-charcoal bg-charcoal text-white' : 'border-gray-300 bg-white text-charcoal',
        )}
      >
        {label}
      </button>
    </li>
  );
  return (
    <div className="space-y-4">
      <ul aria-label="Show the day" className="flex flex-wrap gap-2">
        {choice('By slot', !shown, () => setView({ kind: 'slots' }))}
        {columns.map((c) => choice(c.name, shown?.id === c.id, () => setView({ kind: 'column', column: c })))}
      </ul>
      {!shown ? (
        <DayList jobs={jobs} slots={slots} {...rest} />
      ) : shown.id === UNASSIGNED_COLUMN.id ? (
        <ol aria-label="Unassigned jobs" className="space-y-4">
          {TIME_SLOTS.map((slot) => {
            const here = jobsIn(jobs, slot, shown);
            return here.length === 0 ? null : (
              <li key={slot} className="space-y-2">
                <h4 className="font-semibold">{slotWindowLabel(slot)}</h4>
                <Cell jobs={here} {...rest} />
              </li>
            );
          })}
        </ol>
      ) : (
        <DayRunSection technicianId={shown.id} day={day} today={today} name={shown.name} />
      )}
    </div>
  );
}

/**
 * The admin's schedule board for one day (docs/product.md "Staff dashboard"; decision 316): a column
 * per technician and "Unassigned", a row per slot, so the whole day is seen at once on a desk; on a
 * phone the day by slot, or one technician's run at a time. Moving a job is choosing another technician on its card; a clash comes
 * back from the server as the toast's message.
 */
export function ScheduleBoard({ day }: { day: string }) {
  const isWide = useMediaQuery(BOARD_SCREEN);
  const dayJobs = useQuery(api.jobs.list.pageQuery({ query: { from: day, to: day, status: 'all', pageSize: 100 } }));
  const technicians = useQuery(api.jobs.technicians.query());
  // The slots' states (blocked, closed, passed) come from the slot calendar; the board shows without them.
  const calendar = useQuery(api.staffSlots.calendar.query({ query: { from: day, days: 1 } }));
  const calendarDay = calendar.data?.[0];
  const closed = calendarDay ? closedLabel(calendarDay) : null;
  const assign = useAssignTechnician();
  const jobs = dayJobs.data?.items;
  const error = dayJobs.error ?? technicians.error;

  return (
    <section aria-labelledby="board-heading" className="space-y-2">
      <h3 id="board-heading" className="text-base font-bold">
        {shortDay(day)}: who is where
        {closed ? <span className="ml-2 text-sm font-normal text-gray-700">{closed}</span> : null}
      </h3>
      {error ? (
        <p role="alert" className="text-red-700">
          Could not load the board for {shortDay(day)}: {error.message}
        </p>
      ) : !jobs || !technicians.data ? (
        <SkeletonGroup label="Loading the day..." className="grid gap-2 md:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </SkeletonGroup>
      ) : isWide ? (
        <BoardGrid
          day={day}
          jobs={jobs}
          columns={boardColumns(jobs, technicians.data)}
          slots={calendarDay?.slots}
          technicians={technicians.data}
          assign={assign}
        />
      ) : (
        <PhoneDay day={day} jobs={jobs} slots={calendarDay?.slots} technicians={technicians.data} assign={assign} />
      )}
    </section>
  );
}
