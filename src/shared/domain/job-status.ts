/** Job statuses, cancelled included (docs/product.md "Job statuses and their moves"). */
export const JOB_STATUSES = ['new', 'in-progress', 'completed', 'invoiced', 'paid', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export function isJobStatus(s: string): s is JobStatus {
  return (JOB_STATUSES as readonly string[]).includes(s);
}

/** The timeline order. */
export const JOB_PROGRESS = ['new', 'in-progress', 'completed', 'invoiced', 'paid'] as const;
export type ProgressStatus = (typeof JOB_PROGRESS)[number];

function progressIndex(status: JobStatus): number {
  return (JOB_PROGRESS as readonly string[]).indexOf(status);
}

/**
 * One step forward along JOB_PROGRESS, or to cancelled from new or in-progress only (work that was
 * done is billed, not cancelled). Paid and cancelled are final (docs/product.md "Job statuses and their moves").
 */
export function canTransition(from: JobStatus, to: JobStatus): boolean {
  if (to === 'cancelled') return from === 'new' || from === 'in-progress';
  if (from === 'paid' || from === 'cancelled') return false;
  return progressIndex(to) === progressIndex(from) + 1;
}

/** Moves a technician may make on a job assigned to them; the rest are an admin's. */
export function isTechnicianMove(from: JobStatus, to: JobStatus): boolean {
  return (from === 'new' && to === 'in-progress') || (from === 'in-progress' && to === 'completed');
}

/** Moves made by a bare status change; 'invoiced' comes only from generating the invoice, 'cancelled' from cancelling. */
export function isDirectStatusMove(from: JobStatus, to: JobStatus): boolean {
  return canTransition(from, to) && to !== 'invoiced' && to !== 'cancelled';
}

/** The Schedule tab's statuses, read from the job. */
export const SCHEDULE_STATUSES = ['pending', 'confirmed', 'in_progress', 'completed', 'cancelled'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

export function scheduleStatus(job: { status: JobStatus; assignedTechnicianId: string | null }): ScheduleStatus {
  switch (job.status) {
    case 'new':
      return job.assignedTechnicianId ? 'confirmed' : 'pending';
    case 'in-progress':
      return 'in_progress';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'completed';
  }
}

const ACTIONS: Readonly<Record<JobStatus, { label: string; to: JobStatus } | null>> = {
  new: { label: 'Start Work (En Route)', to: 'in-progress' },
  'in-progress': { label: 'Complete Work', to: 'completed' },
  completed: { label: 'Generate Invoice', to: 'invoiced' },
  invoiced: { label: 'Mark as Paid', to: 'paid' },
  paid: null,
  cancelled: null,
};

export function nextAction(status: JobStatus): { label: string; to: JobStatus } | null {
  return ACTIONS[status];
}

export const TIMELINE_STEPS: readonly { status: ProgressStatus; label: string }[] = [
  { status: 'new', label: 'Booking confirmed' },
  { status: 'in-progress', label: 'Technician en route' },
  { status: 'completed', label: 'Work completed' },
  { status: 'invoiced', label: 'Invoice sent' },
  { status: 'paid', label: 'Payment received' },
];

/** A timeline step is complete once the job reached or passed it. A cancelled job reaches none. */
export function isStepReached(current: JobStatus, step: JobStatus): boolean {
  const c = progressIndex(current);
  const s = progressIndex(step);
  return c >= 0 && s >= 0 && c >= s;
}

/** Invoice creation from the jobs tab only for completed, invoiced or paid jobs. */
export function canCreateInvoice(status: JobStatus): boolean {
  return status === 'completed' || status === 'invoiced' || status === 'paid';
}

/** Customer invoice statuses, freely set, no order enforced (docs/product.md "Customer invoices"). */
export const CUSTOMER_INVOICE_STATUSES = ['draft', 'sent', 'paid', 'overdue', 'cancelled'] as const;
export type CustomerInvoiceStatus = (typeof CUSTOMER_INVOICE_STATUSES)[number];
