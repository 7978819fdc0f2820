import type { LucideIcon } from 'lucide-react';
import { cn } from '../../components/ui/cn';
import { Skeleton } from '../../components/ui/skeleton';

export type Stat = { label: string; value: number | undefined; icon: LucideIcon };

/** The count cards at the top of the Schedule tab; a skeleton stands in for a count still loading. */
export function StatCards({ stats, label }: { stats: Stat[]; label: string }) {
  return (
    // Three counts share one row even on a phone; four go two by two, then in a row.
    <ul
      aria-label={label}
      className={cn('grid gap-3', stats.length === 3 ? 'grid-cols-3' : 'grid-cols-2 lg:grid-cols-4')}
    >
      {stats.map(({ label: name, value, icon: Icon }) => (
        <li key={name} className="min-w-0 rounded-xl border border-gray-200 bg-white p-3 sm:p-4">
          <p className="flex items-center gap-2 text-sm font-medium text-gray-700">
            <Icon aria-hidden className="hidden h-4 w-4 shrink-0 sm:block" />
            {name}
          </p>
          {value === undefined ? (
            <>
              <Skeleton className="mt-2 h-8 w-12" />
              <span className="sr-only">Loading</span>
            </>
          ) : (
            <p className="mt-1 text-3xl font-bold tabular-nums">{value}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
