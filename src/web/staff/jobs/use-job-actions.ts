import { useQueryClient } from '@tanstack/react-query';
import type { JobStatus } from '../../../shared/domain/job-status';
import { formatDollars, toCents } from '../../../shared/domain/money';
import type { CancelRequest, RescheduleRequest } from '../../../shared/schemas/jobs';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';
import { useQueuedJobChange } from '../offline';
import type { JobSeenFrom } from '../offline';
import { useCurrentUser } from '../session';
import { formatJobVisit, STATUS_LABELS } from './job-format';
import { undoAction } from './undo-move';

/**
 * The writes of the Jobs tab and the job detail, each with the toasts staff see (docs/product.md
 * "Messages the UI shows"). What each reads again afterwards (jobs, technicians' counts, slots) is
 * what its contract says it affects (useApiMutation).
 */

type JobRef = { id: string; jobNumber: string };

export function useEditQuote() {
  return useApiMutation(api.jobs.editQuote, {
    input: ({ job, customerValue }: { job: JobRef; customerValue: string }) => ({
      params: { id: job.id },
      body: { customerValue },
    }),
    onSuccess: (job) => {
      toast({
        title: 'Quote Updated',
        description: `${job.jobNumber} is now ${job.customerValue ? formatDollars(toCents(job.customerValue)) : '$0.00'}.`,
      });
    },
    onError: (err) =>
      toast({
        title: 'Update Failed',
        description: errorMessage(err, 'Failed to update quote.'),
        variant: 'destructive',
      }),
  });
}

export function useDeleteJob(onDeleted?: () => void) {
  // The deleted job's own detail is dropped rather than read again (it would answer 404).
  return useApiMutation(api.jobs.remove, {
    input: (job: JobRef) => ({ params: { id: job.id } }),
    onSuccess: (_void, job) => {
      toast({ title: 'Job Deleted', description: `${job.jobNumber} has been deleted.` });
      onDeleted?.();
    },
    onError: (err) =>
      toast({
        title: 'Delete Failed',
        description: errorMessage(err, 'Failed to delete job.'),
        variant: 'destructive',
      }),
  });
}

type StatusMove = { job: JobRef & JobSeenFrom; status: JobStatus };

/**
 * A technician's moves go through the phone's queue (docs/decisions/345-offline-day-queue.md), so
 * Start Work and Complete Work work without signal and are sent once; an admin's go straight out.
 */
export function useChangeStatus() {
  const user = useCurrentUser().data;
  const client = useQueryClient();
  const direct = useApiMutation(api.jobs.changeStatus, {
    input: ({ job, status }: StatusMove) => ({ params: { id: job.id }, body: { status } }),
    onSuccess: (job) => {
      toast({
        title: 'Status Updated',
        description: `${job.jobNumber} is now ${STATUS_LABELS[job.status]}.`,
        ...undoAction(client, job, job.status),
      });
    },
    onError: (err) =>
      toast({
        title: 'Update Failed',
        description: errorMessage(err, 'Failed to update job status.'),
        variant: 'destructive',
      }),
  });
  const queued = useQueuedJobChange(({ job, status }: StatusMove) => ({
    job,
    change: {
      label: MOVE_LABELS[status] ?? `Move to ${STATUS_LABELS[status]}`,
      method: 'PATCH',
      url: api.jobs.changeStatus.url({ params: { id: job.id }, body: { status } }),
      json: { status },
    },
    onDevice: (saved) => ({ ...saved, detail: { ...saved.detail, status }, listItem: { ...saved.listItem, status } }),
    // Undo only once the move reached the server: one saved on the phone has nothing to take back (decision 420).
    sent: {
      title: 'Status Updated',
      description: `${job.jobNumber} is now ${STATUS_LABELS[status]}.`,
      ...undoAction(client, job, status),
    },
  }));
  return user?.role === 'technician' ? queued : direct;
}

const MOVE_LABELS: Partial<Record<JobStatus, string>> = { 'in-progress': 'Start Work', completed: 'Complete Work' };

export function useReschedule(onDone?: () => void) {
  return useApiMutation(api.jobs.reschedule, {
    input: ({ job, body }: { job: JobRef; body: RescheduleRequest }) => ({ params: { id: job.id }, body }),
    onSuccess: (job) => {
      toast({
        title: 'Job Rescheduled',
        description: `${job.jobNumber} is now ${formatJobVisit(job)}. The customer is emailed the new time.`,
      });
      onDone?.();
    },
    onError: (err) =>
      toast({
        title: 'Reschedule Failed',
        description: errorMessage(err, 'Failed to reschedule job.'),
        variant: 'destructive',
      }),
    // The slot may have just been taken: read the day's slots again.
    refreshOnError: true,
  });
}

export function useCancelJob(onDone?: () => void) {
  return useApiMutation(api.jobs.cancel, {
    input: ({ job, body }: { job: JobRef; body: CancelRequest }) => ({ params: { id: job.id }, body }),
    onSuccess: (job) => {
      const refund =
        job.refundAmount && toCents(job.refundAmount) > 0
          ? ` Refund: ${formatDollars(toCents(job.refundAmount))}.`
          : '';
      toast({ title: 'Job Cancelled', description: `${job.jobNumber} is cancelled and its slot is free.${refund}` });
      onDone?.();
    },
    onError: (err) =>
      toast({
        title: 'Cancel Failed',
        description: errorMessage(err, 'Failed to cancel job.'),
        variant: 'destructive',
      }),
  });
}

export function useAssignTechnician() {
  return useApiMutation(api.jobs.assign, {
    input: ({ job, technicianId }: { job: JobRef; technicianId: string | null }) => ({
      params: { id: job.id },
      body: { technicianId },
    }),
    onSuccess: (job) => {
      toast({
        title: 'Assignment Updated',
        description: job.technician
          ? `${job.jobNumber} is assigned to ${job.technician.username}.`
          : `${job.jobNumber} is unassigned.`,
      });
    },
    onError: (err) =>
      toast({
        title: 'Assignment Failed',
        description: errorMessage(err, 'Failed to update assignment'),
        variant: 'destructive',
      }),
  });
}
