import { describe, it, expect } from 'vitest';
import {
  CUSTOMER_INVOICE_STATUSES,
  JOB_PROGRESS,
  JOB_STATUSES,
  TIMELINE_STEPS,
  canCreateInvoice,
  canMove,
  isStepReached,
  JOB_CAUSES,
  JOB_MOVES,
  movesFrom,
  nextStep,
  statusChangeOf,
  type JobCause,
  type JobStatus,
  type PaymentStatus,
} from './job-status';

describe('a bare status change: one step forward, else 409 naming both statuses', () => {
  const made: Record<string, JobCause> = {
    'new>in-progress': 'start',
    'in-progress>completed': 'complete',
    'invoiced>paid': 'mark-paid',
  };
  const toldElsewhere: Record<string, string> = {
    'completed>invoiced': 'A job becomes invoiced when its invoice is generated.',
    'new>cancelled': 'Use Cancel to cancel a job, with a reason.',
    'in-progress>cancelled': 'Use Cancel to cancel a job, with a reason.',
  };
  const pairs = JOB_STATUSES.flatMap((from) => JOB_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)('%s -> %s', (from, to) => {
    const key = `${from}>${to}`;
    expect(statusChangeOf(from, to)).toEqual(
      made[key] ? { cause: made[key] } : { refused: toldElsewhere[key] ?? `A job cannot move from ${from} to ${to}.` },
    );
  });
});

describe('nextStep: the one button per status', () => {
  it.each([
    ['new', { cause: 'start', label: 'Start Work (En Route)', to: 'in-progress' }],
    ['in-progress', { cause: 'complete', label: 'Complete Work', to: 'completed' }],
    ['completed', { cause: 'invoice-generated', label: 'Generate Invoice', to: 'invoiced', form: 'invoice' }],
    ['invoiced', { cause: 'mark-paid', label: 'Mark as Paid', to: 'paid', form: 'payment' }],
    ['paid', null],
    ['cancelled', null],
  ] as const)('%s', (status, step) => {
    expect(nextStep(status)).toEqual(step);
  });

  it('is one step forward, and at most one per status', () => {
    for (const status of JOB_STATUSES) {
      const steps = movesFrom(status).filter((c) => JOB_MOVES[c].step);
      expect(steps.length, status).toBeLessThanOrEqual(1);
      const step = nextStep(status);
      if (step) expect(JOB_PROGRESS.indexOf(step.to as never)).toBe(JOB_PROGRESS.indexOf(status as never) + 1);
    }
  });
});

describe('timeline', () => {
  it('has the five step labels in order', () => {
    expect(TIMELINE_STEPS.map((s) => s.label)).toEqual([
      'Booking confirmed',
      'Technician en route',
      'Work completed',
      'Invoice sent',
      'Payment received',
    ]);
  });

  it.each([
    ['new', 1],
    ['in-progress', 2],
    ['completed', 3],
    ['invoiced', 4],
    ['paid', 5],
    ['cancelled', 0],
  ] as const)('%s reaches %i steps', (current, count) => {
    const reached = TIMELINE_STEPS.filter((s) => isStepReached(current as JobStatus, s.status));
    expect(reached.map((s) => s.status)).toEqual(TIMELINE_STEPS.slice(0, count).map((s) => s.status));
  });
});

describe('invoices', () => {
  it.each([
    ['new', false],
    ['in-progress', false],
    ['completed', true],
    ['invoiced', true],
    ['paid', true],
    ['cancelled', false],
  ] as const)('canCreateInvoice(%s) = %s', (status, ok) => {
    expect(canCreateInvoice(status)).toBe(ok);
  });

  it('lists customer invoice statuses', () => {
    expect(CUSTOMER_INVOICE_STATUSES).toEqual(['draft', 'sent', 'paid', 'overdue', 'cancelled']);
  });
});

describe('JOB_MOVES: every way a job moves, staff buttons and system causes', () => {
  const PAYMENTS: readonly PaymentStatus[] = ['pending', 'paid', 'failed', 'refunded'];
  /** Every (status, payment) a cause may start from, as "status/payment". */
  const startsOf = (cause: JobCause) =>
    JOB_STATUSES.flatMap((status) =>
      PAYMENTS.filter((paymentStatus) => canMove(cause, { status, paymentStatus })).map((p) => `${status}/${p}`),
    );

  it.each([
    ['start', ['new'], 'in-progress', undefined],
    ['complete', ['in-progress'], 'completed', undefined],
    ['mark-paid', ['invoiced'], 'paid', 'paid'],
    ['cancel', ['new', 'in-progress'], 'cancelled', undefined],
    ['hold-lapsed', ['new'], 'cancelled', undefined],
    ['late-payment-reinstated', ['cancelled'], 'new', undefined],
    ['invoice-generated', ['completed'], 'invoiced', undefined],
    ['invoice-paid', ['completed', 'invoiced'], 'paid', 'paid'],
    ['invoice-voided', ['invoiced'], 'completed', undefined],
    ['payment-taken', JOB_STATUSES, undefined, 'paid'],
    ['refund', ['cancelled'], undefined, 'refunded'],
    ['onsite-payment-reversed', ['paid'], 'invoiced', 'pending'],
  ] as const)('%s: from %j to status %s, payment %s', (cause, from, to, payment) => {
    expect(JOB_MOVES[cause].from).toEqual(from);
    expect(JOB_MOVES[cause].to).toBe(to);
    expect(JOB_MOVES[cause].payment).toBe(payment);
  });

  it('says which moves the system makes, with no one pressing a button', () => {
    expect(JOB_CAUSES.filter((c) => JOB_MOVES[c].by === 'system')).toEqual([
      'hold-lapsed',
      'late-payment-reinstated',
      'invoice-generated',
      'invoice-paid',
      'payment-taken',
    ]);
  });

  it('declares every cause, and nothing else', () => {
    expect(Object.keys(JOB_MOVES).sort()).toEqual([...JOB_CAUSES].sort());
  });

  it('keeps paid and cancelled final: only a late payment brings a cancelled job back, and only reversing a payment taken on site leaves paid', () => {
    const leaving = (status: JobStatus) =>
      JOB_CAUSES.filter((c) => JOB_MOVES[c].to && JOB_MOVES[c].from.includes(status));
    expect(leaving('paid')).toEqual(['onsite-payment-reversed']);
    expect(leaving('cancelled')).toEqual(['late-payment-reinstated']);
  });

  it('takes a payment once: never on a job already paid or refunded', () => {
    expect(startsOf('payment-taken').every((s) => s.endsWith('/pending') || s.endsWith('/failed'))).toBe(true);
    expect(canMove('payment-taken', { status: 'new', paymentStatus: 'paid' })).toBe(false);
  });

  it('refunds only money taken, on a cancelled job', () => {
    expect(startsOf('refund')).toEqual(['cancelled/paid']);
  });

  it('lapses a hold and reinstates a late payment only for an unpaid job', () => {
    expect(startsOf('hold-lapsed')).toEqual(['new/pending', 'new/failed']);
    expect(startsOf('late-payment-reinstated')).toEqual(['cancelled/pending', 'cancelled/failed']);
  });

  it('declares every step forward and every cancel as a move', () => {
    const forward = JOB_PROGRESS.slice(1).map((to, i) => [JOB_PROGRESS[i]!, to] as const);
    for (const [from, to] of [...forward, ['new', 'cancelled'] as const, ['in-progress', 'cancelled'] as const]) {
      expect(
        JOB_CAUSES.some((c) => JOB_MOVES[c].to === to && JOB_MOVES[c].from.includes(from)),
        `${from} -> ${to}`,
      ).toBe(true);
    }
  });

  it('says who makes each staff move by hand, and no one a system move', () => {
    for (const cause of JOB_CAUSES) {
      const { by, who } = JOB_MOVES[cause];
      expect(by === 'staff' ? (who?.length ?? 0) > 0 : who === undefined, cause).toBe(true);
    }
    // A technician undoes their own Start and Complete (decision 420), nothing else.
    expect(JOB_CAUSES.filter((c) => JOB_MOVES[c].who?.includes('technician'))).toEqual([
      'start',
      'complete',
      'start-undone',
      'complete-undone',
    ]);
    expect(JOB_CAUSES.filter((c) => JOB_MOVES[c].who?.includes('customer'))).toEqual(['cancel']);
  });
});
