import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { JobDetail } from '../../../shared/schemas/jobs';
import { api } from '../../lib/api';
import { useAssignTechnician } from './use-job-actions';

const UNASSIGNED = '';

/**
 * Assigning the job (admin only; docs/product.md "Roles and permissions"): an active technician or
 * nobody. Saved as soon as it is chosen, with the choice locked while it saves.
 */
export function AssignTechnician({ job }: { job: JobDetail }) {
  const id = useId();
  const technicians = useQuery({ ...api.jobs.technicians.query(), staleTime: 60_000 });
  const assign = useAssignTechnician();
  const current = job.technician?.id ?? UNASSIGNED;
  const active = (technicians.data ?? []).filter((t) => t.isActive);
  // A technician deactivated since keeps showing on their jobs until someone else is chosen.
  const isCurrentListed = current === UNASSIGNED || active.some((t) => t.id === current);
  const pendingChoice = assign.isPending ? (assign.variables.technicianId ?? UNASSIGNED) : null;

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-2">
      <h3 id={`${id}-heading`} className="text-lg font-bold">
        Technician
      </h3>
      <label htmlFor={id} className="block text-sm font-medium">
        Assigned technician
      </label>
      <select
        id={id}
        value={pendingChoice ?? current}
        disabled={assign.isPending || technicians.isPending}
        aria-describedby={`${id}-state`}
        onChange={(e) => assign.mutate({ job, technicianId: e.target.value === UNASSIGNED ? null : e.target.value })}
        className="block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3 text-base disabled:bg-gray-100 sm:max-w-sm"
      >
        <option value={UNASSIGNED}>Unassigned</option>
        {isCurrentListed || !job.technician ? null : (
          <option value={job.technician.id}>{job.technician.username} (inactive)</option>
        )}
        {active.map((t) => (
          <option key={t.id} value={t.id}>
            {t.username} ({t.openJobs} open {t.openJobs === 1 ? 'job' : 'jobs'})
          </option>
        ))}
      </select>
      <p id={`${id}-state`} aria-live="polite" className="text-sm text-gray-700">
        {assign.isPending
          ? 'Saving...'
          : technicians.isPending
            ? 'Loading technicians...'
            : technicians.isError
              ? 'Could not load the technicians.'
              : active.length === 0
                ? 'No active technicians yet: add one on the Team tab.'
                : ''}
      </p>
    </section>
  );
}
