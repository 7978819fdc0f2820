import { useQuery } from '@tanstack/react-query';
import { Banknote, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { ONSITE_PAYMENT_LABELS } from '../../../shared/domain/services';
import type { JobDetail } from '../../../shared/schemas/jobs';
import { onsitePaymentReversalRequest } from '../../../shared/schemas/onsite-payments';
import { Button } from '../../components/ui/button';
import { api } from '../../lib/api';
import { perthDateTime } from '../../../shared/domain/perth-time';
import { dollars } from '../../lib/format';
import { PaymentMethodForm } from './payment-method-form';
import { fieldErrorsOf, useReversePayment } from './use-onsite-payment';

/** Where a payment can be taken: the visit is under way or done, and nothing is paid yet (decision 349). */
export const mayTakePayment = (job: JobDetail) =>
  (job.status === 'in-progress' || job.status === 'completed' || job.status === 'invoiced') &&
  job.paymentStatus !== 'paid';

/**
 * The payment of a job in its dialog, for an admin or the job's technician: "Record payment" on
 * site ("Mark as Paid" once invoiced), asking the method and amount; the payment taken, once it
 * stands; and for an admin, reversing it with a reason.
 */
export function OnsitePaymentSection({ job, isAdmin }: { job: JobDetail; isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const canRecord = mayTakePayment(job);
  // The invoice's total when it has one (admins read invoices); the job's price otherwise.
  const invoices = useQuery({
    ...api.invoices.byJob.query({ params: { jobId: job.id } }),
    enabled: isAdmin && job.hasInvoice && canRecord,
    staleTime: 0,
  });
  const live = invoices.data?.find((i) => i.status !== 'cancelled');
  const payment = job.onsitePayment;
  if (!payment && !canRecord) return null;
  const label = job.status === 'invoiced' ? 'Mark as Paid' : 'Record payment';

  return (
    <section aria-labelledby={`payment-${job.id}`} className="space-y-2 rounded-xl border border-gray-200 p-3">
      <h3 id={`payment-${job.id}`} className="font-bold">
        Payment
      </h3>
      {payment ? (
        <>
          <p className="rounded-lg bg-emerald-50 p-3 text-emerald-900" data-testid="onsite-payment">
            Paid on site: <span className="font-semibold tabular-nums">{dollars(payment.amount)}</span> by{' '}
            {ONSITE_PAYMENT_LABELS[payment.method]}
            <span className="block text-sm">
              {perthDateTime(payment.takenAt)}
              {payment.takenBy ? `, taken by ${payment.takenBy}` : ''}
            </span>
          </p>
          {isAdmin ? <ReversePayment job={job} /> : null}
        </>
      ) : open ? (
        <PaymentMethodForm
          job={job}
          defaultAmount={live?.totalAmount ?? job.customerValue}
          submitLabel={label}
          onDone={() => setOpen(false)}
        />
      ) : (
        <Button size="lg" className="w-full sm:w-auto" disabled={invoices.isFetching} onClick={() => setOpen(true)}>
          <Banknote aria-hidden className="h-5 w-5" />
          {label}
        </Button>
      )}
    </section>
  );
}

function ReversePayment({ job }: { job: JobDetail }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reverse = useReversePayment(() => setOpen(false));

  if (!open) {
    return (
      <Button variant="outline" className="text-red-800 hover:bg-red-50" onClick={() => setOpen(true)}>
        <Undo2 aria-hidden className="h-4 w-4" />
        Reverse payment
      </Button>
    );
  }
  return (
    <form
      noValidate
      aria-label={`Reverse the payment of ${job.jobNumber}`}
      className="space-y-3 rounded-xl border border-red-300 bg-red-50/50 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = onsitePaymentReversalRequest.safeParse({ reason });
        if (!parsed.success) return setError(parsed.error.issues[0]?.message);
        setError(undefined);
        reverse.mutate({ job, reason: parsed.data.reason }, { onError: (err) => setError(fieldErrorsOf(err).reason) });
      }}
    >
      <p className="text-sm text-gray-800">
        The job and its invoice become unpaid again; the reason is kept in both histories.
      </p>
      <div className="space-y-1">
        <label htmlFor={`${id}-reason`} className="block text-sm font-medium">
          Reason for reversing
        </label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={500}
          disabled={reverse.isPending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-reason-error` : undefined}
          onChange={(e) => setReason(e.target.value)}
          className="block min-h-20 w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700"
        />
        {error ? (
          <p id={`${id}-reason-error`} role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => setOpen(false)} disabled={reverse.isPending}>
          Keep payment
        </Button>
        <Button type="submit" variant="danger" disabled={reverse.isPending}>
          {reverse.isPending ? 'Reversing...' : 'Reverse payment'}
        </Button>
      </div>
    </form>
  );
}
