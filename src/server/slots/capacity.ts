import { sql } from 'drizzle-orm';
import type { Capacity } from '../../shared/domain/settings';
import type { Executor } from '../db/client';
import { technicianLeave, users } from '../db/schema';

/**
 * How many jobs one slot of `day` takes (decision 302): the vans on the road, less the active
 * technicians on leave that day. A business with no active technician (the owner does every job)
 * keeps every van. Never below 0: a slot with no place left is simply full. This is the one rule;
 * public availability, every write that puts a job in a slot and the staff slot screens ask it.
 */
export async function slotCapacity(exec: Executor, day: string, settings: { capacity: Capacity }): Promise<number> {
  const { vans } = settings.capacity;
  const [row] = await exec
    .select({
      technicians: sql<number>`count(*)::int`,
      away: sql<number>`count(*) filter (where exists (
        select 1 from ${technicianLeave}
        where ${technicianLeave.technicianId} = ${users.id}
          and ${technicianLeave.firstDay} <= ${day}::date and ${technicianLeave.lastDay} >= ${day}::date))::int`,
    })
    .from(users)
    .where(sql`${users.role} = 'technician' and ${users.isActive}`);
  const technicians = Number(row?.technicians ?? 0);
  if (technicians === 0) return vans;
  return Math.max(0, vans - Number(row?.away ?? 0));
}
