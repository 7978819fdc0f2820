import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatCents, toCents } from '../../../shared/domain/money';
import { cancelRequest, type CancellationPreview, type JobDetail } from '../../../shared/schemas/jobs';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { api, errorMessage } from '../../lib/api';
import { dollars } from '../../lib/format';
import { useCancelJob } from './use-job-actions';

/** Cents of a typed amount, or null when it is not one. */
function centsOf(value: string): number | null {
  try {
    return toCents(value);
  } catch {
    return null;
  }
}
const cents = (value: string) => centsOf(value) ?? 0;

function hoursText(hours: number): string {
  if (hours < 0) return 'The visit time has passed';
  const rounded = Math.floor(hours);
  return `${rounded} ${rounded === 1 ? 'hour' : 'hours'} before the visit`;
}

/**
 * Cancelling a new or in-progress job (admin only): a reason, and for a job paid online the refund
 * the Terms give (docs/product.md "Job statuses and their moves"), shown before confirming and
 * open to an override.
 */
export function CancelJobPanel({ job, onDone }: { job: JobDetail; onDone: () => void }) {
  const id = useId();
  // The refund depends on how long before the visit it is now: always read it afresh.
  const preview = useQuery({
    ...api.jobs.cancellationPreview.query({ params: { id: job.id } }),
    staleTime: 0,
    gcTime: 0,
  });
  const cancel = useCancelJob(onDone);
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ reason?: string; refund?: string }>({});
  const isPaid = preview.data ? cents(preview.data.paidAmount) > 0 : false;
  const refundText = refund ?? preview.data?.refundAmount ?? '';

  const submit = (p: CancellationPreview) => {
    const overridden = isPaid && refund !== null && centsOf(refund) !== cents(p.refundAmount);
    const parsed = cancelRequest.safeParse({ reason, ...(overridden ? { refundAmount: refund } : {}) });
    const next: typeof errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        next[issue.path[0] === 'refundAmount' ? 'refund' : 'reason'] ??= issue.message;
    } else if (parsed.data.refundAmount !== undefined && toCents(parsed.data.refundAmount) > cents(p.paidAmount)) {
      next.refund = `The refund cannot be more than the ${dollars(p.paidAmount)} paid`;
    }
    setErrors(next);
    if (!parsed.success || next.refund) return;
    cancel.mutate({ job, body: parsed.data });
  };

  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-xl border border-red-300 bg-red-50/50 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (preview.data) submit(preview.data);
      }}
    >
      <div>
        <h4 id={`${id}-title`} className="font-bold">
          Cancel {job.jobNumber}
        </h4>
        <p className="text-sm text-gray-800">The slot is freed at once and the customer is emailed.</p>
      </div>

      <section aria-label="Refund" aria-live="polite" className="rounded-lg border border-gray-200 bg-white p-3">
        {preview.isPending ? (
          <Spinner label="Working out the refund..." />
        ) : preview.isError ? (
          <div role="alert" className="space-y-2 text-red-800">
            <p>Could not work out the refund: {errorMessage(preview.error, preview.error.message)}</p>
            <Button variant="outline" size="sm" onClick={() => void preview.refetch()}>
              Try again
            </Button>
          </div>
        ) : isPaid ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-gray-700">Paid online</dt>
            <dd className="font-semibold tabular-nums">{dollars(preview.data.paidAmount)}</dd>
            <dt className="text-gray-700">Policy</dt>
            <dd>
              {preview.data.policyLabel}
              <span className="block text-sm text-gray-700">{hoursText(preview.data.hoursBefore)}</span>
            </dd>
            <dt className="text-gray-700">Refund</dt>
            <dd className="text-lg font-bold tabular-nums">{dollars(preview.data.refundAmount)}</dd>
          </dl>
        ) : (
          <p>Nothing was paid online for this job, so there is no refund.</p>
        )}
      </section>

      {isPaid ? (
        <div className="space-y-1">
          <label htmlFor={`${id}-refund`} className="block text-sm font-medium">
            Refund to the customer ($)
          </label>
          <input
            id={`${id}-refund`}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            value={refundText}
            disabled={cancel.isPending}
            aria-invalid={errors.refund ? true : undefined}
            aria-describedby={`${id}-refund-hint${errors.refund ? ` ${id}-refund-error` : ''}`}
            onChange={(e) => setRefund(e.target.value)}
            onBlur={() => {
              const typed = refund === null ? null : centsOf(refund);
              if (typed !== null && typed >= 0) setRefund(formatCents(typed));
            }}
            className="block min-h-11 w-40 rounded-lg border border-gray-400 bg-white px-3 text-right tabular-nums aria-[invalid=true]:border-red-700"
          />
          <p id={`${id}-refund-hint`} className="text-sm text-gray-700">
            The policy&apos;s amount unless you change it.
          </p>
          {errors.refund ? (
            <p id={`${id}-refund-error`} role="alert" className="text-sm font-medium text-red-700">
              {errors.refund}
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="space-y-1">
        <label htmlFor={`${id}-reason`} className="block text-sm font-medium">
          Reason for cancelling
        </label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={500}
          disabled={cancel.isPending}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            if (errors.reason && e.target.value.trim()) setErrors((x) => ({ ...x, reason: undefined }));
          }}
          className="block min-h-20 w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700"
        />
        {errors.reason ? (
          <p id={`${id}-reason-error`} role="alert" className="text-sm font-medium text-red-700">
            {errors.reason}
          </p>
        ) : null}
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={cancel.isPending}>
          Keep job
        </Button>
        <Button type="submit" variant="danger" disabled={cancel.isPending || !preview.data}>
          {cancel.isPending ? 'Cancelling...' : 'Cancel Job'}
        </Button>
      </div>
    </form>
  );
}
