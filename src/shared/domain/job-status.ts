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
  'start-undone',
  'complete-undone',
] as const;
export type JobCause = (typeof JOB_CAUSES)[number];

/** Who makes a move by hand: a staff member by role, or the customer through their manage-my-booking link. */
export type StaffRole = 'admin' | 'technician';
export type Mover = StaffRole | 'customer';

export type JobMove = {
  /** A staff member's button, or a consequence the system records with no one pressing it. */
  by: 'staff' | 'system';
  /**
   * Who may make a staff move (docs/product.md "Roles and permissions"): the staff roles, a
   * technician only on a job assigned to them, and the customer where their manage page offers it.
   * A system move follows from something else (a payment, an invoice generated, a payment taken on
   * site), whose own rules say who may do that.
   */
  who?: readonly Mover[];
  /**
   * The status card's one next step for a job in a `from` status (docs/product.md "Job statuses and
   * their moves"); `form` names the section whose form makes it, when it is not a bare status change.
   */
  step?: { label: string; form?: 'invoice' | 'payment' };
  /**
   * A bare status change (PATCH /api/dashboard/jobs/{id}/status) asking for this move: true when it
   * makes it, or the 409 message that sends the user to the move's own action. Absent: refused as
   * any undeclared move is.
   */
  statusChange?: true | string;
  /** The job statuses it may start from; from any other it is refused. */
  from: readonly JobStatus[];
  /** The status it reaches; absent when the job keeps its status (a move of the payment only). */
  to?: JobStatus;
  /** The payment statuses it may start from, when it matters. */
  paymentFrom?: readonly PaymentStatus[];
  /** The payment status it reaches, if it sets one. */
  payment?: PaymentStatus;
  /**
   * The move this one takes back: the same user, within UNDO_WINDOW_MS of it, while nothing else
   * happened to the job (checkUndo; docs/decisions/420-undo-instead-of-confirm.md).
   */
  undoes?: JobCause;
};

/**
 * How long after Start Work or Complete Work its Undo still works, by the app's clock: the toast
 * offers Undo for UNDO_OFFER_MS, and the server allows a few seconds more for a slow network
 * (docs/decisions/420-undo-instead-of-confirm.md).
 */
export const UNDO_WINDOW_MS = 15_000;
export const UNDO_OFFER_MS = 10_000;

const ADMIN: readonly Mover[] = ['admin'];
const ASSIGNED_STAFF: readonly Mover[] = ['admin', 'technician'];

/**
 * Every way a job's status or payment status changes (docs/product.md "Job statuses and their
 * moves", "Payments"). Paid and cancelled are final, with two declared exceptions: a payment that
 * arrives after the hold lapsed re-takes a slot that is still free (decisions 150, 250), and an
 * admin reverses a payment taken on site (decision 349).
 */
export const JOB_MOVES: Readonly<Record<JobCause, JobMove>> = {
  start: {
    by: 'staff',
    who: ASSIGNED_STAFF,
    step: { label: 'Start Work (En Route)' },
    statusChange: true,
    from: ['new'],
    to: 'in-progress',
  },
  complete: {
    by: 'staff',
    who: ASSIGNED_STAFF,
    step: { label: 'Complete Work' },
    statusChange: true,
    from: ['in-progress'],
    to: 'completed',
  },
  // Its button is the payment section's form, which asks how the customer paid (decision 349).
  'mark-paid': {
    by: 'staff',
    who: ADMIN,
    step: { label: 'Mark as Paid', form: 'payment' },
    statusChange: true,
    from: ['invoiced'],
    to: 'paid',
    payment: 'paid',
  },
  // The customer may cancel on their manage page whenever staff may (decision 358).
  cancel: {
    by: 'staff',
    who: ['admin', 'customer'],
    statusChange: 'Use Cancel to cancel a job, with a reason.',
    from: ['new', 'in-progress'],
    to: 'cancelled',
  },
  'hold-lapsed': { by: 'system', from: ['new'], to: 'cancelled', paymentFrom: ['pending', 'failed'] },
  'late-payment-reinstated': { by: 'system', from: ['cancelled'], to: 'new', paymentFrom: ['pending', 'failed'] },
  'invoice-generated': {
    by: 'system',
    step: { label: 'Generate Invoice', form: 'invoice' },
    statusChange: 'A job becomes invoiced when its invoice is generated.',
    from: ['completed'],
    to: 'invoiced',
  },
  // A job that is only completed when its invoice is paid is invoiced and paid at once.
  'invoice-paid': { by: 'system', from: ['completed', 'invoiced'], to: 'paid', payment: 'paid' },
  // Voiding the invoice of an invoiced job makes it ready to invoice again; a paid job stays paid (decision 295).
  'invoice-voided': { by: 'staff', who: ADMIN, from: ['invoiced'], to: 'completed' },
  // Paying online leaves the job's status alone (decision 150); a late payment whose slot was lost
  // is kept on the cancelled job for staff to refund (decision 192).
  'payment-taken': { by: 'system', from: JOB_STATUSES, paymentFrom: ['pending', 'failed'], payment: 'paid' },
  // Money given back when staff cancel a prepaid job (decision 184).
  refund: { by: 'staff', who: ADMIN, from: ['cancelled'], paymentFrom: ['paid'], payment: 'refunded' },
  // An admin reverses a payment taken on site, with a reason: the job is invoiced and unpaid again (decision 349).
  'onsite-payment-reversed': {
    by: 'staff',
    who: ADMIN,
    from: ['paid'],
    to: 'invoiced',
    paymentFrom: ['paid'],
    payment: 'pending',
  },
  // Undo for a few seconds instead of a confirmation on today's next job (decision 420).
  'start-undone': { by: 'staff', who: ASSIGNED_STAFF, from: ['in-progress'], to: 'new', undoes: 'start' },
  'complete-undone': { by: 'staff', who: ASSIGNED_STAFF, from: ['completed'], to: 'in-progress', undoes: 'complete' },
};

type JobState = { status: JobStatus; paymentStatus: PaymentStatus };
export type NextStep = { cause: JobCause; label: string; to: JobStatus; form?: 'invoice' | 'payment' };
/** A bare status change's answer: the move it makes, or why it is refused (a 409 with its message, or a 403). */
export type StatusChangeAnswer =
  | { cause: JobCause }
  | { refused: 'conflict'; message: string }
  | { refused: 'forbidden' };

/** The job history's last line, as the undo rule reads it. */
export type LastJobLine = { kind: string; from: string | null; to: string | null; actorId: string | null; at: Date };

/**
 * Every rule about who may move a job and how, read from one move table. The app uses the rules of
 * JOB_MOVES (below); a test builds them from a changed table to see every caller follow.
 */
export function moveRulesOf(moves: Readonly<Record<JobCause, JobMove>>) {
  /** The causes that may move a job in this status, its payment status aside. */
  const movesFrom = (status: JobStatus): JobCause[] => JOB_CAUSES.filter((c) => moves[c].from.includes(status));

  /** Whether the cause may move a job in this state: its status, and its payment status when the move names one. */
  const canMove = (cause: JobCause, job: JobState): boolean => {
    const move = moves[cause];
    return move.from.includes(job.status) && (!move.paymentFrom || move.paymentFrom.includes(job.paymentStatus));
  };

  /** Whether `who` may make the move by hand (a technician only on a job assigned to them, which the caller checks). */
  const mayMake = (cause: JobCause, who: Mover): boolean => moves[cause].who?.includes(who) ?? false;

  /** Whether `who` may make the move on a job in this state. */
  const mayMove = (cause: JobCause, who: Mover, job: JobState): boolean => mayMake(cause, who) && canMove(cause, job);

  /** The status card's one next step for a job in this status; none for paid and cancelled. */
  const nextStep = (status: JobStatus): NextStep | null => {
    const cause = movesFrom(status).find((c) => moves[c].step);
    const move = cause ? moves[cause] : undefined;
    if (!cause || !move?.step || !move.to) return null;
    return { cause, label: move.step.label, to: move.to, ...(move.step.form ? { form: move.step.form } : {}) };
  };

  /** What a bare status change from `from` to `to` asks for: a move it makes, or the 409 message it gets. */
  const statusChangeOf = (from: JobStatus, to: JobStatus): { cause: JobCause } | { refused: string } => {
    const asked = movesFrom(from).filter((c) => moves[c].to === to && moves[c].statusChange !== undefined);
    const made = asked.find((c) => moves[c].statusChange === true);
    if (made) return { cause: made };
    const told = asked.map((c) => moves[c].statusChange).find((m) => typeof m === 'string');
    return { refused: told ?? `A job cannot move from ${from} to ${to}.` };
  };

  /**
   * The server's answer to `who` asking for a bare status change of a job: any other move than one
   * step forward is refused with 409 naming both statuses (or the action that makes it), then a
   * move `who` may not make with 403.
   */
  const checkStatusChange = (job: JobState, to: JobStatus, who: Mover): StatusChangeAnswer => {
    const change = statusChangeOf(job.status, to);
    if ('refused' in change) return { refused: 'conflict', message: change.refused };
    if (!mayMake(change.cause, who)) return { refused: 'forbidden' };
    return change;
  };

  /**
   * The button the job's status card offers `who` for a bare status change: the status's next step,
   * when the server would make it for them; Generate Invoice and Mark as Paid are their sections' forms.
   */
  const statusButtonOf = (job: JobState, who: StaffRole): NextStep | null => {
    const step = nextStep(job.status);
    if (!step || step.form) return null;
    const answer = checkStatusChange(job, step.to, who);
    return 'cause' in answer && answer.cause === step.cause ? step : null;
  };

  /** The move that takes `cause` back, when it has one. */
  const undoOf = (cause: JobCause): JobCause | null => JOB_CAUSES.find((c) => moves[c].undoes === cause) ?? null;

  /**
   * The server's answer to `who` undoing their `cause` (decision 420): only a move that has an undo,
   * only while the job's last history line is that move, made by the same user, at most
   * UNDO_WINDOW_MS ago; the caller adds what the history does not say (a payment or an invoice since).
   */
  const checkUndo = (
    cause: JobCause,
    job: JobState,
    last: LastJobLine | null,
    who: { id: string; role: StaffRole },
    now: Date,
  ): StatusChangeAnswer => {
    const undo = undoOf(cause);
    const label = moves[cause].step?.label ?? cause;
    if (!undo) return { refused: 'conflict', message: `${label} cannot be undone.` };
    if (!mayMake(undo, who.role)) return { refused: 'forbidden' };
    const move = moves[cause];
    const isTheMove = last?.kind === 'status' && move.from.includes(last.from as JobStatus) && last.to === move.to;
    if (!isTheMove || !canMove(undo, job))
      return {
        refused: 'conflict',
        message: `${label} cannot be undone: the job changed since (${changeOf(last)}). Nothing was changed.`,
      };
    if (last.actorId !== who.id)
      return {
        refused: 'conflict',
        message: `${label} can be undone only by the person who pressed it. Nothing was changed.`,
      };
    if (now.getTime() - last.at.getTime() > UNDO_WINDOW_MS)
      return {
        refused: 'conflict',
        message: `${label} can be undone only within ${UNDO_WINDOW_MS / 1000} seconds; it is too late now. Nothing was changed.`,
      };
    return { cause: undo };
  };

  return {
    movesFrom,
    canMove,
    mayMake,
    mayMove,
    nextStep,
    statusChangeOf,
    checkStatusChange,
    statusButtonOf,
    undoOf,
    checkUndo,
  };
}

/** What the job's last history line says happened, in a few words for the undo's 409. */
function changeOf(last: LastJobLine | null): string {
  if (!last) return 'no move to undo';
  switch (last.kind) {
    case 'payment':
      return 'a payment';
    case 'status':
      return `it is ${last.to ?? 'moved'} now`;
    case 'note':
      return 'a note or a message to the customer';
    case 'price':
      return 'its price';
    case 'schedule':
      return 'its time';
    case 'assignment':
      return 'its technician';
    default:
      return last.kind;
  }
}

export const {
  movesFrom,
  canMove,
  mayMake,
  mayMove,
  nextStep,
  statusChangeOf,
  checkStatusChange,
  statusButtonOf,
  undoOf,
  checkUndo,
} = moveRulesOf(JOB_MOVES);

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
