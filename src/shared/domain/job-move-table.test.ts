import { describe, expect, it } from 'vitest';
import { jobs } from '../contracts/jobs';
import {
  JOB_MOVES,
  JOB_STATUSES,
  moveRulesOf,
  type JobCause,
  type JobMove,
  type JobStatus,
  type PaymentStatus,
  type StaffRole,
} from './job-status';

type Rules = ReturnType<typeof moveRulesOf>;
type Job = { status: JobStatus; paymentStatus: PaymentStatus };

const PAYMENTS: readonly PaymentStatus[] = ['pending', 'paid', 'failed', 'refunded'];
const JOBS: readonly Job[] = JOB_STATUSES.flatMap((status) =>
  PAYMENTS.map((paymentStatus) => ({ status, paymentStatus })),
);
const ROLES: readonly StaffRole[] = ['admin', 'technician'];

/**
 * What each caller decides, asked the way it asks the rules: the status card's button
 * (web/staff/jobs/job-status-action.tsx) and the server's bare status change (server/jobs/moves.ts);
 * the dashboard's Cancel (job-detail-dialog.tsx) and the server's staff cancel (moves.ts); the
 * customer's manage page offering Cancel and the server taking it (server/manage/service.ts).
 */
const callersOf = (rules: Rules) => ({
  dashboardButton: (job: Job, role: StaffRole) => rules.statusButtonOf(job, role)?.to ?? null,
  serverStatusChange: (job: Job, to: JobStatus, role: StaffRole) => rules.checkStatusChange(job, to, role),
  dashboardCancel: (job: Job, role: StaffRole) => rules.mayMove('cancel', role, job),
  serverStaffCancel: (job: Job, role: StaffRole) => rules.mayMake('cancel', role) && rules.canMove('cancel', job),
  customerCancelOffered: (job: Job) => rules.mayMove('cancel', 'customer', job),
  serverCustomerCancel: (job: Job) => rules.mayMove('cancel', 'customer', job) && rules.canMove('cancel', job),
});

/** Every caller says the same as the server, for every job state and role. */
function expectCallersAgree(rules: Rules) {
  const c = callersOf(rules);
  for (const job of JOBS) {
    for (const role of ROLES) {
      const at = `${job.status}/${job.paymentStatus} as ${role}`;
      const offered = c.dashboardButton(job, role);
      // The button offered is a move the server makes for this role...
      if (offered) expect('cause' in c.serverStatusChange(job, offered, role), at).toBe(true);
      // ...and every status change the server would make that is the status's next step is offered,
      // unless that step is its section's form (Generate Invoice, Mark as Paid).
      const step = rules.nextStep(job.status);
      const allowed = JOB_STATUSES.filter((to) => 'cause' in c.serverStatusChange(job, to, role));
      const expected = step && !step.form && allowed.includes(step.to) ? step.to : null;
      expect(offered, at).toBe(expected);
      expect(c.dashboardCancel(job, role), at).toBe(c.serverStaffCancel(job, role));
    }
    expect(c.customerCancelOffered(job), job.status).toBe(c.serverCustomerCancel(job));
  }
}

const changed = (cause: JobCause, change: Partial<JobMove>) =>
  moveRulesOf({ ...JOB_MOVES, [cause]: { ...JOB_MOVES[cause], ...change } });
const job = (status: JobStatus, paymentStatus: PaymentStatus = 'pending'): Job => ({ status, paymentStatus });

describe('the move table drives every caller', () => {
  const rules = moveRulesOf(JOB_MOVES);
  const c = callersOf(rules);

  it('the dashboard offers what the server allows, to admins and technicians, and the customer what the server takes', () => {
    expectCallersAgree(rules);
  });

  it.each([
    ['new', 'in-progress', 'in-progress'],
    ['in-progress', 'completed', 'completed'],
    ['completed', null, null],
    ['invoiced', null, null],
    ['paid', null, null],
    ['cancelled', null, null],
  ] as const)('a %s job: the button for an admin %s, for a technician %s', (status, admin, technician) => {
    expect(c.dashboardButton(job(status), 'admin')).toBe(admin);
    expect(c.dashboardButton(job(status), 'technician')).toBe(technician);
  });

  it('answers a technician 403 for an admin-only move and 409 for a move that is not one step', () => {
    expect(c.serverStatusChange(job('invoiced'), 'paid', 'technician')).toEqual({ refused: 'forbidden' });
    expect(c.serverStatusChange(job('invoiced'), 'paid', 'admin')).toEqual({ cause: 'mark-paid' });
    expect(c.serverStatusChange(job('new'), 'completed', 'admin')).toEqual({
      refused: 'conflict',
      message: 'A job cannot move from new to completed.',
    });
  });

  it('lets the customer cancel exactly when staff may: a new or in-progress job', () => {
    for (const j of JOBS) {
      expect(c.customerCancelOffered(j), j.status).toBe(c.dashboardCancel(j, 'admin'));
      expect(c.customerCancelOffered(j), j.status).toBe(j.status === 'new' || j.status === 'in-progress');
      expect(c.dashboardCancel(j, 'technician')).toBe(false);
    }
  });

  it('agrees with the contracts: only an admin may cancel, and technicians change statuses too', () => {
    expect(jobs.cancel.access).toBe(rules.mayMake('cancel', 'technician') ? 'staff' : 'admin');
    const technicianMoves = JOB_STATUSES.some((status) => rules.statusButtonOf(job(status), 'technician'));
    expect(jobs.changeStatus.access).toBe(technicianMoves ? 'staff' : 'admin');
  });

  describe('one changed entry changes every caller', () => {
    it('technicians no longer complete work: no button, and the server answers 403', () => {
      const r = changed('complete', { who: ['admin'] });
      expectCallersAgree(r);
      expect(callersOf(r).dashboardButton(job('in-progress'), 'technician')).toBeNull();
      expect(callersOf(r).serverStatusChange(job('in-progress'), 'completed', 'technician')).toEqual({
        refused: 'forbidden',
      });
      expect(callersOf(r).dashboardButton(job('in-progress'), 'admin')).toBe('completed');
    });

    it('customers no longer cancel online: no offer and no cancel, while staff still cancel', () => {
      const r = changed('cancel', { who: ['admin'] });
      expectCallersAgree(r);
      expect(JOBS.some((j) => callersOf(r).customerCancelOffered(j) || callersOf(r).serverCustomerCancel(j))).toBe(
        false,
      );
      expect(callersOf(r).dashboardCancel(job('new'), 'admin')).toBe(true);
    });

    it('a job in progress can no longer be cancelled: not by staff, not by the customer', () => {
      const r = changed('cancel', { from: ['new'] });
      expectCallersAgree(r);
      const inProgress = job('in-progress');
      expect(callersOf(r).dashboardCancel(inProgress, 'admin')).toBe(false);
      expect(callersOf(r).serverStaffCancel(inProgress, 'admin')).toBe(false);
      expect(callersOf(r).customerCancelOffered(inProgress)).toBe(false);
      expect(r.statusChangeOf('in-progress', 'cancelled')).toEqual({
        refused: 'A job cannot move from in-progress to cancelled.',
      });
      expect(callersOf(r).customerCancelOffered(job('new'))).toBe(true);
    });

    it('Mark as Paid as a plain status button: offered to an admin, not to a technician', () => {
      const r = changed('mark-paid', { step: { label: 'Mark as Paid' } });
      expectCallersAgree(r);
      expect(callersOf(r).dashboardButton(job('invoiced'), 'admin')).toBe('paid');
      expect(callersOf(r).dashboardButton(job('invoiced'), 'technician')).toBeNull();
    });
  });
});
