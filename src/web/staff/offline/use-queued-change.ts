import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast, type ToastInput } from '../../components/ui/toast';
import { useCurrentUser } from '../session';
import { updateSavedJob, type SavedJob } from './device-store';
import { enqueue, sendQueue, type JobSeenFrom, type NewChange } from './queue';

export type QueuedJobChange = {
  job: JobSeenFrom;
  change: NewChange;
  /** How the saved job reads once the change is made, so the day offline shows it at once. */
  onDevice?: (saved: SavedJob) => SavedJob;
  /** The toast once it reached the server, as the same action online says it. */
  sent: ToastInput;
};

/**
 * A technician's change to a job, through the phone's queue (docs/decisions/345-offline-day-queue.md):
 * queued with its key, shown on the saved job, and sent at once when there is a network. The toast
 * says whether it went or waits for signal; a refusal is shown on the job (JobQueueNotices).
 */
export function useQueuedJobChange<TVars>(describe: (vars: TVars) => QueuedJobChange, onDone?: () => void) {
  const client = useQueryClient();
  const user = useCurrentUser().data;
  return useMutation({
    networkMode: 'always',
    mutationFn: async (vars: TVars) => {
      if (!user) throw new Error('Please sign in.');
      const { job, change, onDevice } = describe(vars);
      await enqueue(user.id, job, change);
      if (onDevice) await updateSavedJob(job.id, onDevice);
      const outcome = navigator.onLine ? await sendQueue(user.id) : null;
      return { job, change, outcome, sent: describe(vars).sent };
    },
    onSuccess: async ({ job, change, outcome, sent }) => {
      if (outcome && outcome.stoppedBy === 'done' && outcome.refused === 0) {
        toast(sent);
      } else if (outcome && outcome.refused > 0) {
        toast({
          title: 'Not sent',
          description: `${change.label} for ${job.jobNumber} was refused: the job says why.`,
          variant: 'destructive',
        });
      } else if (!outcome || outcome.stoppedBy !== 'done') {
        toast({
          title: 'Saved on this phone',
          description: `${change.label} for ${job.jobNumber} will be sent when there is signal.`,
        });
      }
      onDone?.();
      await client.invalidateQueries({ queryKey: ['api'] });
    },
    onError: (err) =>
      toast({
        title: 'Not saved',
        description: err instanceof Error ? err.message : 'Please try again.',
        variant: 'destructive',
      }),
  });
}
