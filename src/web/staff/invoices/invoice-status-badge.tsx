import { AlarmClock, Ban, CircleDollarSign, FilePen, Send, type LucideIcon } from 'lucide-react';
import type { CustomerInvoiceStatus } from '../../../shared/domain/job-status';
import { cn } from '../../components/ui/cn';
import { INVOICE_STATUS_LABELS } from './invoice-format';

const LOOK: Readonly<Record<CustomerInvoiceStatus, { icon: LucideIcon; className: string }>> = {
  draft: { icon: FilePen, className: 'bg-gray-100 text-gray-900 ring-gray-300' },
  sent: { icon: Send, className: 'bg-sky-100 text-sky-900 ring-sky-300' },
  paid: { icon: CircleDollarSign, className: 'bg-emerald-700 text-white ring-emerald-800' },
  overdue: { icon: AlarmClock, className: 'bg-red-100 text-red-900 ring-red-300' },
  cancelled: { icon: Ban, className: 'bg-gray-200 text-gray-700 ring-gray-400 line-through' },
};

/** An invoice's status in words with an icon; colour only helps. */
export function InvoiceStatusBadge({ status, className }: { status: CustomerInvoiceStatus; className?: string }) {
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
      {INVOICE_STATUS_LABELS[status]}
    </span>
  );
}
