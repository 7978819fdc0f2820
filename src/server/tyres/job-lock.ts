import { eq } from 'drizzle-orm';
import { isUuid } from '../../shared/schemas/fields';
import type { Executor } from '../db/client';
import { jobs } from '../db/schema';
import type { SessionUser } from '../http/access';
import { notFound } from '../http/errors';
import { assertMayView, JOB_NOT_FOUND } from '../jobs/service';

/**
 * The job whose fitted tyres or parts are read or written, locked for the transaction: 404 for an
 * unknown job, and a technician only on their own (docs/product.md "Roles and permissions").
 */
export async function lockJobForTyreWork(tx: Executor, user: SessionUser, jobId: string) {
  if (!isUuid(jobId)) throw notFound(JOB_NOT_FOUND);
  const [job] = await tx
    .select({
      id: jobs.id,
      jobNumber: jobs.jobNumber,
      status: jobs.status,
      paymentStatus: jobs.paymentStatus,
      assignedTechnicianId: jobs.assignedTechnicianId,
    })
    .from(jobs)
    .where(eq(jobs.id, jobId))
    .for('update');
  if (!job) throw notFound(JOB_NOT_FOUND);
  assertMayView(user, job);
  return job;
}
