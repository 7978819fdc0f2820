import { CloudOff, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { SignedInUser } from '../../../shared/schemas/auth';
import { perthClock, useOfflineDevice, useOnline, useQueue } from './use-offline';

const changes = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'}`;

/** "Last tried 12 s ago" / "Last tried 3 min ago" (docs/decisions/402-providers-down-offline-retry-rtl.md). */
export function lastTriedText(lastTriedAt: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - lastTriedAt) / 1000));
  return seconds < 60 ? `Last tried ${seconds} s ago` : `Last tried ${Math.floor(seconds / 60)} min ago`;
}

/** The time now, read again each second while `ticking`. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return now;
}

/**
 * The line under the header that says how the phone stands (docs/decisions/345-offline-day-queue.md):
 * "Offline - last updated 10:42" with no signal, how many changes wait to be sent, and a request to
 * sign in again when the session ended with changes still waiting.
 */
export function OfflineBanner({ user }: { user: SignedInUser }) {
  const online = useOnline();
  const { updatedAt } = useOfflineDevice(user);
  const queue = useQueue();
  const waiting = queue.changes.filter((c) => c.state === 'waiting' && c.userId === user.id).length;
  const refused = queue.changes.filter((c) => c.state === 'refused' && c.userId === user.id);
  const now = useNow(waiting > 0 && queue.lastTriedAt !== null);
  if (online && waiting === 0 && !queue.signInNeeded && refused.length === 0) {
    return updatedAt && user.role === 'technician' ? (
      <p className="mx-auto max-w-7xl px-4 pt-2 text-sm text-gray-700">
        Your jobs are saved on this phone (updated {perthClock(updatedAt)}).
      </p>
    ) : null;
  }
  return (
    <section aria-label="Connection" className="border-b border-amber-300 bg-amber-50 text-amber-950">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2">
        {online ? null : (
          <p role="status" className="flex items-center gap-2 font-semibold">
            <CloudOff aria-hidden className="h-4 w-4" />
            {updatedAt ? `Offline - last updated ${perthClock(updatedAt)}` : 'Offline'}
          </p>
        )}
        {waiting > 0 ? (
          <p role="status" className="flex items-center gap-2">
            <RefreshCw aria-hidden className={`h-4 w-4 ${queue.sending ? 'motion-safe:animate-spin' : ''}`} />
            {changes(waiting)} waiting to send
          </p>
        ) : null}
        {waiting > 0 && queue.lastTriedAt !== null ? (
          <p className="text-sm">
            {queue.sending ? 'Sending now' : lastTriedText(queue.lastTriedAt, Math.max(now, queue.lastTriedAt))}
          </p>
        ) : null}
        {queue.signInNeeded ? (
          <p className="flex items-center gap-2">
            Your session has ended.
            <Link href="/auth" className="inline-flex min-h-11 items-center font-semibold underline underline-offset-2">
              Sign in again to send {changes(waiting)}
            </Link>
          </p>
        ) : null}
      </div>
      {refused.length > 0 ? (
        // A refused change stays in view even when its job has left the list (cancelled, moved to another day).
        <ul aria-label="Changes not sent" className="mx-auto max-w-7xl space-y-1 px-4 pb-2">
          {refused.map((change) => (
            <li key={change.key} className="flex flex-wrap items-center gap-x-2">
              <span>
                {change.jobNumber}: {change.label} not sent.
              </span>
              <Link
                href={`/dashboard?tab=jobs&job=${encodeURIComponent(change.jobId)}`}
                className="inline-flex min-h-11 items-center font-semibold underline underline-offset-2"
              >
                Open {change.jobNumber}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
