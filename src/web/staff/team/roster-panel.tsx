import { CalendarDays } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '../../components/ui/button';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';

// Loaded (with the zod it validates with) when a roster is first opened (docs/decisions/380-staff-first-screen-without-zod.md).
const RosterEditor = lazy(async () => ({ default: (await import('./roster-editor')).RosterEditor }));

/** The "Roster" button on a technician's row: opens and closes their roster below the row. */
export function RosterButton({
  technicianId,
  username,
  open,
  onToggle,
}: {
  technicianId: string;
  username: string;
  open: boolean;
  onToggle: () => void;
}) {
  return (
    <Button
      variant="outline"
      aria-expanded={open}
      aria-controls={`roster-${technicianId}`}
      aria-label={`Roster of ${username}`}
      onClick={onToggle}
    >
      <CalendarDays aria-hidden className="h-4 w-4" />
      Roster
    </Button>
  );
}

export function RosterPanel({ technicianId, username }: { technicianId: string; username: string }) {
  return (
    <div id={`roster-${technicianId}`} className="mt-4 border-t border-gray-200 pt-4">
      <h3 className="mb-3 text-base font-bold">Roster of {username}</h3>
      <Suspense
        fallback={
          <SkeletonGroup label="Loading..." className="space-y-3">
            <Skeleton className="h-11" />
            <Skeleton className="h-24" />
          </SkeletonGroup>
        }
      >
        <RosterEditor technicianId={technicianId} username={username} />
      </Suspense>
    </div>
  );
}
