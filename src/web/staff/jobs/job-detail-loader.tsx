import { dialogOnDemand } from '../dialog-on-demand';

/** The job dialog (./job-detail-dialog.tsx), its code loaded when a job is first opened or a finger comes down on the list. */
export const { Dialog: JobDetailDialogLoader, preload: preloadJobDetailDialog } = dialogOnDemand(
  async () => (await import('./job-detail-dialog')).JobDetailDialog,
  (props) => props.open,
);
