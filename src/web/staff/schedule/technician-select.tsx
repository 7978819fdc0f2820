import { useId } from 'react';
import type { JobListItem, Technician } from '../../../shared/schemas/jobs';
import { cn } from '../../components/ui/cn';
import type { useAssignTechnician } from './use-assign-technician';

const UNASSIGNED = '';

/**
 * The technician of one job, saved as soon as it is chosen: an active technician or nobody. A
 * technician deactivated since keeps showing on their jobs until someone else is chosen.
 */
export function TechnicianSelect({
  job,
  technicians,
  assign,
  className,
}: {
  job: Pick<JobListItem, 'id' | 'jobNumber' | 'status' | 'technician'>;
  technicians: readonly Technician[] | undefined;
  assign: ReturnType<typeof useAssignTechnician>;
  className?: string;
}) {
  const id = useId();
  const current = job.technician?.id ?? UNASSIGNED;
  const active = (technicians ?? []).filter((t) => t.isActive);
  const listsCurrent = current === UNASSIGNED || active.some((t) => t.id === current);
  const saving = assign.isPending && assign.variables.jobId === job.id;
  const shown = saving ? (assign.variables.technicianId ?? UNASSIGNED) : current;

  return (
    <div className={cn('min-w-0', className)}>
      <label htmlFor={id} className="sr-only">
        Technician for {job.jobNumber}
      </label>
      <select
        id={id}
        value={shown}
        disabled={saving || technicians === undefined || job.status === 'cancelled'}
        onChange={(e) =>
          assign.mutate({ jobId: job.id, technicianId: e.target.value === UNASSIGNED ? null : e.target.value })
        }
        className="block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3 text-base text-charcoal disabled:bg-gray-100"
      >
        <option value={UNASSIGNED}>Unassigned</option>
        {listsCurrent || !job.technician ? null : (
          <option value={job.technician.id}>{job.technician.username} (inactive)</option>
        )}
        {active.map((t) => (
          <option key={t.id} value={t.id}>
            {t.username}
          </option>
        ))}
      </select>
      {saving ? (
        <p role="status" className="mt-1 text-sm text-gray-700">
          Saving...
        </p>
      ) : null}
    </div>
  );
}
