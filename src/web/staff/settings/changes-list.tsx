import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { api } from '../../lib/api';
import { perthDateTime } from '../../../shared/domain/perth-time';
import { pageRangeText } from '../../lib/format';
import { describeChange, SettingChangeList } from './setting-changes';

const PAGE_SIZE = 20;

/**
 * "Changes": every change to the settings, the price list, closures and suburb pages, newest first,
 * with who and when (docs/decisions/280-owner-settings-in-the-database.md). A list on a phone, a
 * table on a wide screen.
 */
export function ChangesSection() {
  const [page, setPage] = useState(1);
  const changes = useQuery({
    ...api.settings.history.pageQuery({ query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const pages = changes.data ? Math.max(1, Math.ceil(changes.data.total / PAGE_SIZE)) : 1;
  return (
    <section
      id="changes"
      aria-labelledby="changes-heading"
      className="scroll-mt-20 rounded-xl border border-gray-200 p-4 sm:p-5"
    >
      <h2 id="changes-heading" className="text-lg font-bold">
        Changes
      </h2>
      <p className="mt-1 text-gray-700">Who changed which setting, when, from what to what.</p>
      {changes.isPending ? (
        <SkeletonGroup label="Loading changes..." className="mt-4 space-y-2">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </SkeletonGroup>
      ) : changes.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          Could not load the changes.
        </p>
      ) : changes.data.items.length === 0 ? (
        <p className="mt-4 text-gray-700">No changes recorded yet.</p>
      ) : (
        <div className={changes.isPlaceholderData ? 'mt-4 opacity-60' : 'mt-4'}>
          <div className="lg:hidden">
            <SettingChangeList changes={changes.data.items} showSubject />
          </div>
          <table className="hidden w-full text-left lg:table">
            <thead className="border-b border-gray-200 text-sm text-gray-700">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  When
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Who
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Setting
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Change
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {changes.data.items.map((c) => (
                <tr key={c.id}>
                  <td className="py-2 pr-4 whitespace-nowrap">
                    <time dateTime={c.at}>{perthDateTime(c.at)}</time>
                  </td>
                  <td className="py-2 pr-4">{c.actor ?? 'System'}</td>
                  <td className="py-2 pr-4">{c.label}</td>
                  <td className="py-2 break-words">{describeChange(c)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="mt-3 flex items-center justify-between gap-2">
            <Button variant="outline" disabled={page <= 1 || changes.isFetching} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <p className="text-sm text-gray-700" aria-live="polite">
              {pageRangeText(page, PAGE_SIZE, changes.data.total)}
            </p>
            <Button
              variant="outline"
              disabled={page >= pages || changes.isFetching}
              onClick={() => setPage((p) => p + 1)}
            >
              Next
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
