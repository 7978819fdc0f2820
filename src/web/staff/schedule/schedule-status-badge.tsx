import { CheckCircle2, CircleDashed, Ban, Truck, UserCheck, type LucideIcon } from 'lucide-react';
import type { ScheduleStatus } from '../../../shared/domain/job-status';
import { cn } from '../../components/ui/cn';
import { SCHEDULE_LABELS } from './schedule-data';

const LOOK: Readonly<Record<ScheduleStatus, { icon: LucideIcon; className: string }>> = {
  pending: { icon: CircleDashed, className: 'bg-amber-100 text-amber-950 ring-amber-300' },
  confirmed: { icon: UserCheck, className: 'bg-sky-100 text-sky-900 ring-sky-300' },
  in_progress: { icon: Truck, className: 'bg-violet-100 text-violet-900 ring-violet-300' },
  completed: { icon: CheckCircle2, className: 'bg-green-100 text-green-900 ring-green-300' },
  cancelled: { icon: Ban, className: 'bg-gray-200 text-gray-800 ring-gray-400' },
};

/** A schedule status in words with an icon; the colour only helps. */
export function ScheduleStatusBadge({ status }: { status: ScheduleStatus }) {
  const { icon: Icon, className } = LOOK[status];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ring-inset',
        className,
      )}
    >
      <Icon aria-hidden className="h-3.5 w-3.5" />
      {SCHEDULE_LABELS[status]}
    </span>
  );
}
