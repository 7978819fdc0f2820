import { eq } from 'drizzle-orm';
import type { Executor } from '../../src/server/db/client';
import { jobs } from '../../src/server/db/schema';

/**
 * Test set-up only: puts a job straight into the state a test starts from (cancelled, paid online,
 * assigned, a changed price), as if the moves that lead there had happened. The product moves a job
 * only through src/server/jobs/lifecycle.ts, with a history line (decision 250); a test of a move
 * itself goes through the API, never through this.
 */
export async function setJobState(
  db: Executor,
  jobId: string,
  state: Partial<Omit<typeof jobs.$inferInsert, 'id'>>,
): Promise<void> {
  await db.update(jobs).set(state).where(eq(jobs.id, jobId));
}
