import type { PAYMENT_STATUSES } from './services';

/** How far a job's payment got (docs/product.md "Job statuses and their moves"). */
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

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

/**
 * What moves a job: a staff member's action or something the system saw. Each cause is a declared
 * move, recorded in the job's history by the one writer of a job's status (decision 250).
 */
export const JOB_CAUSES = [
  'start',
  'complete',
  'mark-paid',
  'cancel',
  'hold-lapsed',
  'late-payment-reinstated',
  'invoice-generated',
  'invoice-paid',
  'invoice-voided',
  'payment-taken',
  'refund',
  'onsite-payment-reversed',
] as const;
export type JobCause = (typeof JOB_CAUSES)[number];

export type JobMove = {
  /** A staff member's button, or a consequence the system records with no one pressing it. */
  by: 'staff' | 'system';
  /** The job statuses it may start from; from any other it is refused. */
  from: readonly JobStatus[];
  /** The status it reaches; absent when the job keeps its status (a move of the payment only). */
  to?: JobStatus;
  /** The payment statuses it may start from, when it matters. */
  paymentFrom?: readonly PaymentStatus[];
  /** The payment status it reaches, if it sets one. */
  payment?: PaymentStatus;
};

/**
 * Every way a job's status or payment status changes (docs/product.md "Job statuses and their
 * moves", "Payments"). Paid and cancelled are final, with two declared exceptions: a payment that
 * arrives after the hold lapsed re-takes a slot that is still free (decisions 150, 250), and an
 * admin reverses a payment taken on site (decision 349).
 */
export const JOB_MOVES: Readonly<Record<JobCause, JobMove>> = {
  start: { by: 'staff', from: ['new'], to: 'in-progress' },
  complete: { by: 'staff', from: ['in-progress'], to: 'completed' },
  'mark-paid': { by: 'staff', from: ['invoiced'], to: 'paid', payment: 'paid' },
  cancel: { by: 'staff', from: ['new', 'in-progress'], to: 'cancelled' },
  'hold-lapsed': { by: 'system', from: ['new'], to: 'cancelled', paymentFrom: ['pending', 'failed'] },
  'late-payment-reinstated': { by: 'system', from: ['cancelled'], to: 'new', paymentFrom: ['pending', 'failed'] },
  'invoice-generated': { by: 'system', from: ['completed'], to: 'invoiced' },
  // A job that is only completed when its invoice is paid is invoiced and paid at once.
  'invoice-paid': { by: 'system', from: ['completed', 'invoiced'], to: 'paid', payment: 'paid' },
  // Voiding the invoice of an invoiced job makes it ready to invoice again; a paid job stays paid (decision 295).
  'invoice-voided': { by: 'staff', from: ['invoiced'], to: 'completed' },
  // Paying online leaves the job's status alone (decision 150); a late payment whose slot was lost
  // is kept on the cancelled job for staff to refund (decision 192).
  'payment-taken': { by: 'system', from: JOB_STATUSES, paymentFrom: ['pending', 'failed'], payment: 'paid' },
  // Money given back when staff cancel a prepaid job (decision 184).
  refund: { by: 'staff', from: ['cancelled'], paymentFrom: ['paid'], payment: 'refunded' },
  // An admin reverses a payment taken on site, with a reason: the job is invoiced and unpaid again (decision 349).
  'onsite-payment-reversed': { by: 'staff', from: ['paid'], to: 'invoiced', paymentFrom: ['paid'], payment: 'pending' },
};

/** Whether the cause may move a job in this state: its status, and its payment status when the move names one. */
export function canMove(cause: JobCause, job: { status: JobStatus; paymentStatus: PaymentStatus }): boolean {
  const move = JOB_MOVES[cause];
  return move.from.includes(job.status) && (!move.paymentFrom || move.paymentFrom.includes(job.paymentStatus));
}

/** The staff button for a bare status change (start, complete, mark paid), if the pair is one. */
export function staffCauseOf(from: JobStatus, to: JobStatus): 'start' | 'complete' | 'mark-paid' | null {
  for (const cause of ['start', 'complete', 'mark-paid'] as const) {
    if (JOB_MOVES[cause].to === to && JOB_MOVES[cause].from.includes(from)) return cause;
  }
  return null;
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
