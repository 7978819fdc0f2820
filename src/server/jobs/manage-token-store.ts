import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { jobs } from '../db/schema';

/**
 * Stores the hash of a job's new manage-my-booking token, replacing the one before: the visit
 * reminder carries a fresh link (docs/decisions/367-reminder-carries-a-fresh-manage-link.md), since
 * only the hash of the earlier one is kept.
 */
export async function storeManageTokenHash(exec: Executor, jobId: string, hash: string): Promise<void> {
  await exec.update(jobs).set({ manageTokenHash: hash }).where(eq(jobs.id, jobId));
}
