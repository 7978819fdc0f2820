import { formatDollars, toCents } from '../../../shared/domain/money';
import { ONSITE_PAYMENT_LABELS, type OnsitePaymentMethod } from '../../../shared/domain/services';
import { toast } from '../../components/ui/toast';
import { api, ApiError, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';
import type { JobSeenFrom } from '../offline';
import { useQueuedJobChange } from '../offline';
import { useCurrentUser } from '../session';

/**
 * The writes of a payment taken on site (docs/decisions/349-payment-taken-on-site.md), with their
 * toasts. A refusal that names fields is handed back to the form to show beside them.
 */

type JobRef = { id: string; jobNumber: string };

/** The fields a 400 named, as the form shows them. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  const fields = err instanceof ApiError ? err.json?.fields : undefined;
  return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
}

type PaymentTaken = { job: JobRef & Partial<JobSeenFrom>; method: OnsitePaymentMethod; amount: string };

/** The job as the technician sees it in its dialog; the invoice's form (an admin's) has only its number. */
function seenJob(job: JobRef & Partial<JobSeenFrom>): JobSeenFrom {
  const { scheduledDay, timeSlot, assignedTechnicianId } = job;
  if (scheduledDay === undefined || timeSlot === undefined || assignedTechnicianId === undefined)
    throw new Error('Open the job to record its payment.');
  return { id: job.id, jobNumber: job.jobNumber, scheduledDay, timeSlot, assignedTechnicianId };
}

/** A technician's payment goes through the phone's queue, so it is recorded without signal and sent once (decision 345). */
export function useRecordPayment(onDone?: () => void) {
  const user = useCurrentUser().data;
  const direct = useApiMutation(api.jobs.recordOnsitePayment, {
    input: ({ job, method, amount }: PaymentTaken) => ({ params: { id: job.id }, body: { method, amount } }),
    onSuccess: (job, { method, amount }) => {
      toast({
        title: 'Payment Recorded',
        description: `${job.jobNumber} is paid: ${formatDollars(toCents(amount))} by ${ONSITE_PAYMENT_LABELS[method]}.`,
      });
      onDone?.();
    },
    onError: (err) =>
      toast({
        title: 'Payment Not Recorded',
        description: errorMessage(err, 'Failed to record the payment.'),
        variant: 'destructive',
      }),
    refreshOnError: true,
  });
  const queued = useQueuedJobChange(
    ({ job, method, amount }: PaymentTaken) => ({
      job: seenJob(job),
      change: {
        label: `Payment taken: ${ONSITE_PAYMENT_LABELS[method]} ${formatDollars(toCents(amount))}`,
        method: 'POST',
        url: api.jobs.recordOnsitePayment.url({ params: { id: job.id }, body: { method, amount } }),
        json: { method, amount },
      },
      onDevice: (saved) => ({
        ...saved,
        detail: { ...saved.detail, status: 'paid', paymentStatus: 'paid' },
        listItem: { ...saved.listItem, status: 'paid', paymentStatus: 'paid' },
      }),
      sent: {
        title: 'Payment Recorded',
        description: `${job.jobNumber} is paid: ${formatDollars(toCents(amount))} by ${ONSITE_PAYMENT_LABELS[method]}.`,
      },
    }),
    onDone,
  );
  return user?.role === 'technician' ? queued : direct;
}

export function useReversePayment(onDone?: () => void) {
  return useApiMutation(api.jobs.reverseOnsitePayment, {
    input: ({ job, reason }: { job: JobRef; reason: string }) => ({ params: { id: job.id }, body: { reason } }),
    onSuccess: (job) => {
      toast({ title: 'Payment Reversed', description: `${job.jobNumber} and its invoice are unpaid again.` });
      onDone?.();
    },
    onError: (err) =>
      toast({
        title: 'Reversal Failed',
        description: errorMessage(err, 'Failed to reverse the payment.'),
        variant: 'destructive',
      }),
  });
}
