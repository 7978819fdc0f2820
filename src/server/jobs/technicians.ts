import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Technician } from '../../shared/schemas/jobs';
import type { Executor } from '../db/client';
import { jobs, users } from '../db/schema';

/** Technicians, active first, with how many open (new or in-progress) jobs each has. */
export async function listTechnicians(db: Executor): Promise<Technician[]> {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      isActive: users.isActive,
      openJobs: count(jobs.id),
    })
    .from(users)
    .leftJoin(jobs, and(eq(jobs.assignedTechnicianId, users.id), inArray(jobs.status, ['new', 'in-progress'])))
    .where(eq(users.role, 'technician'))
    .groupBy(users.id)
    .orderBy(asc(users.username));
  return rows
    .map((r) => ({ ...r, openJobs: Number(r.openJobs) }))
    .sort((a, b) => Number(b.isActive) - Number(a.isActive));
}
