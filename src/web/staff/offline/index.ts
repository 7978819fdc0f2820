// What other staff features use of the technician's offline day.
export { JobQueueNotices } from './job-queue-notices';
export type { JobSeenFrom } from './queue';
export { useQueuedJobChange } from './use-queued-change';
export { useOnline, useQueue } from './use-offline';
export { updateSavedJob } from './device-store';
