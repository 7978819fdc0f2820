import { describe, it, expect } from 'vitest';
import {
  CUSTOMER_INVOICE_STATUSES,
  JOB_STATUSES,
  TIMELINE_STEPS,
  canCreateInvoice,
  canTransition,
  isStepReached,
  nextAction,
  type JobStatus,
} from './job-status';

describe('canTransition', () => {
  const allowed = new Set([
    'new>in-progress',
    'in-progress>completed',
    'completed>invoiced',
    'invoiced>paid',
    'new>cancelled',
    'in-progress>cancelled',
  ]);
  const pairs = JOB_STATUSES.flatMap((from) => JOB_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)('%s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(allowed.has(`${from}>${to}`));
  });
});

describe('nextAction: the one button per status', () => {
  it.each([
    ['new', { label: 'Start Work (En Route)', to: 'in-progress' }],
    ['in-progress', { label: 'Complete Work', to: 'completed' }],
    ['completed', { label: 'Generate Invoice', to: 'invoiced' }],
    ['invoiced', { label: 'Mark as Paid', to: 'paid' }],
    ['paid', null],
    ['cancelled', null],
  ] as const)('%s', (status, action) => {
    expect(nextAction(status)).toEqual(action);
    const a = nextAction(status);
    if (a) expect(canTransition(status, a.to)).toBe(true);
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
