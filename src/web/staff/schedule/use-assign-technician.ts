import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';

/**
 * Assigning a job to a technician, or to nobody (admin; docs/product.md "Roles and permissions"),
 * with the toasts 'Assignment Updated' and 'Assignment Failed'. Every job list, the technicians'
 * open-job counts and the slot calendars are read again, since each shows who does the job.
 */
export function useAssignTechnician() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, technicianId }: { jobId: string; technicianId: string | null }) => api.jobs.assign({ params: { id: jobId }, body: { technicianId } }),
    onSuccess: (job) => {
      toast({
        title: 'Assignment Updated',
        description: job.technician ? `${job.jobNumber} is assigned to ${job.technician.username}.` : `${job.jobNumber} is now unassigned.`,
      });
    },
    onError: (err) => toast({ title: 'Assignment Failed', description: errorMessage(err, 'Failed to update assignment'), variant: 'destructive' }),
    onSettled: () => {
      for (const queryKey of [api.jobs.list.prefix, api.jobs.technicians.prefix, api.staffSlots.calendar.prefix]) void client.invalidateQueries({ queryKey });
    },
  });
}
