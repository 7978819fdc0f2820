import { dialogOnDemand, fetchAheadOfTap } from '../dialog-on-demand';

const jobDetail = dialogOnDemand(
  async () => (await import('./job-detail-dialog')).JobDetailDialog,
  (props) => props.open,
);

/** The job dialog (./job-detail-dialog.tsx), its code loaded when a job is first opened. */
export const JobDetailDialogLoader = jobDetail.Dialog;
/** For the jobs list: a finger coming down on it fetches the job dialog's code. */
export const jobDetailAheadOfTap = fetchAheadOfTap(jobDetail);
