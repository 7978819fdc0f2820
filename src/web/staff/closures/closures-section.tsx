import { useQuery } from '@tanstack/react-query';
import { CalendarX2 } from 'lucide-react';
import { useState } from 'react';
import type { PublicUser } from '../../../shared/schemas/auth';
import type { Closure } from '../../../shared/schemas/closures';
import { formatDayLong } from '../../../shared/domain/perth-time';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { api } from '../../lib/api';
import { ClosureForm } from './closure-form';
import { useClosureActions } from './use-closure-actions';
import { usePerthToday } from '../use-perth-today';

/**
 * The Settings tab's Closures (docs/decisions/287-closures-in-the-business-calendar.md): days the
 * business is shut beyond its opening days and public holidays. Admin only: a technician's
 * Settings tab renders nothing and asks for nothing.
 */
export function ClosuresSection({ user }: { user: PublicUser }) {
  return user.role === 'admin' ? <Closures /> : null;
}

const days = (c: Closure) =>
  c.firstDay === c.lastDay ? formatDayLong(c.firstDay) : `${formatDayLong(c.firstDay)} to ${formatDayLong(c.lastDay)}`;
const jobsNote = (c: Closure) =>
  c.liveJobs === 0 ? null : c.liveJobs === 1 ? '1 booked job kept' : `${c.liveJobs} booked jobs kept`;

function ReopenButton({
  closure,
  busy,
  onReopen,
}: {
  closure: Closure;
  busy: boolean;
  onReopen: (c: Closure) => void;
}) {
  return (
    <Button
      variant="outline"
      className="shrink-0"
      aria-label={`Reopen ${closure.label}`}
      disabled={busy}
      onClick={() => onReopen(closure)}
    >
      {busy ? 'Reopening...' : 'Reopen'}
    </Button>
  );
}

function Closures() {
  const [showPast, setShowPast] = useState(false);
  const [reopening, setReopening] = useState<Closure | null>(null);
  const list = useQuery(api.closures.list.query({ query: { past: showPast ? 'true' : undefined } }));
  const { remove } = useClosureActions({ onFieldErrors: () => undefined, onClosed: () => undefined });
  const today = usePerthToday();

  return (
    <section
      aria-labelledby="closures-heading"
      className="max-w-4xl space-y-4 rounded-xl border border-gray-200 p-4 sm:p-5"
    >
      <div>
        <h2 id="closures-heading" className="flex items-center gap-2 text-lg font-bold">
          <CalendarX2 aria-hidden className="h-5 w-5" />
          Closures
        </h2>
        <p className="text-sm text-gray-700">
          Days you are closed besides your opening days and public holidays. Customers see them as Closed and cannot
          book them.
        </p>
      </div>
      <ClosureForm />

      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{showPast ? 'All closures' : 'Upcoming closures'}</h3>
        <Button
          variant="ghost"
          size="sm"
          className="min-h-11"
          aria-pressed={showPast}
          onClick={() => setShowPast(!showPast)}
        >
          {showPast ? 'Hide past closures' : 'Show past closures'}
        </Button>
      </div>
      {list.isPending ? (
        <SkeletonGroup label="Loading closures..." className="space-y-2">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </SkeletonGroup>
      ) : list.isError ? (
        <p role="alert" className="text-red-700">
          Could not load the closures: {list.error.message}
        </p>
      ) : list.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 p-4 text-center text-gray-700">
          No closures planned. You are open on every opening day.
        </p>
      ) : (
        <div aria-busy={list.isFetching} className={list.isFetching ? 'opacity-70' : undefined}>
          {/* Cards on a phone, a table from 1024 px (docs/decisions/287-closures-in-the-business-calendar.md). */}
          <ul aria-label="Closures" className="space-y-2 lg:hidden">
            {list.data.map((c) => (
              <li
                key={c.id}
                className="flex flex-col gap-2 rounded-lg border border-gray-200 p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-semibold">
                    {c.label}
                    {c.lastDay < today ? <span className="ml-2 text-sm font-normal text-gray-700">(ended)</span> : null}
                  </p>
                  <p className="text-sm text-gray-800">{days(c)}</p>
                  <p className="break-words text-sm text-gray-800">{c.reason}</p>
                  {jobsNote(c) ? <p className="text-sm font-medium text-amber-900">{jobsNote(c)}</p> : null}
                </div>
                <ReopenButton
                  closure={c}
                  busy={remove.isPending && remove.variables?.id === c.id}
                  onReopen={setReopening}
                />
              </li>
            ))}
          </ul>
          <table className="hidden w-full text-left text-sm lg:table">
            <caption className="sr-only">Closures</caption>
            <thead>
              <tr className="border-b border-gray-200">
                <th scope="col" className="py-2 pr-3">
                  Closure
                </th>
                <th scope="col" className="py-2 pr-3">
                  Days
                </th>
                <th scope="col" className="py-2 pr-3">
                  Reason
                </th>
                <th scope="col" className="py-2 pr-3">
                  Booked jobs
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((c) => (
                <tr key={c.id} className="border-b border-gray-100 align-top">
                  <td className="py-2 pr-3 font-semibold">
                    {c.label}
                    {c.lastDay < today ? <span className="ml-2 font-normal text-gray-700">(ended)</span> : null}
                  </td>
                  <td className="py-2 pr-3">{days(c)}</td>
                  <td className="break-words py-2 pr-3">{c.reason}</td>
                  <td className="py-2 pr-3">{jobsNote(c) ?? 'None'}</td>
                  <td className="py-2 text-right">
                    <ReopenButton
                      closure={c}
                      busy={remove.isPending && remove.variables?.id === c.id}
                      onReopen={setReopening}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={reopening !== null}
        onOpenChange={(open) => !open && setReopening(null)}
        title="Reopen these days?"
        message={reopening ? `${reopening.label} (${reopening.reason}) opens for bookings again.` : ''}
        confirmLabel="Reopen"
        pendingLabel="Reopening..."
        isPending={remove.isPending}
        onConfirm={() => reopening && remove.mutate(reopening, { onSettled: () => setReopening(null) })}
      />
    </section>
  );
}
