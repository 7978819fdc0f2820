import { and, eq, ne } from 'drizzle-orm';
import { directionsUrl, stopAddress } from '../../shared/domain/day-run';
import { SERVICE_LABELS } from '../../shared/domain/services';
import { perthToday } from '../../shared/domain/perth-time';
import { SLOT_START_HOUR, slotWindowLabel } from '../../shared/domain/slots';
import type { DayRun } from '../../shared/schemas/runs';
import { isUuid } from '../../shared/schemas/fields';
import { jobs, users } from '../db/schema';
import type { AppDeps } from '../deps';
import type { SessionUser } from '../http/access';
import { forbidden, notFound } from '../http/errors';

export const TECHNICIAN_NOT_FOUND = 'Technician not found';
export const OWN_RUN_ONLY = 'You can only see your own run.';

type RunDeps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * Whose run it is, and whether the caller may read it (docs/product.md "Roles and permissions";
 * decision 315): an unknown technician is a 404 for everyone, then a technician reads only their own.
 */
async function technicianFor(deps: RunDeps, actor: SessionUser, id: string) {
  const [row] = isUuid(id)
    ? await deps.db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(and(eq(users.id, id), eq(users.role, 'technician')))
    : [];
  if (!row) throw notFound(TECHNICIAN_NOT_FOUND);
  if (actor.role !== 'admin' && actor.id !== row.id) throw forbidden(OWN_RUN_ONLY);
  return row;
}

/**
 * A technician's run on a Perth day: their live (not cancelled) jobs in slot order, and one
 * directions link through every stop in that order (decision 315).
 */
export async function dayRun(
  deps: RunDeps,
  actor: SessionUser,
  technicianId: string,
  date: string | undefined,
): Promise<DayRun> {
  const technician = await technicianFor(deps, actor, technicianId);
  const day = date ?? perthToday(deps.clock.now());
  const rows = await deps.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.assignedTechnicianId, technician.id), eq(jobs.scheduledDay, day), ne(jobs.status, 'cancelled')));
  const stops = rows
    .sort((a, b) => SLOT_START_HOUR[a.timeSlot] - SLOT_START_HOUR[b.timeSlot] || a.jobNumber.localeCompare(b.jobNumber))
    .map((j) => ({
      jobId: j.id,
      jobNumber: j.jobNumber,
      timeSlot: j.timeSlot,
      window: slotWindowLabel(j.timeSlot),
      address: j.address,
      suburb: j.suburb,
      postcode: j.postcode,
      fullAddress: stopAddress(j),
      contactName: j.contactName,
      contactPhone: j.contactPhone,
      serviceType: j.serviceType,
      service: SERVICE_LABELS[j.serviceType],
      tyreSize: j.tyreSize,
      tyreQuantity: j.tyreQuantity,
      tyreBrand: j.tyreBrand,
      notes: j.notes,
      status: j.status,
    }));
  return { technician, date: day, jobs: stops, directionsUrl: directionsUrl(stops) };
}
