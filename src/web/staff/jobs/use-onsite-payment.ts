import { formatDollars, toCents } from '../../../shared/domain/money';
import { ONSITE_PAYMENT_LABELS, type OnsitePaymentMethod } from '../../../shared/domain/services';
import { toast } from '../../components/ui/toast';
import { api, ApiError, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';

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

export function useRecordPayment(onDone?: () => void) {
  return useApiMutation(api.jobs.recordOnsitePayment, {
    input: ({ job, method, amount }: { job: JobRef; method: OnsitePaymentMethod; amount: string }) => ({ params: { id: job.id }, body: { method, amount } }),
    onSuccess: (job, { method, amount }) => {
      toast({ title: 'Payment Recorded', description: `${job.jobNumber} is paid: ${formatDollars(toCents(amount))} by ${ONSITE_PAYMENT_LABELS[method]}.` });
      onDone?.();
    },
    onError: (err) => toast({ title: 'Payment Not Recorded', description: errorMessage(err, 'Failed to record the payment.'), variant: 'destructive' }),
    refreshOnError: true,
  });
}

export function useReversePayment(onDone?: () => void) {
  return useApiMutation(api.jobs.reverseOnsitePayment, {
    input: ({ job, reason }: { job: JobRef; reason: string }) => ({ params: { id: job.id }, body: { reason } }),
    onSuccess: (job) => {
      toast({ title: 'Payment Reversed', description: `${job.jobNumber} and its invoice are unpaid again.` });
      onDone?.();
    },
    onError: (err) => toast({ title: 'Reversal Failed', description: errorMessage(err, 'Failed to reverse the payment.'), variant: 'destructive' }),
  });
}
