import { sql } from 'drizzle-orm';
import type { Capacity } from '../../shared/domain/settings';
import { PUBLIC_CACHE_CHANNEL } from '../cache/public-changes';
import type { Executor } from '../db/client';

/**
 * How many jobs one slot of `day` takes (decisions 302, 340): the vans on the road, less the vans
 * left without a driver by active technicians who are away that day (on leave, or not rostered on
 * that weekday); with more technicians than vans, the spare ones cover first. A business with no
 * active technician (the owner does every job) keeps every van. Never below 0: a slot with no
 * place left is simply full. This is the one rule; public availability, every write that puts a
 * job in a slot and the staff slot screens ask it.
 */
export async function slotCapacity(exec: Executor, day: string, settings: { capacity: Capacity }): Promise<number> {
  const { vans } = settings.capacity;
  const { rows } = await exec.execute<{ technicians: number; away: number }>(sql`
    select count(*)::int as technicians,
      count(*) filter (where not (extract(isodow from ${day}::date)::int = any(u.working_days)) or exists (
        select 1 from technician_leave l where l.technician_id = u.id and l.first_day <= ${day}::date and l.last_day >= ${day}::date
      ))::int as away
    from users u
    where u.role = 'technician' and u.is_active`);
  const row = rows[0];
  const technicians = Number(row?.technicians ?? 0);
  if (technicians === 0) return vans;
  const spare = Math.max(0, technicians - vans);
  return Math.max(0, vans - Math.max(0, Number(row?.away ?? 0) - spare));
}

/**
 * Tells every instance's public availability cache that capacities changed (decision 231): a write
 * to technicians' leave or to whether a technician is active calls it in its transaction, as no
 * trigger watches those tables; PostgreSQL delivers the notice at commit.
 */
export async function announceCapacityChanged(exec: Executor): Promise<void> {
  await exec.execute(sql`select pg_notify(${PUBLIC_CACHE_CHANNEL}, 'availability:*')`);
}
