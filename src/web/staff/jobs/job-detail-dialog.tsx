import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CalendarClock, Trash2, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { mayMove } from '../../../shared/domain/job-status';
import { SERVICE_LABELS } from '../../../shared/domain/services';
import type { PublicUser } from '../../../shared/schemas/auth';
import type { JobDetail } from '../../../shared/schemas/jobs';
import { PAYMENT_FLAGS, type PaymentFlag } from '../../../shared/schemas/payments';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { api, errorMessage } from '../../lib/api';
import { dollars } from '../../lib/format';
import { AssignTechnician } from './assign-technician';
import { CancelJobPanel } from './cancel-job-panel';
import { DeleteJobConfirm } from './delete-job-confirm';
import { JobContactLinks } from './job-contact-links';
import { OnMyWayButton } from './on-my-way-button';
import { formatJobVisit, fullAddress } from './job-format';
import { JobDetailSkeleton } from './job-detail-skeleton';
import { JobHistory } from './job-history';
import { JobPhotos } from './job-photos';
import { JobStatusAction } from './job-status-action';
import { JobQueueNotices } from '../offline';
import { OnsitePaymentSection } from './onsite-payment-section';
import { AddJobPhotos } from './add-job-photos';
import { AddJobNote } from './add-job-note';
import { FittedTyresSection } from './fitted-tyres-section';
import { JobPartsSection } from './job-parts-section';
import { JobStatusBadge } from './job-status-badge';
import { JobTimeline } from './job-timeline';
import { PurchaseInvoicesSection } from './purchase-invoices-section';
import { ReschedulePanel } from './reschedule-panel';

/**
 * The job detail (docs/product.md "Staff dashboard"), opened from the Jobs tab or anywhere that
 * links to `?tab=jobs&job={id}`. What a technician cannot do is not shown to them.
 */
export function JobDetailDialog({
  open,
  jobId,
  user,
  onClose,
}: {
  open: boolean;
  jobId: string;
  user: PublicUser;
  onClose: () => void;
}) {
  const job = useQuery({
    ...api.jobs.get.query({ params: { id: jobId || '-' } }),
    enabled: open && jobId !== '',
    staleTime: 0,
  });
  const title = job.data && job.data.id === jobId ? `Job ${job.data.jobNumber}` : 'Job details';

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={title} className="sm:max-w-3xl!">
      {!jobId ? (
        <StateMessage>Error: No job ID provided</StateMessage>
      ) : job.isPending ? (
        <JobDetailSkeleton />
      ) : job.data ? (
        <>
          {/* A refresh that failed (offline, a dropped connection) keeps the job on screen, and what is typed in it. */}
          {job.isError ? <RefreshFailed onRetry={() => void job.refetch()} /> : null}
          <JobDetailContent key={job.data.id} job={job.data} isAdmin={user.role === 'admin'} onDeleted={onClose} />
        </>
      ) : job.isError ? (
        <StateMessage detail={errorMessage(job.error, job.error.message)}>Error loading job details</StateMessage>
      ) : (
        <StateMessage>No job data available</StateMessage>
      )}
    </Dialog>
  );
}

function StateMessage({ children, detail }: { children: ReactNode; detail?: string }) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{children}</p>
      {detail ? <p className="mt-1 text-sm">{detail}</p> : null}
    </div>
  );
}

function RefreshFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="status"
      className="mb-3 flex items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 py-1 pl-3 pr-1 text-sm text-amber-950"
    >
      <p>Could not refresh this job: it shows what was last loaded.</p>
      <Button variant="ghost" className="shrink-0 underline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** Why staff must look at the payment (docs/product.md "Payments"; decisions 150 and 192). */
const PAYMENT_FLAG_TEXT: Readonly<Record<PaymentFlag, string>> = {
  'refund-required':
    'Refund required: this customer paid after the booking had lapsed and its slot was gone. Refund the payment through the card provider.',
  'amount-mismatch':
    "Payment needs checking: the amount or currency paid did not match this booking's total, so the booking was not confirmed.",
};
const flagText = (flag: string) =>
  (PAYMENT_FLAGS as readonly string[]).includes(flag)
    ? PAYMENT_FLAG_TEXT[flag as PaymentFlag]
    : `Payment needs attention: ${flag}`;

function paymentText(job: JobDetail): string {
  const method = job.paymentMethod === 'prepaid' ? 'Online (prepaid)' : 'On site';
  // Money taken against its invoice with some still owed (decision 406): what was paid and what is owed.
  const money = job.money;
  if (job.paymentStatus === 'pending' && money && money.paidAmount !== '0.00' && money.owedAmount !== '0.00')
    return `${method}, part paid: ${dollars(money.paidAmount)} paid, ${dollars(money.owedAmount)} owed`;
  const status = { pending: 'not paid yet', paid: 'paid', failed: 'payment failed', refunded: 'refunded' }[
    job.paymentStatus
  ];
  return `${method}, ${status}`;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-1">
      <h3 className="text-lg font-bold">{title}</h3>
      {children}
    </section>
  );
}

function JobDetailContent({ job, isAdmin, onDeleted }: { job: JobDetail; isAdmin: boolean; onDeleted: () => void }) {
  const [panel, setPanel] = useState<'reschedule' | 'cancel' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const isLive = job.status === 'new' || job.status === 'in-progress';
  const workDone = job.status === 'completed' || job.status === 'invoiced' || job.status === 'paid';
  const mayCancel = mayMove('cancel', isAdmin ? 'admin' : 'technician', job);
  const vehicle = job.vehicle;

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <JobStatusBadge status={job.status} />
          <span className="text-gray-800">{SERVICE_LABELS[job.serviceType]}</span>
        </div>
        <p className="flex items-center gap-2 text-xl font-bold">
          <CalendarClock aria-hidden className="h-5 w-5 shrink-0" />
          {formatJobVisit(job)}
        </p>
        <p className="text-gray-800">
          {/* Once invoiced, the invoice's total is what the customer pays; the booked price stays beside it. */}
          <span className="text-lg font-bold tabular-nums text-charcoal">
            {dollars(job.money?.balanceAmount ?? job.customerValue, 'No price yet')}
          </span>
          {job.money && job.money.balanceAmount !== job.customerValue ? (
            <span className="ml-2 text-sm">
              (invoice {job.money.invoiceNumber}; booked at {dollars(job.customerValue, 'no price')})
            </span>
          ) : job.originalCustomerValue && job.originalCustomerValue !== job.customerValue ? (
            <span className="ml-2 text-sm">(original price {dollars(job.originalCustomerValue)})</span>
          ) : null}
          {job.toInvoiceAmount && job.toInvoiceAmount !== job.customerValue ? (
            <span className="block text-sm">
              Invoice to come: <span className="font-semibold tabular-nums">{dollars(job.toInvoiceAmount)}</span> with
              the tyres and parts added
            </span>
          ) : null}
          <span className="block text-sm">Payment: {paymentText(job)}</span>
        </p>
      </div>

      {job.paymentFlag ? (
        <div role="alert" className="flex gap-3 rounded-lg border-2 border-red-700 bg-red-50 p-3 text-red-900">
          <AlertTriangle aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
          <p className="font-semibold">{flagText(job.paymentFlag)}</p>
        </div>
      ) : null}

      <JobQueueNotices jobId={job.id} />
      <JobStatusAction job={job} isAdmin={isAdmin} />
      <OnsitePaymentSection job={job} isAdmin={isAdmin} />
      {/* Once the work is done its money comes first: the supplier bills follow the payment (decision 378). */}
      {isAdmin && workDone ? <PurchaseInvoicesSection jobId={job.id} /> : null}
      <OnMyWayButton job={job} />
      <JobContactLinks job={job} />
      {/* The tyres fitted at the job: docs/decisions/414-tyre-records.md. */}
      {job.status !== 'new' && job.status !== 'cancelled' ? <FittedTyresSection job={job} /> : null}
      {/* Valves and TPMS sensors: docs/decisions/432-valves-and-tpms-sensors.md. */}
      {job.status !== 'new' && job.status !== 'cancelled' ? <JobPartsSection job={job} /> : null}

      <div className="grid gap-6 sm:grid-cols-2">
        <Section title="Customer">
          <p className="font-semibold">{job.customer.name}</p>
          <p>{job.customer.phone}</p>
          <p className="break-all">{job.customer.email || 'No email'}</p>
        </Section>
        <Section title="Vehicle">
          {vehicle ? (
            <>
              <p className="font-semibold">
                {vehicle.year} {vehicle.make} {vehicle.model}
              </p>
              <p>
                Registration <span className="font-mono font-semibold">{vehicle.registration}</span>
              </p>
              {vehicle.color ? <p>Colour: {vehicle.color}</p> : null}
            </>
          ) : (
            <p className="text-gray-700">No vehicle recorded.</p>
          )}
          {job.tyreSize || job.tyreQuantity ? (
            <p>
              Tyres: {job.tyreQuantity ?? '?'} x {job.tyreSize ?? 'size unknown'}
              {job.tyreBrand ? ` (${job.tyreBrand})` : ''}
            </p>
          ) : null}
        </Section>
        <Section title="Location">
          <p>{fullAddress(job)}</p>
        </Section>
        <Section title="Notes">
          <p className="whitespace-pre-wrap">{job.notes || 'No notes.'}</p>
        </Section>
      </div>

      <JobPhotos job={job} />
      <AddJobPhotos job={job} />
      <JobTimeline job={job} />

      {isAdmin && job.status !== 'cancelled' ? <AssignTechnician job={job} /> : null}

      {isLive ? (
        <section aria-label="Change of plan" className="space-y-3">
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              aria-expanded={panel === 'reschedule'}
              onClick={() => setPanel(panel === 'reschedule' ? null : 'reschedule')}
            >
              <CalendarClock aria-hidden className="h-4 w-4" />
              Reschedule
            </Button>
            {mayCancel ? (
              <Button
                variant="outline"
                className="text-red-800 hover:bg-red-50"
                aria-expanded={panel === 'cancel'}
                onClick={() => setPanel(panel === 'cancel' ? null : 'cancel')}
              >
                <XCircle aria-hidden className="h-4 w-4" />
                Cancel Job
              </Button>
            ) : null}
          </div>
          {panel === 'reschedule' ? <ReschedulePanel job={job} onDone={() => setPanel(null)} /> : null}
          {panel === 'cancel' && mayCancel ? <CancelJobPanel job={job} onDone={() => setPanel(null)} /> : null}
        </section>
      ) : null}

      {/* A job's supplier bills: docs/product.md "Purchase invoices and expenses". */}
      {isAdmin && !workDone ? <PurchaseInvoicesSection jobId={job.id} /> : null}

      <AddJobNote job={job} />
      <JobHistory events={job.history} />

      {isAdmin ? (
        <div className="border-t border-gray-200 pt-4">
          <Button variant="outline" className="text-red-800 hover:bg-red-50" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden className="h-4 w-4" />
            Delete Job
          </Button>
          <DeleteJobConfirm job={deleting ? job : null} onClose={() => setDeleting(false)} onDeleted={onDeleted} />
        </div>
      ) : null}
    </div>
  );
}
