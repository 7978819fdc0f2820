import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';

/**
 * Assigning a job to a technician, or to nobody (admin; docs/product.md "Roles and permissions"),
 * with the toasts 'Assignment Updated' and 'Assignment Failed'. What jobs.assign affects (every job
 * list, the technicians' open-job counts, the slot calendars) is read again, after a refusal too.
 */
export function useAssignTechnician() {
  return useApiMutation(api.jobs.assign, {
    input: ({ jobId, technicianId }: { jobId: string; technicianId: string | null }) => ({
      params: { id: jobId },
      body: { technicianId },
    }),
    onSuccess: (job) => {
      toast({
        title: 'Assignment Updated',
        description: job.technician
          ? `${job.jobNumber} is assigned to ${job.technician.username}.`
          : `${job.jobNumber} is now unassigned.`,
      });
    },
    onError: (err) =>
      toast({
        title: 'Assignment Failed',
        description: errorMessage(err, 'Failed to update assignment'),
        variant: 'destructive',
      }),
    refreshOnError: true,
  });
}
