import { Dialog } from '../../components/ui/dialog';
import { dialogOnDemand } from '../dialog-on-demand';
import { JobDetailSkeleton } from './job-detail-skeleton';

/** The job dialog (./job-detail-dialog.tsx), its code loaded when a job is first opened or a finger comes down on the list. */
export const { Dialog: JobDetailDialogLoader, preload: preloadJobDetailDialog } = dialogOnDemand(
  async () => (await import('./job-detail-dialog')).JobDetailDialog,
  (props) => props.open,
  (props) => (
    <Dialog open={props.open} onOpenChange={(next) => !next && props.onClose()} title="Job details" className="sm:max-w-3xl!">
      <JobDetailSkeleton />
    </Dialog>
  ),
);
