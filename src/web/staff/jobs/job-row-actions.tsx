import { Eye, FileText, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import { canCreateInvoice, type JobStatus } from '../../../shared/domain/job-status';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';

type RowJob = { id: string; jobNumber: string; status: JobStatus };

/** Where 'Create Invoice' leads (docs/product.md "Staff dashboard"). */
export const createInvoiceHref = (jobId: string) => `/dashboard/invoices/new?jobId=${encodeURIComponent(jobId)}`;

/**
 * View, Create Invoice (completed, invoiced or paid jobs only) and Delete for one job. A technician
 * sees View only: the rest would be refused (docs/product.md "Roles and permissions"). With
 * `iconsOnly` (the table) each button keeps its name for screen readers and as a tooltip.
 */
export function JobRowActions({
  job,
  isAdmin,
  iconsOnly = false,
  onView,
  onDelete,
}: {
  job: RowJob;
  isAdmin: boolean;
  iconsOnly?: boolean;
  onView: () => void;
  onDelete: () => void;
}) {
  const text = (label: string) => (iconsOnly ? <span className="sr-only">{label}</span> : <span>{label}</span>);
  // The button's own padding gives way (px-0!, px-2!) so the icon keeps its size in a square, and
  // three labelled buttons fit one row of a 360 px card.
  const square = iconsOnly ? 'w-11 px-0!' : 'w-full px-2!';
  const count = 1 + (isAdmin && canCreateInvoice(job.status) ? 1 : 0) + (isAdmin ? 1 : 0);
  return (
    <div
      className={
        iconsOnly
          ? 'flex justify-end gap-2'
          : cn('grid gap-2', count === 3 ? 'grid-cols-3' : count === 2 ? 'grid-cols-2' : 'grid-cols-1')
      }
    >
      <Button
        variant="outline"
        className={square}
        title={iconsOnly ? `View ${job.jobNumber}` : undefined}
        aria-label={`View ${job.jobNumber}`}
        onClick={onView}
      >
        <Eye aria-hidden className="h-4 w-4 shrink-0" />
        {text('View')}
      </Button>
      {isAdmin && canCreateInvoice(job.status) ? (
        <Link
          href={createInvoiceHref(job.id)}
          title={iconsOnly ? `Create invoice for ${job.jobNumber}` : undefined}
          aria-label={`Create invoice for ${job.jobNumber}`}
          className={cn(
            'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-4 font-semibold text-charcoal hover:bg-gray-50',
            square,
          )}
        >
          <FileText aria-hidden className="h-4 w-4 shrink-0" />
          {text('Invoice')}
        </Link>
      ) : null}
      {isAdmin ? (
        <Button
          variant="outline"
          className={cn('text-red-800 hover:bg-red-50', square)}
          title={iconsOnly ? `Delete ${job.jobNumber}` : undefined}
          aria-label={`Delete ${job.jobNumber}`}
          onClick={onDelete}
        >
          <Trash2 aria-hidden className="h-4 w-4 shrink-0" />
          {text('Delete')}
        </Button>
      ) : null}
    </div>
  );
}
