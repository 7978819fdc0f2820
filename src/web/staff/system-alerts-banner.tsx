import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { Link } from 'wouter';
import { systemProblemPath } from '../../shared/domain/system-health';
import { api } from '../lib/api';

/**
 * Tells an admin, on every dashboard page, of each problem the owner was emailed about and that has
 * not cleared: a backup over 26 hours old, a message waiting over 15 minutes, a disk over 90% full
 * (docs/decisions/400-system-health.md), a record Xero has refused for a day (decision 430). It goes
 * when a check finds the problem gone; it cannot be put away, as the problem is real until then.
 * Each line leads to its section of Settings.
 */
export function SystemAlertsBanner() {
  const alerts = useQuery({ ...api.system.alerts.query(), refetchInterval: 2 * 60_000 });
  if (!alerts.data?.length) return null;
  return (
    <aside aria-label="System alerts" className="border-b border-red-300 bg-red-50 px-4 text-sm text-red-950">
      <ul className="mx-auto max-w-7xl">
        {alerts.data.map((alert) => (
          <li key={alert.kind}>
            <Link
              href={systemProblemPath(alert.kind)}
              className="flex min-h-11 items-center gap-2 py-1 underline-offset-2 hover:underline"
            >
              <AlertTriangle aria-hidden className="h-4 w-4 shrink-0" />
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <span className="font-semibold">{alert.title}.</span> {alert.detail}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </aside>
  );
}
