import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Circle, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { formatDollars, toCents } from '../../../shared/domain/money';
import { formatDayLong, perthToday } from '../../../shared/domain/perth-time';
import {
  draftFormValues,
  purchaseInvoiceForm,
  type JobProfitSummary,
  type PurchaseInvoice,
  type SupplierBillDraft,
} from '../../../shared/schemas/bills';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TextField } from '../../components/ui/field';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';
import { GstBreakdown } from '../expenses';

/**
 * A job's supplier bills and its profit (docs/product.md "Purchase invoices and expenses"; decision
 * 212): list, add, edit, delete, paid toggled by the badge, the ex-GST / GST / inc-GST breakdown.
 * Admin only: the job dialog renders it for admins.
 */
export function PurchaseInvoicesSection({ jobId }: { jobId: string }) {
  const bills = useQuery(api.purchaseInvoices.listForJob.query({ params: { jobId } }));
  const [editing, setEditing] = useState<PurchaseInvoice | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PurchaseInvoice | null>(null);
  const actions = usePurchaseActions();

  return (
    <section aria-labelledby={`purchases-${jobId}`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`purchases-${jobId}`} className="text-lg font-bold">
          Purchase invoices
        </h3>
        {editing === null ? (
          <Button variant="outline" onClick={() => setEditing('new')}>
            <Plus aria-hidden className="h-4 w-4" />
            Add Purchase Invoice
          </Button>
        ) : null}
      </div>

      {editing === 'new' ? (
        <NewPurchaseInvoiceForm key="new" jobId={jobId} onDone={() => setEditing(null)} />
      ) : editing !== null ? (
        <PurchaseInvoiceForm key={editing.id} jobId={jobId} bill={editing} onDone={() => setEditing(null)} />
      ) : null}

      <JobProfit jobId={jobId} />

      {bills.isPending ? (
        <SkeletonGroup label="Loading purchase invoices..." className="space-y-2">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </SkeletonGroup>
      ) : bills.isError ? (
        <p role="alert" className="text-red-700">
          Could not load the purchase invoices: {bills.error.message}
        </p>
      ) : bills.data.length === 0 ? (
        <p className="text-gray-700">
          No purchase invoices for this job yet. Add the supplier bills to see the job&apos;s profit.
        </p>
      ) : (
        <ul aria-label="Purchase invoices" className="divide-y divide-gray-200 rounded-xl border border-gray-200">
          {bills.data.map((bill) => (
            <li key={bill.id} className="space-y-2 p-3">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold">
                    {bill.supplierName} <span className="font-normal text-gray-700">#{bill.invoiceNumber}</span>
                  </p>
                  <p className="text-sm text-gray-700">
                    {formatDayLong(bill.invoiceDate)}
                    {bill.dueDate ? `, due ${formatDayLong(bill.dueDate)}` : ''}
                  </p>
                </div>
                <PaidBadge
                  bill={bill}
                  pending={actions.togglePaid.isPending && actions.togglePaid.variables?.id === bill.id}
                  onToggle={() => actions.togglePaid.mutate(bill)}
                />
              </div>
              <GstBreakdown
                total={bill.totalAmount}
                gst={toCents(bill.gstAmount)}
                label={`Amounts of ${bill.invoiceNumber}`}
              />
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  className="min-h-11"
                  aria-label={`Edit purchase invoice ${bill.invoiceNumber}`}
                  onClick={() => setEditing(bill)}
                >
                  <Pencil aria-hidden className="h-4 w-4" />
                  Edit
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  className="min-h-11 text-red-800 hover:bg-red-50"
                  aria-label={`Delete purchase invoice ${bill.invoiceNumber}`}
                  onClick={() => setDeleting(bill)}
                >
                  <Trash2 aria-hidden className="h-4 w-4" />
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete purchase invoice?"
        message={
          deleting
            ? `Are you sure you want to delete purchase invoice ${deleting.invoiceNumber} from ${deleting.supplierName}?`
            : ''
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        isPending={actions.remove.isPending}
        onConfirm={() => deleting && actions.remove.mutate(deleting, { onSuccess: () => setDeleting(null) })}
      />
    </section>
  );
}

/** Paid or unpaid in words; pressing it toggles (docs/product.md "Purchase invoices and expenses"). */
function PaidBadge({ bill, pending, onToggle }: { bill: PurchaseInvoice; pending: boolean; onToggle: () => void }) {
  const Icon = bill.isPaid ? CheckCircle2 : Circle;
  return (
    <button
      type="button"
      disabled={pending}
      onClick={onToggle}
      aria-label={`${bill.isPaid ? 'Paid' : 'Unpaid'}: mark purchase invoice ${bill.invoiceNumber} as ${bill.isPaid ? 'unpaid' : 'paid'}`}
      className={cn(
        'inline-flex min-h-11 items-center gap-1 rounded-full px-3 text-sm font-semibold ring-1 ring-inset disabled:opacity-60',
        bill.isPaid ? 'bg-green-100 text-green-900 ring-green-300' : 'bg-amber-100 text-amber-950 ring-amber-300',
      )}
    >
      <Icon aria-hidden className="h-4 w-4" />
      {pending ? 'Saving...' : bill.isPaid ? 'Paid' : 'Unpaid'}
    </button>
  );
}

function JobProfit({ jobId }: { jobId: string }) {
  const profit = useQuery(api.purchaseInvoices.jobProfit.query({ params: { jobId } }));
  if (profit.isPending) {
    return (
      <SkeletonGroup label="Loading the job's profit...">
        <Skeleton className="h-16" />
      </SkeletonGroup>
    );
  }
  if (profit.isError) return null;
  return <ProfitSummary p={profit.data} />;
}

function ProfitSummary({ p }: { p: JobProfitSummary }) {
  const money = (v: string) => formatDollars(toCents(v));
  const revenueLabel =
    p.revenueSource === 'invoice'
      ? `Invoice ${p.invoiceNumber ?? ''}`.trim()
      : p.revenueSource === 'quote'
        ? 'Quote (estimate)'
        : 'Revenue';
  const isLoss = p.profit !== null && toCents(p.profit) < 0;
  return (
    <dl aria-label="Job profit" className="grid grid-cols-2 gap-3 rounded-xl border border-gray-200 p-3 sm:grid-cols-4">
      <div>
        <dt className="text-sm text-gray-700">{revenueLabel}</dt>
        <dd className="text-lg font-bold tabular-nums">{p.revenue === null ? 'No price yet' : money(p.revenue)}</dd>
      </div>
      <div>
        <dt className="text-sm text-gray-700">Job costs (inc-GST)</dt>
        <dd className="text-lg font-bold tabular-nums">{money(p.costs)}</dd>
        <dd className="text-xs text-gray-700">
          {money(p.costsExGst)} ex-GST + {money(p.costsGst)} GST
        </dd>
      </div>
      <div>
        <dt className="text-sm text-gray-700">Unpaid costs</dt>
        <dd className="text-lg font-bold tabular-nums">{money(p.unpaidCosts)}</dd>
      </div>
      <div>
        <dt className="text-sm text-gray-700">{p.revenueSource === 'quote' ? 'Profit (estimate)' : 'Profit'}</dt>
        <dd className={cn('text-lg font-bold tabular-nums', isLoss ? 'text-red-800' : 'text-green-900')}>
          {p.profit === null ? 'N/A' : `${money(p.profit)}${isLoss ? ' (loss)' : ''}`}
        </dd>
        {p.margin !== null ? <dd className="text-xs text-gray-700">{p.margin.toFixed(2)}% margin</dd> : null}
      </div>
    </dl>
  );
}

type FormInput = z.input<typeof purchaseInvoiceForm>;
type FormOutput = z.output<typeof purchaseInvoiceForm>;

/** A new bill opens filled in from the job's tyres, their purchase price and the brand's last supplier (decision 419). */
function NewPurchaseInvoiceForm({ jobId, onDone }: { jobId: string; onDone: () => void }) {
  const draft = useQuery(api.purchaseInvoices.draftForJob.query({ params: { jobId } }));
  if (draft.isPending) {
    return (
      <SkeletonGroup label="Filling in the bill from the job...">
        <Skeleton className="h-64" />
      </SkeletonGroup>
    );
  }
  // Without the draft the owner still types the bill, as before.
  return <PurchaseInvoiceForm jobId={jobId} bill={null} draft={draft.data ?? null} onDone={onDone} />;
}

function newBillValues(draft: SupplierBillDraft | null): FormInput {
  if (draft) return draftFormValues(draft);
  return { invoiceNumber: '', supplierName: '', invoiceDate: perthToday(new Date()), totalAmount: '', dueDate: '' };
}

/** What the bill was filled from, and which amounts the owner still has to type. */
function DraftLines({ draft }: { draft: SupplierBillDraft }) {
  if (draft.lines.length === 0) return null;
  const unpriced = draft.lines.some((l) => l.unitCost === null);
  return (
    <div className="rounded-lg bg-gray-50 p-3 text-sm">
      <p className="font-semibold">From the job</p>
      <ul aria-label="Tyres on the bill" className="mt-1 space-y-1">
        {draft.lines.map((l) => (
          <li key={l.description}>
            {l.description}: {l.unitCost === null ? 'no purchase price' : `${formatDollars(toCents(l.unitCost))} each`}
          </li>
        ))}
      </ul>
      {unpriced ? (
        <p className="mt-1 text-amber-950">The price list has no purchase price for these tyres: type the total.</p>
      ) : null}
    </div>
  );
}

function PurchaseInvoiceForm({
  jobId,
  bill,
  draft = null,
  onDone,
}: {
  jobId: string;
  bill: PurchaseInvoice | null;
  draft?: SupplierBillDraft | null;
  onDone: () => void;
}) {
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(purchaseInvoiceForm),
    defaultValues: bill
      ? {
          invoiceNumber: bill.invoiceNumber,
          supplierName: bill.supplierName,
          invoiceDate: bill.invoiceDate,
          totalAmount: bill.totalAmount,
          dueDate: bill.dueDate ?? '',
        }
      : newBillValues(draft),
  });
  const { errors } = form.formState;
  const total = useWatch({ control: form.control, name: 'totalAmount' });
  const actions = usePurchaseActions();
  const saving = actions.create.isPending || actions.update.isPending;
  // Opened from a long job sheet: the form comes to the top of the view, its fields in reach (decision 378).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // Braces: Chromium's scrollIntoView may return a promise, which React would take for a clean-up.
    formRef.current?.scrollIntoView?.({ block: 'start' });
  }, []);

  const submit = (values: FormOutput) => {
    // GST is worked out again by the server from a changed total (docs/product.md "Purchase invoices and expenses").
    const body = {
      invoiceNumber: values.invoiceNumber,
      supplierName: values.supplierName,
      invoiceDate: values.invoiceDate,
      totalAmount: values.totalAmount,
      dueDate: values.dueDate ?? null,
    };
    if (bill) actions.update.mutate({ id: bill.id, body }, { onSuccess: onDone });
    else actions.create.mutate({ ...body, jobId, notes: values.notes ?? null }, { onSuccess: onDone });
  };

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={bill ? `Edit purchase invoice ${bill.invoiceNumber}` : 'Add purchase invoice'}
      className="scroll-mt-24 space-y-3 rounded-xl border-2 border-accent p-3"
      onSubmit={(e) => void form.handleSubmit(submit)(e)}
    >
      {draft ? <DraftLines draft={draft} /> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Supplier name"
          autoComplete="off"
          error={errors.supplierName?.message}
          {...form.register('supplierName')}
        />
        <TextField
          label="Invoice number"
          autoComplete="off"
          error={errors.invoiceNumber?.message}
          {...form.register('invoiceNumber')}
        />
        <TextField
          label="Total inc-GST ($)"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          error={errors.totalAmount?.message}
          {...form.register('totalAmount')}
        />
        <TextField
          label="Invoice date"
          type="date"
          error={errors.invoiceDate?.message}
          {...form.register('invoiceDate')}
        />
        <TextField
          label="Due date (optional)"
          type="date"
          error={errors.dueDate?.message}
          {...form.register('dueDate')}
        />
      </div>
      <GstBreakdown total={total} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : bill ? 'Save Changes' : 'Add Purchase Invoice'}
        </Button>
      </div>
    </form>
  );
}

/** The writes, with the toasts staff see (docs/product.md "Messages the UI shows"); each reads again what its contract affects (the job's bills and profit, the reports). */
function usePurchaseActions() {
  const create = useApiMutation(api.purchaseInvoices.create, {
    input: (body: Parameters<typeof api.purchaseInvoices.create>[0]['body']) => ({ body }),
    onSuccess: (bill) => {
      toast({
        title: 'Purchase Invoice Added',
        description: `${bill.supplierName} #${bill.invoiceNumber}, ${formatDollars(toCents(bill.totalAmount))}.`,
      });
    },
    onError: (err) =>
      toast({
        title: 'Add Failed',
        description: errorMessage(err, 'Failed to add purchase invoice.'),
        variant: 'destructive',
      }),
  });
  const update = useApiMutation(api.purchaseInvoices.update, {
    input: ({ id, body }: { id: string; body: Parameters<typeof api.purchaseInvoices.update>[0]['body'] }) => ({
      params: { id },
      body,
    }),
    onSuccess: (bill) => {
      toast({ title: 'Purchase Invoice Updated', description: `${bill.supplierName} #${bill.invoiceNumber} saved.` });
    },
    onError: (err) =>
      toast({
        title: 'Update Failed',
        description: errorMessage(err, 'Failed to update purchase invoice.'),
        variant: 'destructive',
      }),
  });
  const togglePaid = useApiMutation(api.purchaseInvoices.update, {
    input: (bill: PurchaseInvoice) => ({ params: { id: bill.id }, body: { isPaid: !bill.isPaid } }),
    onSuccess: (bill) => {
      toast({
        title: bill.isPaid ? 'Marked Paid' : 'Marked Unpaid',
        description: `${bill.supplierName} #${bill.invoiceNumber} is now ${bill.isPaid ? 'paid' : 'unpaid'}.`,
      });
    },
    onError: (err) =>
      toast({
        title: 'Update Failed',
        description: errorMessage(err, 'Failed to update purchase invoice.'),
        variant: 'destructive',
      }),
  });
  const remove = useApiMutation(api.purchaseInvoices.remove, {
    input: (bill: PurchaseInvoice) => ({ params: { id: bill.id } }),
    onSuccess: (_v, bill) => {
      toast({
        title: 'Purchase Invoice Deleted',
        description: `${bill.supplierName} #${bill.invoiceNumber} has been deleted.`,
      });
    },
    onError: (err) =>
      toast({
        title: 'Delete Failed',
        description: errorMessage(err, 'Failed to delete purchase invoice.'),
        variant: 'destructive',
      }),
  });
  return { create, update, togglePaid, remove };
}
