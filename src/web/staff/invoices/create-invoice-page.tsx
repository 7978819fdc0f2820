import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { CUSTOMER_INVOICE_STATUSES, type CustomerInvoiceStatus } from '../../../shared/domain/job-status';
import { defaultDueDate } from '../../../shared/domain/invoices';
import { formatDollars, toCents } from '../../../shared/domain/money';
import { SERVICE_LABELS } from '../../../shared/domain/services';
import { perthDay } from '../../../shared/domain/perth-time';
import { createInvoiceForm, type InvoiceLineInput } from '../../../shared/schemas/invoices';
import type { JobDetail } from '../../../shared/schemas/jobs';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api, ApiError, errorMessage } from '../../lib/api';
import { dollars } from '../../lib/format';
import { useApiMutation } from '../../lib/refresh';
import { INVOICE_STATUS_LABELS, money } from './invoice-format';
import { LineItemsEditor, type EditorLine } from './line-items-editor';

const BACK = '/dashboard?tab=invoices';
const LINE_STILL_OPEN_MESSAGE = 'Save or cancel the line you are writing first: it is not on the invoice yet.';

function Notice({ title, message, tone = 'info' }: { title: string; message: string; tone?: 'info' | 'error' }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={
        tone === 'error'
          ? 'rounded-xl border border-red-300 bg-red-50 p-5 text-red-950'
          : 'rounded-xl border border-gray-300 bg-white p-5'
      }
    >
      <h2 className="text-lg font-bold">{title}</h2>
      <p className="mt-1">{message}</p>
      <Link
        href="/dashboard"
        className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-lg bg-charcoal px-4 font-semibold text-white"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" />
        Back to Dashboard
      </Link>
    </div>
  );
}

/**
 * /dashboard/invoices/new?jobId= (docs/product.md "Staff dashboard", "Customer invoices"): the job
 * panel, status, due date and the lines, created in one request (decision 200); totals are the
 * server's.
 */
export default function CreateInvoicePage() {
  const jobId = new URLSearchParams(useSearch()).get('jobId')?.trim() ?? '';
  const job = useQuery({
    ...api.jobs.get.query({ params: { id: jobId || '-' } }),
    enabled: jobId !== '',
    staleTime: 0,
  });

  let body: ReactNode;
  if (!jobId) body = <Notice title="No Job Selected" message="Please select a job to create an invoice for." />;
  else if (job.isPending)
    body = (
      <SkeletonGroup label="Loading job details..." className="space-y-4">
        <p className="text-gray-700">Loading job details...</p>
        <Skeleton className="h-40" />
        <Skeleton className="h-64" />
      </SkeletonGroup>
    );
  else if (job.isError)
    body =
      job.error instanceof ApiError && job.error.status === 404 ? (
        <Notice title="Job Not Found" message="The selected job could not be found." tone="error" />
      ) : (
        <Notice title="Error" message="Error loading job details. Please try again." tone="error" />
      );
  else body = <CreateInvoiceForm job={job.data} />;

  return (
    <main className="mx-auto max-w-4xl space-y-5 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Create Invoice</h1>
        <Link href={BACK} className="inline-flex min-h-11 items-center gap-1 font-semibold underline">
          <ArrowLeft aria-hidden className="h-4 w-4" />
          Invoices
        </Link>
      </div>
      {body}
    </main>
  );
}

function JobPanel({ job }: { job: JobDetail }) {
  const hasAddress = Boolean(job.address && job.suburb && job.postcode);
  const rows: [string, ReactNode][] = [
    ['Job', job.jobNumber],
    ['Service', SERVICE_LABELS[job.serviceType]],
    ['Status', (job.status || 'pending').toUpperCase()],
    ['Customer', [job.customer.name, job.customer.email].filter(Boolean).join(' · ')],
    [
      'Vehicle',
      job.vehicle
        ? `${job.vehicle.year} ${job.vehicle.make} ${job.vehicle.model} (${job.vehicle.registration})`
        : 'Not recorded',
    ],
    ...(hasAddress ? ([['Address', `${job.address}, ${job.suburb} ${job.postcode}`]] as [string, ReactNode][]) : []),
    ['Estimated price', dollars(job.customerValue, 'N/A')],
  ];
  return (
    <section aria-labelledby="job-panel-heading" className="rounded-xl border border-gray-200 bg-white p-4">
      <h2 id="job-panel-heading" className="mb-2 text-lg font-bold">
        Job details
      </h2>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-gray-700">{label}</dt>
            <dd className="font-semibold break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function CreateInvoiceForm({ job }: { job: JobDetail }) {
  const [, navigate] = useLocation();
  const [status, setStatus] = useState<CustomerInvoiceStatus>('draft');
  const [dueDate, setDueDate] = useState(() => defaultDueDate(perthDay(new Date())));
  const [dueDateError, setDueDateError] = useState<string | undefined>();
  const [linePanelOpen, setLinePanelOpen] = useState(false);
  const [lines, setLines] = useState<EditorLine[]>([]);

  // The page is left once the invoices and the job are read again (what invoices.create affects).
  const create = useApiMutation(api.invoices.create, {
    input: (items: InvoiceLineInput[]) => ({ body: { jobId: job.id, status, dueDate, items } }),
    onSuccess: (res) => {
      toast({
        title: 'Invoice Created',
        description: `${res.customerInvoice.invoiceNumber} for ${job.jobNumber}: ${money(res.customerInvoice.totalAmount)}.`,
      });
    },
    onError: (err) =>
      toast({
        title: 'Creation Failed',
        description: errorMessage(err, 'Failed to create invoice.'),
        variant: 'destructive',
      }),
  });

  const submit = () => {
    const items = lines.map(({ description, category, quantity, unitPrice }) => ({
      description,
      category,
      quantity,
      unitPrice,
    }));
    // A line still open in the panel is not on the invoice: it is added (or cancelled) first, never left out unseen.
    if (linePanelOpen) {
      toast({ title: 'Validation Error', description: LINE_STILL_OPEN_MESSAGE, variant: 'destructive' });
      return;
    }
    const parsed = createInvoiceForm.safeParse({ jobId: job.id, status, dueDate, items });
    if (!parsed.success) {
      const due = parsed.error.issues.find((i) => i.path[0] === 'dueDate');
      setDueDateError(due?.message);
      // The lines' own message: none, too many, a total too large or below $0.00.
      const ofLines = parsed.error.issues.find((i) => i.path[0] === 'items' && i.path.length === 1);
      if (ofLines) toast({ title: 'Validation Error', description: ofLines.message, variant: 'destructive' });
      return;
    }
    setDueDateError(undefined);
    create.mutate(items, { onSuccess: () => navigate(BACK) });
  };

  const totalCents = lines.reduce((sum, l) => sum + l.quantity * toCents(l.unitPrice), 0);

  return (
    <div className="space-y-5">
      <JobPanel job={job} />
      <form
        noValidate
        aria-label="New invoice"
        className="space-y-5 rounded-xl border border-gray-200 bg-white p-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Status"
            value={status}
            onChange={(e) => setStatus(e.target.value as CustomerInvoiceStatus)}
          >
            {CUSTOMER_INVOICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {INVOICE_STATUS_LABELS[s]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Due date"
            type="date"
            value={dueDate}
            onChange={(e) => setDueDate(e.target.value)}
            error={dueDateError}
          />
        </div>
        <LineItemsEditor
          lines={lines}
          disabled={create.isPending}
          onSave={(line, index) => {
            const next: EditorLine = {
              description: line.description,
              category: line.category ?? 'labour',
              quantity: Number(line.quantity ?? 1),
              unitPrice: String(line.unitPrice),
            };
            setLines((prev) => (index === null ? [...prev, next] : prev.map((l, i) => (i === index ? next : l))));
          }}
          onDelete={(index) => setLines((prev) => prev.filter((_, i) => i !== index))}
          onPanelOpen={setLinePanelOpen}
        />
        <p className="text-right text-lg">
          Total <span className="font-bold tabular-nums">{formatDollars(totalCents)}</span>
          <span className="block text-sm text-gray-700">
            All prices are GST-inclusive; the server works out the GST.
          </span>
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" disabled={create.isPending} onClick={() => navigate('/dashboard')}>
            Cancel
          </Button>
          <Button type="submit" size="lg" disabled={create.isPending || lines.length === 0}>
            {create.isPending ? 'Creating...' : 'Create Invoice'}
          </Button>
        </div>
      </form>
    </div>
  );
}
