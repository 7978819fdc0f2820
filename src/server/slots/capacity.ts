import { sql } from 'drizzle-orm';
import type { Capacity } from '../../shared/domain/settings';
import { PUBLIC_CACHE_CHANNEL } from '../cache/public-changes';
import type { Executor } from '../db/client';

/** An active technician, and whether they are away on the day asked about (not rostered that weekday, or on leave). */
export type DayTechnician = { id: string; username: string; workingDays: number[]; away: boolean };

/**
 * The active technicians and who of them is away on `day`, by username, in one read: the slot's
 * capacity (below) and the automatic assignment of a new booking (jobs/assignment.ts, decision
 * 311) both start from it, so a booking reads it once (docs/decisions/396-fast-quote.md).
 */
export async function techniciansOn(exec: Executor, day: string): Promise<DayTechnician[]> {
  const { rows } = await exec.execute<{ id: string; username: string; working_days: number[]; away: boolean }>(sql`
    select u.id, u.username, u.working_days,
      (not (extract(isodow from ${day}::date)::int = any(u.working_days)) or exists (
        select 1 from technician_leave l where l.technician_id = u.id and l.first_day <= ${day}::date and l.last_day >= ${day}::date
      )) as away
    from users u
    where u.role = 'technician' and u.is_active
    order by u.username`);
  return rows.map((r) => ({ id: r.id, username: r.username, workingDays: r.working_days, away: r.away }));
}

/**
 * How many jobs one slot of a day takes (decisions 302, 340): the vans on the road, less the vans
 * left without a driver by active technicians who are away that day (on leave, or not rostered on
 * that weekday); with more technicians than vans, the spare ones cover first. A business with no
 * active technician (the owner does every job) keeps every van. Never below 0: a slot with no
 * place left is simply full. This is the one rule; public availability, every write that puts a
 * job in a slot and the staff slot screens ask it.
 */
export function capacityOf(settings: { capacity: Capacity }, technicians: readonly { away: boolean }[]): number {
  const { vans } = settings.capacity;
  if (technicians.length === 0) return vans;
  const away = technicians.filter((t) => t.away).length;
  const spare = Math.max(0, technicians.length - vans);
  return Math.max(0, vans - Math.max(0, away - spare));
}

/** The capacity of the slots of `day`, read (capacityOf). */
export async function slotCapacity(exec: Executor, day: string, settings: { capacity: Capacity }): Promise<number> {
  return capacityOf(settings, await techniciansOn(exec, day));
}

/**
 * Tells every instance's public availability cache that capacities changed (decision 231): a write
 * to technicians' leave or to whether a technician is active calls it in its transaction, as no
 * trigger watches those tables; PostgreSQL delivers the notice at commit.
 */
export async function announceCapacityChanged(exec: Executor): Promise<void> {
  await exec.execute(sql`select pg_notify(${PUBLIC_CACHE_CHANNEL}, 'availability:*')`);
}
