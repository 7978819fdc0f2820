import { formatDollars, toCents } from '../../../shared/domain/money';
import { takenText } from '../../../shared/domain/money-taken';
import { ONSITE_PAYMENT_LABELS, type OnsitePaymentMethod } from '../../../shared/domain/services';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';
import type { JobSeenFrom } from '../offline';
import { useQueuedJobChange } from '../offline';
import { useCurrentUser } from '../session';

/**
 * The writes of a payment taken on site (docs/decisions/349-payment-taken-on-site.md), with their
 * toasts. A refusal that names fields is handed back to the form to show beside them.
 */

type JobRef = { id: string; jobNumber: string };

type PaymentTaken = {
  job: JobRef & Partial<JobSeenFrom>;
  method: OnsitePaymentMethod;
  amount: string;
  /** A bank transfer's reference, when given (decision 426). */
  reference?: string | undefined;
  /** What was owed when the form was filled, when known: less than it is a part payment (decision 406). */
  owed?: string | null;
};

/** "JOB-10001 is paid: $259.60 by EFTPOS." or, for a part payment, "$0.01 by Cash. JOB-10001 still owes $487.79." */
function recordedToast(
  jobNumber: string,
  p: { method: OnsitePaymentMethod; amount: string; reference?: string | undefined },
  owedAfter: number | null,
) {
  const taken = takenText({ amountCents: toCents(p.amount), method: p.method, reference: p.reference });
  return owedAfter !== null && owedAfter > 0
    ? { title: 'Part Payment Recorded', description: `${taken}. ${jobNumber} still owes ${formatDollars(owedAfter)}.` }
    : { title: 'Payment Recorded', description: `${jobNumber} is paid: ${taken}.` };
}
const owedAfter = (owed: string | null | undefined, amount: string) =>
  owed === null || owed === undefined ? null : Math.max(0, toCents(owed) - toCents(amount));

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
    input: ({ job, method, amount, reference }: PaymentTaken) => ({
      params: { id: job.id },
      body: { method, amount, ...(reference ? { reference } : {}) },
    }),
    onSuccess: (job, { method, amount, reference }) => {
      toast(
        recordedToast(job.jobNumber, { method, amount, reference }, job.money ? toCents(job.money.owedAmount) : null),
      );
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
  const queued = useQueuedJobChange(({ job, method, amount, owed }: PaymentTaken) => {
    const left = owedAfter(owed, amount);
    // Only what settles the job shows it paid on the phone before the server has it (decision 406).
    const settles = left === null || left === 0;
    return {
      job: seenJob(job),
      change: {
        label: `Payment taken: ${ONSITE_PAYMENT_LABELS[method]} ${formatDollars(toCents(amount))}`,
        method: 'POST',
        url: api.jobs.recordOnsitePayment.url({ params: { id: job.id }, body: { method, amount } }),
        json: { method, amount },
      },
      onDevice: (saved) =>
        settles
          ? {
              ...saved,
              detail: { ...saved.detail, status: 'paid', paymentStatus: 'paid' },
              listItem: { ...saved.listItem, status: 'paid', paymentStatus: 'paid' },
            }
          : saved,
      sent: recordedToast(job.jobNumber, { method, amount }, left),
    };
  }, onDone);
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

/** The owner writes off what is owed, with a reason (decision 406). */
export function useWriteOff(onDone?: () => void) {
  return useApiMutation(api.jobs.writeOff, {
    input: ({ job, amount, reason }: { job: JobRef; amount: string; reason: string }) => ({
      params: { id: job.id },
      body: { amount, reason },
    }),
    onSuccess: (job, { amount }) => {
      const owed = job.money ? toCents(job.money.owedAmount) : 0;
      toast({
        title: 'Written Off',
        description:
          owed > 0
            ? `${formatDollars(toCents(amount))} written off. ${job.jobNumber} still owes ${formatDollars(owed)}.`
            : `${formatDollars(toCents(amount))} written off. ${job.jobNumber} is paid.`,
      });
      onDone?.();
    },
    onError: (err) =>
      toast({
        title: 'Write-off Failed',
        description: errorMessage(err, 'Failed to write off the amount owed.'),
        variant: 'destructive',
      }),
  });
}

/** An admin refunds a card payment that was kept back (decision 407). */
export function useRefundCardPayment() {
  return useApiMutation(api.jobs.refundCardPayment, {
    input: ({ job, intentId }: { job: JobRef; intentId: string }) => ({ params: { id: job.id, intentId } }),
    onSuccess: (job) =>
      toast({ title: 'Payment Refunded', description: `The card payment on ${job.jobNumber} was refunded.` }),
    onError: (err) =>
      toast({
        title: 'Refund Failed',
        description: errorMessage(err, 'Failed to refund the payment.'),
        variant: 'destructive',
      }),
    refreshOnError: true,
  });
}
