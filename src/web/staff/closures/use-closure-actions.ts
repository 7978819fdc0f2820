import { useState } from 'react';
import type { ClosureCreated, CreateClosureRequest, JobOnClosedDay, Closure } from '../../../shared/schemas/closures';
import { toast } from '../../components/ui/toast';
import { api, ApiError, errorMessage, fieldErrorsOf } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';

/** The days being closed and the live jobs on them, while the owner chooses what happens to the jobs. */
export type JobsToDecide = { body: CreateClosureRequest; jobs: JobOnClosedDay[] };

const fail = (fallback: string) => (err: unknown) =>
  toast({ title: 'Error', description: errorMessage(err, fallback), variant: 'destructive' });

function doneMessage(created: ClosureCreated): string {
  const { closure, keptJobs, cancelledJobs } = created;
  if (cancelledJobs.length > 0)
    return `${closure.label} is closed. Cancelled ${cancelledJobs.join(', ')} with the policy refund; the customers were emailed.`;
  if (keptJobs.length > 0) return `${closure.label} is closed for new bookings. Kept ${keptJobs.join(', ')}.`;
  return `${closure.label} is closed.`;
}

/**
 * Closing and reopening days (docs/decisions/288-closing-days-that-hold-jobs.md): a 409 listing
 * jobs is not an error but a question, kept in `jobsToDecide` until the owner answers it.
 */
export function useClosureActions(options: {
  onFieldErrors: (fields: Record<string, string>) => void;
  onClosed: () => void;
}) {
  const [jobsToDecide, setJobsToDecide] = useState<JobsToDecide | null>(null);
  const create = useApiMutation(api.closures.create, {
    input: (body: CreateClosureRequest) => ({ body }),
    onSuccess: (created: ClosureCreated) => {
      setJobsToDecide(null);
      toast({ title: 'Success', description: doneMessage(created) });
      options.onClosed();
    },
    onError: (err: unknown, body: CreateClosureRequest) => {
      const json = err instanceof ApiError ? err.json : undefined;
      if (err instanceof ApiError && err.status === 409 && Array.isArray(json?.jobs)) {
        setJobsToDecide({ body, jobs: json.jobs as JobOnClosedDay[] });
        return;
      }
      const fields = fieldErrorsOf(err);
      if (Object.keys(fields).length > 0) options.onFieldErrors(fields);
      fail('Failed to close these days.')(err);
    },
  });
  const remove = useApiMutation(api.closures.remove, {
    input: (c: Closure) => ({ params: { id: c.id } }),
    onSuccess: (_: unknown, c: Closure) => {
      toast({ title: 'Success', description: `${c.label} is open again.` });
    },
    onError: fail('Failed to reopen these days.'),
  });
  return { create, remove, jobsToDecide, clearJobsToDecide: () => setJobsToDecide(null) };
}
