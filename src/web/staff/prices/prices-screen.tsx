import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Percent, Plus, Upload } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { useMediaQuery, WIDE_SCREEN } from '../../components/ui/use-media-query';
import { api } from '../../lib/api';
import { PriceCards, PriceTable } from './price-rows';
import { PageNav } from '../../components/ui/page-nav';
import { dialogOnDemand, fetchAheadOfTap } from '../dialog-on-demand';

// The dialogs' forms validate with zod, which the list never needs (docs/decisions/380-staff-first-screen-without-zod.md).
const isOpen = (props: { open: boolean }) => props.open;
const addPrice = dialogOnDemand(async () => (await import('./add-price-dialog')).AddPriceDialog, isOpen);
const bulkChange = dialogOnDemand(async () => (await import('./bulk-change-dialog')).BulkChangeDialog, isOpen);
const importPrices = dialogOnDemand(async () => (await import('./import-dialog')).ImportDialog, isOpen);
const { Dialog: AddPriceDialog } = addPrice;
const { Dialog: BulkChangeDialog } = bulkChange;
const { Dialog: ImportDialog } = importPrices;
const aheadOfTap = fetchAheadOfTap(addPrice, bulkChange, importPrices);

const PAGE_SIZE = 25;
type Open = 'add' | 'bulk' | 'import' | null;

/**
 * The Prices tab (admin only; decisions 281, 282): the price list searched by size or brand, cards
 * on a phone and a table on a wide screen, inline edit, activate / deactivate, add, bulk change and
 * the supplier CSV import.
 */
export function PricesScreen() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Open>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const deferred = useDeferredValue(search.trim());
  const isWide = useMediaQuery(WIDE_SCREEN);
  const list = useQuery({
    ...api.tyrePrices.list.pageQuery({ query: { search: deferred || undefined, page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const Rows = isWide ? PriceTable : PriceCards;

  return (
    <section aria-labelledby="prices-heading" className="space-y-4" {...aheadOfTap}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="prices-heading" className="text-lg font-bold">
          Tyre prices
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setOpen('add')}>
            <Plus aria-hidden className="h-4 w-4" />
            Add Price
          </Button>
          <Button variant="secondary" onClick={() => setOpen('import')}>
            <Upload aria-hidden className="h-4 w-4" />
            Import CSV
          </Button>
          <Button variant="outline" onClick={() => setOpen('bulk')}>
            <Percent aria-hidden className="h-4 w-4" />
            Bulk Change
          </Button>
        </div>
      </div>

      <div className="sm:max-w-md">
        <TextField
          label="Search by size or brand"
          type="search"
          placeholder="205/55R16 or Michelin"
          autoComplete="off"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </div>

      {list.isPending ? (
        <SkeletonGroup label="Loading prices..." className="grid gap-3 md:grid-cols-2">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-44" />
          ))}
        </SkeletonGroup>
      ) : list.isError ? (
        <p role="alert" className="text-red-700">
          Could not load the prices: {list.error.message}
        </p>
      ) : list.data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-700">
          {deferred ? 'No prices match this search.' : 'The price list is empty. Add a price or import a supplier CSV.'}
        </p>
      ) : (
        <div className={list.isPlaceholderData ? 'opacity-70' : undefined} aria-busy={list.isFetching}>
          <p className="mb-2 text-sm text-gray-700" aria-live="polite">
            {list.data.total} {list.data.total === 1 ? 'price' : 'prices'}
          </p>
          <Rows rows={list.data.items} editingId={editingId} onEdit={setEditingId} />
          <PageNav label="Price pages" page={page} pages={pages} onPage={setPage} className="mt-3" />
        </div>
      )}

      <AddPriceDialog open={open === 'add'} onClose={() => setOpen(null)} />
      <BulkChangeDialog open={open === 'bulk'} onClose={() => setOpen(null)} />
      <ImportDialog open={open === 'import'} onClose={() => setOpen(null)} />
    </section>
  );
}
