import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobStatus } from '../../../shared/domain/job-status';
import { formatDollars, toCents } from '../../../shared/domain/money';
import type { CancelRequest, RescheduleRequest } from '../../../shared/schemas/jobs';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { formatJobVisit, STATUS_LABELS } from './job-format';

/**
 * The writes of the Jobs tab and the job detail, each with the toasts staff see (docs/product.md
 * "Messages the UI shows"). After any of them every jobs list and detail is read again, and so are
 * the slots (a job holds one) and the technicians' open-job counts.
 */
function useRefreshAfterJobChange() {
  const client = useQueryClient();
  return (deletedJobId?: string) =>
    Promise.all([
      // A deleted job's own detail is dropped rather than read again (it would answer 404).
      client.invalidateQueries({ queryKey: api.jobs.get.prefix, predicate: (q) => deletedJobId === undefined || q.queryKey[3] !== deletedJobId }),
      client.invalidateQueries({ queryKey: api.jobs.technicians.prefix }),
      client.invalidateQueries({ queryKey: api.slots.list.prefix }),
      client.invalidateQueries({ queryKey: api.staffSlots.calendar.prefix }),
    ]);
}

type JobRef = { id: string; jobNumber: string };

export function useEditQuote() {
  const refresh = useRefreshAfterJobChange();
  return useMutation({
    mutationFn: ({ job, customerValue }: { job: JobRef; customerValue: string }) => api.jobs.editQuote({ params: { id: job.id }, body: { customerValue } }),
    onSuccess: (job) => {
      toast({ title: 'Quote Updated', description: `${job.jobNumber} is now ${job.customerValue ? formatDollars(toCents(job.customerValue)) : '$0.00'}.` });
      return refresh();
    },
    onError: (err) => toast({ title: 'Update Failed', description: errorMessage(err, 'Failed to update quote.'), variant: 'destructive' }),
  });
}

export function useDeleteJob(onDeleted?: () => void) {
  const refresh = useRefreshAfterJobChange();
  return useMutation({
    mutationFn: (job: JobRef) => api.jobs.remove({ params: { id: job.id } }),
    onSuccess: (_void, job) => {
      toast({ title: 'Job Deleted', description: `${job.jobNumber} has been deleted.` });
      onDeleted?.();
      return refresh(job.id);
    },
    onError: (err) => toast({ title: 'Delete Failed', description: errorMessage(err, 'Failed to delete job.'), variant: 'destructive' }),
  });
}

export function useChangeStatus() {
  const refresh = useRefreshAfterJobChange();
  return useMutation({
    mutationFn: ({ job, status }: { job: JobRef; status: JobStatus }) => api.jobs.changeStatus({ params: { id: job.id }, body: { status } }),
    onSuccess: (job) => {
      toast({ title: 'Status Updated', description: `${job.jobNumber} is now ${STATUS_LABELS[job.status]}.` });
      return refresh();
    },
    onError: (err) => toast({ title: 'Update Failed', description: errorMessage(err, 'Failed to update job status.'), variant: 'destructive' }),
  });
}

export function useReschedule(onDone?: () => void) {
  const refresh = useRefreshAfterJobChange();
  return useMutation({
    mutationFn: ({ job, body }: { job: JobRef; body: RescheduleRequest }) => api.jobs.reschedule({ params: { id: job.id }, body }),
    onSuccess: (job) => {
      toast({ title: 'Job Rescheduled', description: `${job.jobNumber} is now ${formatJobVisit(job)}. The customer is emailed the new time.` });
      onDone?.();
      return refresh();
    },
    onError: (err) => {
      toast({ title: 'Reschedule Failed', description: errorMessage(err, 'Failed to reschedule job.'), variant: 'destructive' });
      // The slot may have just been taken: read the day's slots again.
      return refresh();
    },
  });
}

export function useCancelJob(onDone?: () => void) {
  const refresh = useRefreshAfterJobChange();
  return useMutation({
    mutationFn: ({ job, body }: { job: JobRef; body: CancelRequest }) => api.jobs.cancel({ params: { id: job.id }, body }),
    onSuccess: (job) => {
      const refund = job.refundAmount && toCents(job.refundAmount) > 0 ? ` Refund: ${formatDollars(toCents(job.refundAmount))}.` : '';
      toast({ title: 'Job Cancelled', description: `${job.jobNumber} is cancelled and its slot is free.${refund}` });
      onDone?.();
      return refresh();
    },
    onError: (err) => toast({ title: 'Cancel Failed', description: errorMessage(err, 'Failed to cancel job.'), variant: 'destructive' }),
  });
}

export function useAssignTechnician() {
  const refresh = useRefreshAfterJobChange();
  return useMutation({
    mutationFn: ({ job, technicianId }: { job: JobRef; technicianId: string | null }) => api.jobs.assign({ params: { id: job.id }, body: { technicianId } }),
    onSuccess: (job) => {
      toast({ title: 'Assignment Updated', description: job.technician ? `${job.jobNumber} is assigned to ${job.technician.username}.` : `${job.jobNumber} is unassigned.` });
      return refresh();
    },
    onError: (err) => toast({ title: 'Assignment Failed', description: errorMessage(err, 'Failed to update assignment'), variant: 'destructive' }),
  });
}
