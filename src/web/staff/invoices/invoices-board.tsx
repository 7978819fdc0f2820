import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Ban, Download, Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { CUSTOMER_INVOICE_STATUSES, type CustomerInvoiceStatus } from '../../../shared/domain/job-status';
import { deleteActionOf, JOB_REQUIRED_MESSAGE } from '../../../shared/domain/invoices';
import type { InvoiceListItem, InvoiceListQuery } from '../../../shared/schemas/invoices';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/field';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { useMediaQuery } from '../../components/ui/use-media-query';
import { api, errorMessage } from '../../lib/api';
import { pageRangeText } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-browser-state';
import { INVOICE_STATUS_LABELS, money, shortDay } from './invoice-format';
import { InvoiceDialogLoader, invoiceDialogAheadOfTap } from './invoice-dialog-loader';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { RemoveInvoiceConfirm } from './remove-invoice-confirm';
import { useBulkStatus, useDeleteInvoice, useDownloadPdf } from './use-invoice-actions';

const PAGE_SIZE = 25;
/** The list is read again every 30 seconds while it is open (docs/product.md "Staff dashboard"). */
const REFRESH_MS = 30_000;
type StatusFilter = NonNullable<InvoiceListQuery['status']>;

/** The Invoices tab (admin): docs/product.md "Staff dashboard", "Customer invoices". */
export function InvoicesBoard() {
  const [status, setStatus] = useState<StatusFilter>('all');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const [showVoid, setShowVoid] = useState(false);
  const filterKey = `${status}|${search}|${showVoid}`;
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkTo, setBulkTo] = useState<CustomerInvoiceStatus>('sent');
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<InvoiceListItem | null>(null);
  const [choosingJob, setChoosingJob] = useState(false);

  const list = useQuery({
    ...api.invoices.list.pageQuery({
      query: {
        status,
        search: search || undefined,
        voided: showVoid || status === 'cancelled' ? undefined : 'hide',
        page,
        pageSize: PAGE_SIZE,
      },
    }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: REFRESH_MS,
  });
  // One of the two is in the page, so a phone's first screen holds the cards only (decision 370).
  const isTable = useMediaQuery('(min-width: 768px)');
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const bulk = useBulkStatus(() => setSelected(new Set()));
  const remove = useDeleteInvoice(() => setDeleting(null));
  const download = useDownloadPdf();

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allOnPage = items.length > 0 && items.every((i) => selected.has(i.id));

  const rowActions = (inv: InvoiceListItem) => (
    <div className="flex gap-1">
      <Button
        variant="ghost"
        className="w-11 px-0"
        aria-label={`Edit ${inv.invoiceNumber}`}
        {...invoiceDialogAheadOfTap}
        onClick={() => setEditing(inv.id)}
      >
        <Pencil aria-hidden className="h-4 w-4" />
      </Button>
      <Button
        variant="ghost"
        className="w-11 px-0"
        aria-label={`Download PDF of ${inv.invoiceNumber}`}
        disabled={download.isPending}
        onClick={() => download.mutate(inv)}
      >
        <Download aria-hidden className="h-4 w-4" />
      </Button>
      {deleteActionOf(inv) === 'delete' ? (
        <Button
          variant="ghost"
          className="w-11 px-0 text-red-800"
          aria-label={`Delete ${inv.invoiceNumber}`}
          onClick={() => setDeleting(inv)}
        >
          <Trash2 aria-hidden className="h-4 w-4" />
        </Button>
      ) : deleteActionOf(inv) === 'void' ? (
        <Button
          variant="ghost"
          className="w-11 px-0 text-red-800"
          aria-label={`Void ${inv.invoiceNumber}`}
          onClick={() => setDeleting(inv)}
        >
          <Ban aria-hidden className="h-4 w-4" />
        </Button>
      ) : null}
    </div>
  );
  const checkbox = (inv: InvoiceListItem) => (
    // The box is small; its label is the 44 px area a thumb taps.
    <label className="inline-flex h-11 w-11 cursor-pointer items-center justify-center">
      <input
        type="checkbox"
        className="h-5 w-5 accent-charcoal"
        aria-label={`Select ${inv.invoiceNumber}`}
        checked={selected.has(inv.id)}
        onChange={() => toggle(inv.id)}
      />
    </label>
  );

  return (
    <section aria-labelledby="invoices-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="invoices-heading" className="text-xl font-bold">
          Invoices
        </h2>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RefreshCw
              aria-hidden
              className={list.isFetching ? 'h-4 w-4 animate-spin motion-reduce:animate-none' : 'h-4 w-4'}
            />
            {list.isFetching ? 'Refreshing...' : 'Refresh'}
          </Button>
          <Button onClick={() => setChoosingJob(true)}>
            <Plus aria-hidden className="h-4 w-4" />
            New Invoice
          </Button>
        </div>
      </div>

      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <TextField
          label="Search"
          type="search"
          placeholder="Invoice, job, customer or email"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
        />
        <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
          <option value="all">All</option>
          {CUSTOMER_INVOICE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {INVOICE_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <label className="flex min-h-11 items-center gap-2 font-medium sm:col-span-2">
          <input
            type="checkbox"
            className="h-5 w-5 accent-charcoal"
            checked={showVoid}
            onChange={(e) => setShowVoid(e.target.checked)}
          />
          Show void and cancelled invoices
        </label>
      </div>

      <div
        className="flex flex-wrap items-end gap-2 rounded-xl bg-gray-50 p-3"
        role="group"
        aria-label="Change status of selected invoices"
      >
        <label className="flex min-h-11 items-center gap-2 font-medium">
          <input
            type="checkbox"
            className="h-5 w-5 accent-charcoal"
            checked={allOnPage}
            onChange={() => setSelected(allOnPage ? new Set() : new Set(items.map((i) => i.id)))}
            disabled={items.length === 0}
          />
          Select all on this page
        </label>
        <div className="min-w-40 flex-1 sm:flex-none">
          <SelectField
            label={`Set ${selected.size} selected to`}
            value={bulkTo}
            onChange={(e) => setBulkTo(e.target.value as CustomerInvoiceStatus)}
          >
            {CUSTOMER_INVOICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {INVOICE_STATUS_LABELS[s]}
              </option>
            ))}
          </SelectField>
        </div>
        <Button
          variant="secondary"
          disabled={selected.size === 0 || bulk.isPending}
          onClick={() => bulk.mutate({ ids: [...selected], status: bulkTo })}
        >
          {bulk.isPending ? 'Updating...' : 'Change Status'}
        </Button>
      </div>

      {list.isPending ? (
        <SkeletonGroup label="Loading invoices..." className="space-y-2">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </SkeletonGroup>
      ) : list.isError ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          {errorMessage(list.error, 'Failed to fetch invoices')}
        </p>
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-gray-700">
          {search || status !== 'all'
            ? 'No invoices match the current filters.'
            : 'No invoices yet. Generate one from a completed job.'}
        </p>
      ) : !isTable ? (
        <ul className="space-y-2" aria-label="Invoices">
          {items.map((inv) => (
            <li key={inv.id} className="card-in-long-list rounded-xl border border-gray-200 bg-white p-3">
              <div className="flex items-start gap-3">
                <div className="-ml-3 pt-1">{checkbox(inv)}</div>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-bold">{inv.invoiceNumber}</span>
                    <InvoiceStatusBadge status={inv.shownStatus} />
                  </div>
                  <p className="truncate text-gray-800">
                    {inv.job.jobNumber} · {inv.job.customer.name}
                  </p>
                  <p className="text-sm text-gray-700">
                    {shortDay(inv.invoiceDate)} · due {inv.dueDate ? shortDay(inv.dueDate) : 'on receipt'}
                  </p>
                  <p className="text-lg font-bold tabular-nums">{money(inv.totalAmount)}</p>
                </div>
              </div>
              <div className="mt-2 flex justify-end">{rowActions(inv)}</div>
            </li>
          ))}
        </ul>
      ) : (
        <table className="w-full text-left">
          <thead className="border-b border-gray-300 text-sm text-gray-700">
            <tr>
              <th className="w-10 py-2">
                <span className="sr-only">Select</span>
              </th>
              <th className="py-2 pr-2 font-medium">Invoice</th>
              <th className="py-2 pr-2 font-medium">Job</th>
              <th className="py-2 pr-2 font-medium">Customer</th>
              <th className="py-2 pr-2 font-medium">Date</th>
              <th className="py-2 pr-2 font-medium">Due</th>
              <th className="py-2 pr-2 text-right font-medium">Total</th>
              <th className="py-2 pr-2 font-medium">Status</th>
              <th className="py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((inv) => (
              <tr key={inv.id} className="border-b border-gray-100">
                <td className="py-1">{checkbox(inv)}</td>
                <td className="py-1 pr-2 font-semibold">{inv.invoiceNumber}</td>
                <td className="py-1 pr-2">{inv.job.jobNumber}</td>
                <td className="py-1 pr-2">{inv.job.customer.name}</td>
                <td className="py-1 pr-2 whitespace-nowrap">{shortDay(inv.invoiceDate)}</td>
                <td className="py-1 pr-2 whitespace-nowrap">{inv.dueDate ? shortDay(inv.dueDate) : 'On receipt'}</td>
                <td className="py-1 pr-2 text-right font-semibold tabular-nums">{money(inv.totalAmount)}</td>
                <td className="py-1 pr-2">
                  <InvoiceStatusBadge status={inv.shownStatus} />
                </td>
                <td className="py-1">{rowActions(inv)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <nav aria-label="Invoice pages" className="flex items-center justify-between gap-2">
        <p className="text-sm text-gray-700">Showing {pageRangeText(page, PAGE_SIZE, total)}</p>
        <div className="flex gap-2">
          <Button variant="outline" disabled={page <= 1} onClick={() => setPaging({ key: filterKey, page: page - 1 })}>
            Previous
          </Button>
          <Button
            variant="outline"
            disabled={page >= lastPage}
            onClick={() => setPaging({ key: filterKey, page: page + 1 })}
          >
            Next
          </Button>
        </div>
      </nav>

      <InvoiceDialogLoader invoiceId={editing} onClose={() => setEditing(null)} />
      <RemoveInvoiceConfirm
        invoice={deleting}
        onClose={() => setDeleting(null)}
        isPending={remove.isPending}
        onConfirm={(inv) => remove.mutate(inv)}
      />
      <ChooseJobDialog open={choosingJob} onClose={() => setChoosingJob(false)} />
    </section>
  );
}

/** 'New Invoice': choose a completed job, then the Create Invoice screen (docs/product.md "Staff dashboard"). */
function ChooseJobDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [, navigate] = useLocation();
  const [jobId, setJobId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const jobs = useQuery({
    ...api.jobs.list.query({ query: { status: 'completed', pageSize: 100 } }),
    enabled: open,
    staleTime: 0,
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="New Invoice"
      description="Invoices are made for completed jobs."
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!jobId) return setError(JOB_REQUIRED_MESSAGE);
          navigate(`/dashboard/invoices/new?jobId=${encodeURIComponent(jobId)}`);
        }}
      >
        <SelectField
          label="Job"
          value={jobId}
          error={error}
          onChange={(e) => (setJobId(e.target.value), setError(undefined))}
          disabled={jobs.isPending}
        >
          <option value="">{jobs.isPending ? 'Loading jobs...' : 'Choose a completed job'}</option>
          {(jobs.data ?? []).map((j) => (
            <option key={j.id} value={j.id}>
              {j.jobNumber} · {j.customer.name}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Continue</Button>
        </div>
      </form>
    </Dialog>
  );
}
