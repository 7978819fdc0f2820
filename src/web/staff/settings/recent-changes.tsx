import { useQuery } from '@tanstack/react-query';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { api } from '../../lib/api';
import { SettingChangeList } from './setting-changes';

const RECENT = 5;

/**
 * The last few changes of one setting, shown under its form. `section` is the id of the form's
 * section: its heading joins this one's in the region's name ("Recent changes Fees and prices"), so
 * a screen reader's list of regions tells the five apart.
 */
export function RecentChanges({
  subject,
  section,
}: {
  subject: 'fees' | 'business' | 'security' | 'capacity' | 'messages' | 'payment-methods';
  section: string;
}) {
  const headingId = `${section}-changes-heading`;
  const recent = useQuery(api.settings.history.pageQuery({ query: { subject, page: 1, pageSize: RECENT } }));
  return (
    <section aria-labelledby={`${headingId} ${section}-heading`} className="mt-6 space-y-2">
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
