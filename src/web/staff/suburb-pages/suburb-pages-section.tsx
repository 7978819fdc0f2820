import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Power } from 'lucide-react';
import { useState } from 'react';
import { fillPlaceholders } from '../../../shared/domain/business-placeholders';
import { placeholderValuesOf } from './placeholder-values';
import { REGIONS } from '../../../shared/reference/service-area';
import type { AdminSuburbPage, SuburbPageListQuery } from '../../../shared/schemas/suburb-pages';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { useMediaQuery, WIDE_SCREEN } from '../../components/ui/use-media-query';
import { api } from '../../lib/api';
import { useDebouncedValue } from '../../lib/use-browser-state';
import { useSuburbPageActions } from './use-suburb-page-actions';
import { useStaffBusiness } from '../business';
import { PageNav } from '../../components/ui/page-nav';
import { dialogOnDemand, fetchAheadOfTap } from '../dialog-on-demand';

// The dialogs' forms validate with zod, which the list never needs (docs/decisions/380-staff-first-screen-without-zod.md).
const editPage = dialogOnDemand(
  async () => (await import('./suburb-page-dialog')).EditSuburbPageDialog,
  (p) => p.page !== null,
);
const addPage = dialogOnDemand(
  async () => (await import('./suburb-page-dialog')).AddSuburbPageDialog,
  (p) => p.open,
);
const { Dialog: EditSuburbPageDialog } = editPage;
const { Dialog: AddSuburbPageDialog } = addPage;
const aheadOfTap = fetchAheadOfTap(editPage, addPage);

// Ten a page: the list sits in the middle of the settings page, and a phone scrolls past all of it (decision 381).
const PAGE_SIZE = 10;
type Region = NonNullable<SuburbPageListQuery['region']>;
type Status = NonNullable<SuburbPageListQuery['status']>;

/**
 * The owner's suburb pages (docs/decisions/284-suburb-pages-from-the-dashboard.md): search, region
 * and status filters, switch a page off or on, edit its words with a preview, add a suburb. Cards on
 * a phone, a table from 1024 px.
 */
export function SuburbPagesSection() {
  const [search, setSearch] = useState('');
  const [region, setRegion] = useState<Region>('all');
  const [status, setStatus] = useState<Status>('all');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminSuburbPage | null>(null);
  const [adding, setAdding] = useState(false);
  // The business the preview fills the placeholders with: what the server put in the page.
  const business = useStaffBusiness();
  const searched = useDebouncedValue(search.trim(), 300);
  const list = useQuery({
    ...api.suburbPages.list.pageQuery({
      query: { search: searched || undefined, region, status, page, pageSize: PAGE_SIZE },
    }),
    placeholderData: keepPreviousData,
  });
  const isWide = useMediaQuery(WIDE_SCREEN);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  // The list shows each title as visitors read it (docs/decisions/285-suburb-page-placeholders.md).
  const titleOf = (p: AdminSuburbPage) =>
    business ? fillPlaceholders(p.title, placeholderValuesOf(business)) : p.title;
  const filtered = (set: () => void) => {
    set();
    setPage(1);
  };

  return (
    <section
      aria-labelledby="suburb-pages-heading"
      className="space-y-4 rounded-xl border border-gray-200 p-4 sm:p-5"
      {...aheadOfTap}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="suburb-pages-heading" className="text-lg font-bold">
            Suburb pages
          </h2>
          <p className="text-sm text-gray-700">What each suburb&apos;s page says, and whether it is on the site.</p>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden className="h-4 w-4" />
          Add a suburb
        </Button>
      </div>

      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="Search suburbs"
          type="search"
          placeholder="Name or postcode"
          value={search}
          onChange={(e) => filtered(() => setSearch(e.target.value))}
        />
        <SelectField
          label="Region"
          value={region}
          onChange={(e) => filtered(() => setRegion(e.target.value as Region))}
        >
          <option value="all">All regions</option>
          {REGIONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => filtered(() => setStatus(e.target.value as Status))}
        >
          <option value="all">Active and inactive</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </SelectField>
      </div>

      {list.isPending ? (
        <SkeletonGroup label="Loading suburb pages..." className="grid gap-3">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </SkeletonGroup>
      ) : list.isError ? (
        <p role="alert" className="text-red-700">
          Could not load the suburb pages: {list.error.message}
        </p>
      ) : list.data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-700">
          No suburb pages match the search and filters.
        </p>
      ) : (
        <div className={list.isPlaceholderData ? 'space-y-3 opacity-70' : 'space-y-3'}>
          <p className="text-sm text-gray-700" aria-live="polite">
            {list.data.total} {list.data.total === 1 ? 'suburb page' : 'suburb pages'}
          </p>
          {isWide ? (
            <PagesTable pages={list.data.items} titleOf={titleOf} onEdit={setEditing} />
          ) : (
            <PageCards pages={list.data.items} titleOf={titleOf} onEdit={setEditing} />
          )}
          <PageNav label="Suburb page pages" page={page} pages={pages} onPage={setPage} />
        </div>
      )}

      {business ? (
        <>
          <EditSuburbPageDialog page={editing} business={business} onClose={() => setEditing(null)} />
          <AddSuburbPageDialog open={adding} business={business} onClose={() => setAdding(false)} />
        </>
      ) : null}
    </section>
  );
}

function StatusBadge({ page }: { page: AdminSuburbPage }) {
  return (
    <span
      className={
        page.isActive
          ? 'shrink-0 rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-semibold text-green-900'
          : 'shrink-0 rounded-full bg-gray-200 px-2.5 py-0.5 text-sm font-semibold text-gray-900'
      }
    >
      {page.isActive ? 'Active' : 'Inactive'}
    </span>
  );
}

function PageActions({ page, onEdit }: { page: AdminSuburbPage; onEdit: (page: AdminSuburbPage) => void }) {
  const { setActive } = useSuburbPageActions();
  const pending = setActive.isPending;
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        className="min-h-11"
        aria-label={`Edit ${page.suburb}`}
        onClick={() => onEdit(page)}
      >
        <Pencil aria-hidden className="h-4 w-4" />
        Edit
      </Button>
      <Button
        variant={page.isActive ? 'outline' : 'secondary'}
        size="sm"
        className="min-h-11"
        aria-label={`${page.isActive ? 'Deactivate' : 'Activate'} ${page.suburb}`}
        disabled={pending}
        onClick={() => setActive.mutate({ page, isActive: !page.isActive })}
      >
        <Power aria-hidden className="h-4 w-4" />
        {pending ? 'Saving...' : page.isActive ? 'Deactivate' : 'Activate'}
      </Button>
    </div>
  );
}

function PageCards({
  pages,
  titleOf,
  onEdit,
}: {
  pages: AdminSuburbPage[];
  titleOf: (page: AdminSuburbPage) => string;
  onEdit: (page: AdminSuburbPage) => void;
}) {
  return (
    <ul aria-label="Suburb pages" className="grid gap-3 md:grid-cols-2">
      {pages.map((p) => (
        <li key={p.id} className="card-in-long-list space-y-2 rounded-xl border border-gray-200 p-4">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-semibold">
                {p.suburb} {p.postcode}
              </p>
              <p className="text-sm text-gray-700">{p.region}</p>
              <p className="break-words text-sm text-gray-800">{titleOf(p)}</p>
            </div>
            <StatusBadge page={p} />
          </div>
          <PageActions page={p} onEdit={onEdit} />
        </li>
      ))}
    </ul>
  );
}

const th = 'px-3 py-3 text-left text-sm font-semibold text-gray-800';
const td = 'px-3 py-3 align-top';

function PagesTable({
  pages,
  titleOf,
  onEdit,
}: {
  pages: AdminSuburbPage[];
  titleOf: (page: AdminSuburbPage) => string;
  onEdit: (page: AdminSuburbPage) => void;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white">
      <table className="w-full border-collapse">
        <caption className="sr-only">Suburb pages</caption>
        <thead className="border-b border-gray-200 bg-gray-50">
          <tr>
            <th scope="col" className={th}>
              Suburb
            </th>
            <th scope="col" className={th}>
              Region
            </th>
            <th scope="col" className={th}>
              Title
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={`${th} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {pages.map((p) => (
            <tr key={p.id}>
              <th scope="row" className={`${td} text-left font-semibold`}>
                {p.suburb} <span className="font-normal text-gray-700">{p.postcode}</span>
              </th>
              <td className={td}>{p.region}</td>
              <td className={`${td} max-w-md break-words`}>{titleOf(p)}</td>
              <td className={td}>
                <StatusBadge page={p} />
              </td>
              <td className={`${td} text-right`}>
                <PageActions page={p} onEdit={onEdit} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
