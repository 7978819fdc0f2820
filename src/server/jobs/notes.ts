import { eq } from 'drizzle-orm';
import type { JobDetail } from '../../shared/schemas/jobs';
import { isUuid } from '../../shared/schemas/fields';
import type { AppDeps } from '../deps';
import { jobs } from '../db/schema';
import type { SessionUser } from '../http/access';
import { notFound } from '../http/errors';
import { recordJobEvent } from './history';
import { assertMayView, getJobDetail, JOB_NOT_FOUND } from './service';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'settings'>;

/**
 * A note on a job (docs/decisions/345-offline-day-queue.md: a technician's change from the van): an
 * admin or the job's technician adds a line to the job's history. It changes nothing else, so any
 * job may be noted, a cancelled one included (what happened at the door is worth keeping).
 */
export async function addJobNote(deps: Deps, user: SessionUser, jobId: string, note: string): Promise<JobDetail> {
  if (!isUuid(jobId)) throw notFound(JOB_NOT_FOUND);
  await deps.db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: jobs.id, assignedTechnicianId: jobs.assignedTechnicianId })
      .from(jobs)
      .where(eq(jobs.id, jobId))
      .for('update');
    if (!job) throw notFound(JOB_NOT_FOUND);
    assertMayView(user, job);
    await recordJobEvent(tx, {
      jobId: job.id,
      at: deps.clock.now(),
      actorId: user.id,
      kind: 'note',
      note: `Note: ${note}`,
    });
  });
  return getJobDetail(deps, user, jobId);
}
