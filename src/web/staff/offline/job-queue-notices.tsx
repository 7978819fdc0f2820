import { AlertTriangle, Clock } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { dismiss } from './queue';
import { useQueue } from './use-offline';

/**
 * On a job: its changes still waiting to be sent, and those the server refused with its sentence
 * (docs/decisions/346-office-wins-over-queued-changes.md), each kept until the technician dismisses it.
 */
export function JobQueueNotices({ jobId }: { jobId: string }) {
  const { changes } = useQueue();
  const mine = changes.filter((c) => c.jobId === jobId);
  if (mine.length === 0) return null;
  return (
    <ul aria-label="Changes from this phone" className="space-y-2">
      {mine.map((change) =>
        change.state === 'refused' ? (
          <li key={change.key}>
            <div
              role="alert"
              className="flex flex-wrap items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-red-950"
            >
              <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
              <p className="min-w-0 flex-1">
                <span className="font-semibold">{change.label}: not sent. </span>
                {change.message}
              </p>
              <Button
                variant="outline"
                className="min-h-11"
                onClick={() => change.seq !== undefined && void dismiss(change.seq)}
              >
                Dismiss
              </Button>
            </div>
          </li>
        ) : (
          <li key={change.key} className="flex items-center gap-2 rounded-lg bg-amber-50 p-3 text-amber-950">
            <Clock aria-hidden className="h-4 w-4 shrink-0" />
            {change.label}: waiting to send
          </li>
        ),
      )}
    </ul>
  );
}
