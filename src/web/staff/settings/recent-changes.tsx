import { useQuery } from '@tanstack/react-query';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { api } from '../../lib/api';
import { SettingChangeList } from './setting-changes';

const RECENT = 5;

/** The last few changes of one setting, shown under its form. */
export function RecentChanges({ subject, headingId }: { subject: 'fees' | 'business' | 'security' | 'capacity' | 'messages'; headingId: string }) {
  const recent = useQuery(api.settings.history.pageQuery({ query: { subject, page: 1, pageSize: RECENT } }));
  return (
    <section aria-labelledby={headingId} className="mt-6 space-y-2">
      <h3 id={headingId} className="text-base font-bold">
        Recent changes
      </h3>
      {recent.isPending ? (
        <SkeletonGroup label="Loading changes..." className="space-y-2">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </SkeletonGroup>
      ) : recent.isError ? (
        <p role="alert" className="text-red-700">
          Could not load the changes.
        </p>
      ) : recent.data.items.length === 0 ? (
        <p className="text-gray-700">No changes recorded yet.</p>
      ) : (
        <SettingChangeList changes={recent.data.items} />
      )}
    </section>
  );
}
