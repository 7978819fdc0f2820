import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RefreshCw, Search } from 'lucide-react';
import { useState } from 'react';
import type { PublicUser } from '../../../shared/schemas/auth';
import type { JobListItem, JobListQuery } from '../../../shared/schemas/jobs';
import { FIRST_JOBS_QUERY } from '../../../shared/schemas/staff-first-screen';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { api, errorMessage } from '../../lib/api';
import { DeleteJobConfirm } from './delete-job-confirm';
import { JobCards } from './job-cards';
import { JobDetailDialogLoader, jobDetailAheadOfTap } from './job-detail-loader';
import { pageRangeText } from './job-format';
import { JobsTable } from './jobs-table';
import { useMediaQuery } from '../../components/ui/use-media-query';
import { useDebouncedValue } from '../../lib/use-browser-state';
import { useJobDialogUrl } from './use-job-dialog-url';

export const PAGE_SIZE = FIRST_JOBS_QUERY.pageSize;
const SEARCH_DEBOUNCE_MS = 300;
/** Tailwind's md breakpoint: cards below it, the table from it. */
const WIDE_SCREEN = '(min-width: 48rem)';

type StatusFilter = NonNullable<JobListQuery['status']>;
const STATUS_CHOICES: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All (not cancelled)' },
  { value: 'new', label: 'New' },
  { value: 'in-progress', label: 'In Progress' },
  { value: 'completed', label: 'Completed' },
  { value: 'invoiced', label: 'Invoiced' },
  { value: 'paid', label: 'Paid' },
  { value: 'cancelled', label: 'Cancelled' },
];

type JobsView = 'upcoming' | 'past';
const VIEWS: { value: JobsView; label: string }[] = [
  { value: 'upcoming', label: 'Today and upcoming' },
  { value: 'past', label: 'Past jobs' },
];

/** The list's query. */
function jobsQuery({
  status,
  search,
  when,
  page,
}: {
  status: StatusFilter;
  search: string;
  when: JobsView | undefined;
  page: number;
}): JobListQuery {
  return { status, search: search || undefined, when, page, pageSize: PAGE_SIZE };
}

/**
 * The Jobs tab (admin) and My Jobs (technician): docs/product.md "Staff dashboard". The server
 * gives a technician only their own jobs; this screen hides what their role cannot do.
 */
export function JobsBoard({ user }: { user: PublicUser }) {
  const isAdmin = user.role === 'admin';
  const [status, setStatus] = useState<StatusFilter>('all');
  const [searchText, setSearchText] = useState('');
  const [view, setView] = useState<JobsView>('upcoming');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  // Staff land on today (Perth), then what is coming; past jobs on request; a search looks
  // through every date, since a job number may be from any day (decision 342).
  const when = search ? undefined : view;
  // A new filter starts again at page 1.
  const filterKey = `${status}|${search}|${view}`;
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const goTo = (p: number) => setPaging({ key: filterKey, page: p });

  const isWide = useMediaQuery(WIDE_SCREEN);
  const dialog = useJobDialogUrl();
  const [deleting, setDeleting] = useState<JobListItem | null>(null);

  const jobs = useQuery({
    ...api.jobs.list.pageQuery({ query: jobsQuery({ status, search, when, page }) }),
    placeholderData: keepPreviousData,
    // Read again each time the tab opens: bookings arrive all day.
    staleTime: 0,
  });
  const total = jobs.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const heading = isAdmin ? 'Jobs' : 'My Jobs';

  return (
    <section aria-labelledby="jobs-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="jobs-heading" className="text-xl font-bold">
          {heading}
        </h2>
        <Button variant="outline" onClick={() => void jobs.refetch()} disabled={jobs.isFetching}>
          <RefreshCw
            aria-hidden
            className={jobs.isFetching ? 'h-4 w-4 animate-spin motion-reduce:animate-none' : 'h-4 w-4'}
          />
          {jobs.isFetching ? 'Refreshing...' : 'Refresh'}
        </Button>
      </div>

      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <div className="relative">
          <TextField
            label="Search"
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            placeholder="Job number, name, phone, rego, suburb"
            value={searchText}
            maxLength={100}
            onChange={(e) => setSearchText(e.target.value)}
            className="pl-10"
          />
          <Search aria-hidden className="pointer-events-none absolute bottom-3 left-3 h-5 w-5 text-gray-500" />
        </div>
        <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
          {STATUS_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </SelectField>
      </div>

      <div role="group" aria-label="Which jobs" className="grid grid-cols-2 gap-2 sm:inline-grid">
        {VIEWS.map((v) => (
          <Button
            key={v.value}
            variant={view === v.value ? 'primary' : 'outline'}
            aria-pressed={view === v.value}
            disabled={Boolean(search)}
            onClick={() => setView(v.value)}
          >
            {v.label}
          </Button>
        ))}
      </div>

      {jobs.isPending ? (
        <JobsSkeleton isWide={isWide} />
      ) : jobs.isError ? (
        <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{isAdmin ? 'Failed to fetch jobs' : 'Failed to fetch assigned jobs'}</p>
          <p className="mt-1 text-sm">{errorMessage(jobs.error, jobs.error.message)}</p>
          <Button variant="outline" className="mt-3" onClick={() => void jobs.refetch()}>
            Try again
          </Button>
        </div>
      ) : jobs.data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 bg-white p-6 text-center text-gray-800">
          {search || status !== 'all'
            ? 'No jobs match these filters.'
            : view === 'past'
              ? 'No past jobs.'
              : isAdmin
                ? 'No jobs today or coming up. New bookings appear here.'
                : 'No jobs are assigned to you today or coming up.'}
        </p>
      ) : (
        <div
          aria-busy={jobs.isPlaceholderData}
          className={jobs.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
          {...jobDetailAheadOfTap}
        >
          {isWide ? (
            <JobsTable
              jobs={jobs.data.items}
              isAdmin={isAdmin}
              onView={(j) => dialog.open(j.id)}
              onDelete={setDeleting}
            />
          ) : (
            <JobCards
              jobs={jobs.data.items}
              isAdmin={isAdmin}
              onView={(j) => dialog.open(j.id)}
              onDelete={setDeleting}
            />
          )}
        </div>
      )}

      {jobs.data && total > 0 ? (
        <nav aria-label="Pages of jobs" className="flex flex-wrap items-center justify-between gap-3">
          <p aria-live="polite" className="text-gray-800 tabular-nums">
            {pageRangeText(page, PAGE_SIZE, total)}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" disabled={page <= 1 || jobs.isFetching} onClick={() => goTo(page - 1)}>
              Previous
            </Button>
            <Button variant="outline" disabled={page >= lastPage || jobs.isFetching} onClick={() => goTo(page + 1)}>
              Next
            </Button>
          </div>
        </nav>
      ) : null}

      <DeleteJobConfirm job={deleting} onClose={() => setDeleting(null)} />
      <JobDetailDialogLoader open={dialog.isOpen} jobId={dialog.jobId} user={user} onClose={dialog.close} />
    </section>
  );
}

function JobsSkeleton({ isWide }: { isWide: boolean }) {
  return (
    <SkeletonGroup label="Loading jobs..." className="space-y-3">
      {Array.from({ length: isWide ? 8 : 4 }, (_, i) =>
        isWide ? (
          <div key={i} className="flex items-center gap-4 rounded-lg border border-gray-100 bg-white p-3">
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-5 flex-1" />
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-6 w-24 rounded-full" />
            <Skeleton className="h-9 w-28" />
          </div>
        ) : (
          <div key={i} className="space-y-3 rounded-xl border border-gray-100 bg-white p-4">
            <div className="flex justify-between">
              <Skeleton className="h-6 w-28" />
              <Skeleton className="h-6 w-24 rounded-full" />
            </div>
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-11 w-full" />
          </div>
        ),
      )}
    </SkeletonGroup>
  );
}
