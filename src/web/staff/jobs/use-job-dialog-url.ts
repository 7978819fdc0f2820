import { useLocation, useSearch } from 'wouter';

/**
 * The open job lives in the URL (`?tab=jobs&job={id}`), so anything (a live booking popup, a link)
 * can open a job, reload keeps it open, and the phone's back button closes it.
 */
export function useJobDialogUrl() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);

  const withJob = (id: string | null) => {
    const next = new URLSearchParams(search);
    next.set('tab', 'jobs');
    if (id === null) next.delete('job');
    else next.set('job', id);
    return `${location}?${next.toString()}`;
  };

  return {
    isOpen: params.has('job'),
    jobId: params.get('job') ?? '',
    open(id: string) {
      navigate(withJob(id), { state: { jobDialog: true } });
    },
    close() {
      // Opened from this list: going back returns to it, so back and close agree.
      if ((window.history.state as { jobDialog?: boolean } | null)?.jobDialog) window.history.back();
      else navigate(withJob(null), { replace: true });
    },
  };
}
