import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';

/** The job dialog while its job (or, on first opening, its code) is on its way. */
export function JobDetailSkeleton() {
  return (
    <SkeletonGroup label="Loading job details..." className="space-y-4">
      <div className="flex gap-3">
        <Skeleton className="h-7 w-28 rounded-full" />
        <Skeleton className="h-7 w-48" />
      </div>
      <Skeleton className="h-12 w-full sm:w-64" />
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-12" />
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
      <Skeleton className="h-48" />
    </SkeletonGroup>
  );
}
