import { Ban, CheckCircle2, CircleDollarSign, FileText, Sparkles, Truck, type LucideIcon } from 'lucide-react';
import type { JobStatus } from '../../../shared/domain/job-status';
import { cn } from '../../components/ui/cn';
import { STATUS_LABELS } from './job-format';

const LOOK: Readonly<Record<JobStatus, { icon: LucideIcon; className: string }>> = {
  new: { icon: Sparkles, className: 'bg-sky-100 text-sky-900 ring-sky-300' },
  'in-progress': { icon: Truck, className: 'bg-amber-100 text-amber-950 ring-amber-300' },
  completed: { icon: CheckCircle2, className: 'bg-green-100 text-green-900 ring-green-300' },
  invoiced: { icon: FileText, className: 'bg-violet-100 text-violet-900 ring-violet-300' },
  paid: { icon: CircleDollarSign, className: 'bg-emerald-700 text-white ring-emerald-800' },
  cancelled: { icon: Ban, className: 'bg-gray-200 text-gray-800 ring-gray-400' },
};

/** A job's status as words with an icon; the colour only helps (docs/product.md "Job statuses and their moves"). */
export function JobStatusBadge({ status, className }: { status: JobStatus; className?: string }) {
  const { icon: Icon, className: look } = LOOK[status];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ring-inset',
        look,
        className,
      )}
    >
      <Icon aria-hidden className="h-3.5 w-3.5" />
      {STATUS_LABELS[status]}
    </span>
  );
}
