import { useQuery, type QueryClient } from '@tanstack/react-query';
import { JOB_MOVES, UNDO_OFFER_MS, type JobStatus } from '../../../shared/domain/job-status';
import type { JobDetail } from '../../../shared/schemas/jobs';
import { toast, type ToastInput } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { refreshAfterWrite } from '../../lib/refresh';
import { updateSavedJob } from '../offline';
import { STATUS_LABELS } from './job-format';
import { usePerthToday } from '../use-perth-today';

/**
 * Undo instead of a confirmation on today's next job (docs/decisions/420-undo-instead-of-confirm.md):
 * which moves are undone, when the dashboard may skip the question, and the toast's Undo.
 */
const UNDONE_CAUSE: Partial<Record<JobStatus, 'start' | 'complete'>> = {
  'in-progress': 'start',
  completed: 'complete',
};

/** A run's stop is finished once the work is completed; the next stop is the first one that is not. */
const isUnfinished = (status: JobStatus) => status === 'new' || status === 'in-progress';

/**
 * Whether the job is the next stop of its technician's run today (Perth): false while the run is
 * being read, when it cannot be read, for an unassigned job and for another day's job, so the
 * dashboard asks first in every case it cannot be sure of.
 */
export function useIsNextInRun(job: Pick<JobDetail, 'id' | 'assignedTechnicianId' | 'scheduledDay'>, asked: boolean) {
  const today = usePerthToday();
  const technicianId = job.assignedTechnicianId;
  const isToday = job.scheduledDay === today;
  const run = useQuery({
    ...api.runs.dayRun.query({ params: { id: technicianId ?? '' }, query: { date: today } }),
    enabled: asked && isToday && technicianId !== null,
  });
  if (!asked || !isToday || !technicianId || !run.data) return false;
  return run.data.jobs.find((s) => isUnfinished(s.status))?.jobId === job.id;
}

/** The toast's Undo for a start or complete that reached the server; none for other moves. */
export function undoAction(
  client: QueryClient,
  job: { id: string; jobNumber: string },
  to: JobStatus,
): Pick<ToastInput, 'action' | 'duration'> {
  const cause = UNDONE_CAUSE[to];
  if (!cause) return {};
  const label = JOB_MOVES[cause].step?.label ?? cause;
  const back = JOB_MOVES[cause].from[0]!;
  const input = { params: { id: job.id }, body: { cause } };
  return {
    duration: UNDO_OFFER_MS,
    action: {
      label: 'Undo',
      altText: `Undo ${label} on ${job.jobNumber}`,
      onAction: () => {
        api.jobs
          .undoStatus(input)
          .then(async (detail) => {
            toast({ title: 'Undone', description: `${job.jobNumber} is ${STATUS_LABELS[back]} again.` });
            // The day kept on a technician's phone reads the job as it is now, should the signal go next.
            await updateSavedJob(job.id, (saved) => ({
              ...saved,
              detail,
              listItem: { ...saved.listItem, status: detail.status },
            })).catch(() => undefined);
          })
          .catch((err: unknown) =>
            toast({
              title: 'Undo Failed',
              description: errorMessage(err, 'Failed to undo.'),
              variant: 'destructive',
            }),
          )
          .finally(() => void refreshAfterWrite(client, api.jobs.undoStatus.contract, input));
      },
    },
  };
}
