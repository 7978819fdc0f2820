import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, RefreshCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { perthClockTime } from '../../../shared/domain/perth-time';
import {
  BACKUP_MAX_AGE_HOURS,
  DISK_MAX_USED_PERCENT,
  MESSAGE_MAX_WAIT_MINUTES,
} from '../../../shared/domain/system-health';
import type { SystemHealth } from '../../../shared/schemas/system';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { api, errorMessage } from '../../lib/api';
import { systemLines, type SystemLine } from './system-lines';

/**
 * Settings, "System" (admins; docs/decisions/400-system-health.md): the last backup, messages
 * waiting, free disk, the certificate, the database, the instances running and the version, each
 * in plain words, with a warning style past its limit. Read afresh each time the tab opens.
 */
export function SystemSection() {
  const health = useQuery({ ...api.system.health.query(), staleTime: 0 });
  // The dashboard's banner leads here (/dashboard?tab=settings#system) without loading a new page.
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (health.isSuccess && window.location.hash === '#system') section.current?.scrollIntoView();
  }, [health.isSuccess]);
  return (
    <section
      ref={section}
      id="system"
      aria-labelledby="system-heading"
      className="scroll-mt-20 rounded-xl border border-gray-200 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="system-heading" className="text-lg font-bold">
          System
        </h2>
        <Button variant="outline" onClick={() => void health.refetch()} disabled={health.isFetching}>
          <RefreshCw aria-hidden className={cn('h-4 w-4', health.isFetching && 'motion-safe:animate-spin')} />
          Check again
        </Button>
      </div>
      {health.isPending ? (
        <SkeletonGroup label="Loading the system's figures..." className="mt-4 space-y-3">
          {Array.from({ length: 7 }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </SkeletonGroup>
      ) : health.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {errorMessage(health.error, "Could not load the system's figures.")}
        </p>
      ) : (
        <SystemFigures health={health.data} />
      )}
    </section>
  );
}

function SystemFigures({ health }: { health: SystemHealth }) {
  const lines = systemLines(health);
  const problems = lines.filter((l) => l.warning).length;
  return (
    <>
      <p className="mt-1 text-gray-700">
        {problems === 0
          ? 'All is well.'
          : problems === 1
            ? '1 thing needs attention.'
            : `${problems} things need attention.`}{' '}
        You are emailed when the last backup is over {BACKUP_MAX_AGE_HOURS} hours old, a message has waited over{' '}
        {MESSAGE_MAX_WAIT_MINUTES} minutes, or the disk is over {DISK_MAX_USED_PERCENT}% full.
      </p>
      <ul className="mt-4 space-y-2">
        {lines.map((line) => (
          <Figure key={line.id} line={line} />
        ))}
      </ul>
      <p className="mt-3 text-sm text-gray-700">Checked at {perthClockTime(new Date(health.checkedAt))}, Perth time.</p>
    </>
  );
}

function Figure({ line }: { line: SystemLine }) {
  return (
    <li
      data-figure={line.id}
      className={cn(
        'flex min-h-11 gap-3 rounded-lg border p-3',
        line.warning ? 'border-amber-400 border-l-4 bg-amber-50 text-amber-950' : 'border-gray-200',
      )}
    >
      {line.warning ? (
        <AlertTriangle aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" />
      ) : (
        <CheckCircle2 aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
      )}
      <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
        <p className="text-sm font-medium text-gray-700">
          {line.label}
          {line.warning ? <span className="sr-only"> (needs attention)</span> : null}
        </p>
        <p className="font-semibold">{line.value}</p>
        {line.hint ? <p className="mt-0.5 text-sm text-gray-700">{line.hint}</p> : null}
      </div>
    </li>
  );
}
