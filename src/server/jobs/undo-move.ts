import { and, desc, eq, gte } from 'drizzle-orm';
import { checkUndo, JOB_MOVES, type JobCause } from '../../shared/domain/job-status';
import type { JobDetail } from '../../shared/schemas/jobs';
import type { AppDeps } from '../deps';
import { auditLog, customerInvoices, onsitePayments } from '../db/schema';
import type { Executor } from '../db/client';
import type { SessionUser } from '../http/access';
import { conflict, forbidden } from '../http/errors';
import { moveJob } from './lifecycle';
import { lockJob } from './moves';
import { getJobDetail } from './service';

/** The job's last history line (its audit log rows under `job:<id>`), as the undo rule reads it. */
async function lastJobLine(exec: Executor, jobId: string) {
  const [line] = await exec
    .select({ kind: auditLog.action, from: auditLog.from, to: auditLog.to, actorId: auditLog.actorId, at: auditLog.at })
    .from(auditLog)
    .where(eq(auditLog.subject, `job:${jobId}`))
    .orderBy(desc(auditLog.seq))
    .limit(1);
  return line ?? null;
}

/**
 * Takes back Start Work or Complete Work a few seconds after it, for the user who pressed it, while
 * nothing else happened to the job (docs/decisions/420-undo-instead-of-confirm.md). The job goes
 * back to the status it had, with its own history line (so the audit log keeps the move and its
 * undo); any refusal is a 409 that changed nothing. Start and complete send the customer nothing,
 * so there is nothing to withdraw; a text sent since is a change of its own and refuses the undo.
 */
export async function undoJobMove(
  deps: Pick<AppDeps, 'db' | 'clock' | 'settings'>,
  user: SessionUser,
  jobId: string,
  cause: JobCause,
): Promise<JobDetail> {
  await deps.db.transaction(async (tx) => {
    const job = await lockJob(tx, user, jobId);
    const now = deps.clock.now();
    const last = await lastJobLine(tx, job.id);
    const answer = checkUndo(cause, job, last, user, now);
    if ('refused' in answer)
      throw answer.refused === 'forbidden' ? forbidden('Only an administrator can do that.') : conflict(answer.message);
    // A payment or an invoice made since writes the job's history too; these are read as well, so
    // one written by a path that keeps no job line still refuses the undo.
    const since = last!.at;
    const [payment] = await tx
      .select({ id: onsitePayments.id })
      .from(onsitePayments)
      .where(and(eq(onsitePayments.jobId, job.id), gte(onsitePayments.takenAt, since)))
      .limit(1);
    const [invoice] = await tx
      .select({ id: customerInvoices.id })
      .from(customerInvoices)
      .where(and(eq(customerInvoices.jobId, job.id), gte(customerInvoices.createdAt, since)))
      .limit(1);
    const label = JOB_MOVES[cause].step?.label ?? cause;
    if (payment || invoice)
      throw conflict(
        `${label} cannot be undone: the job changed since (${payment ? 'a payment' : 'an invoice'}). Nothing was changed.`,
      );
    await moveJob(tx, job, answer.cause, { at: now, actorId: user.id, note: `Undone: ${label}` });
  });
  return getJobDetail(deps, user, jobId);
}
