import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useDeleteJob } from './use-job-actions';

type JobRef = { id: string; jobNumber: string };

/** Deleting a job asks first, in the product's words (docs/product.md "Staff dashboard"); admin only. */
export function DeleteJobConfirm({
  job,
  onClose,
  onDeleted,
}: {
  job: JobRef | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteJob(() => {
    onClose();
    onDeleted?.();
  });
  return (
    <ConfirmDialog
      open={job !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete job?"
      message={job ? `Are you sure you want to delete job ${job.jobNumber}? This action cannot be undone.` : ''}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      isPending={remove.isPending}
      onConfirm={() => job && remove.mutate(job)}
    />
  );
}
