import { and, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { TYRE_POSITION_LABELS } from '../../shared/domain/fitted-tyres';
import { formatCents } from '../../shared/domain/money';
import { formatDayLong, perthToday } from '../../shared/domain/perth-time';
import { slotStart } from '../../shared/domain/slots';
import { isUuid } from '../../shared/schemas/fields';
import type { warrantyClaimRequest, warrantyQuery, WarrantyTyre } from '../../shared/schemas/tyres';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { customers, fittedTyres, jobs, vehicles, warrantyClaims } from '../db/schema';
import type { SessionUser } from '../http/access';
import { conflict, invalid, notFound } from '../http/errors';
import { recordJobEvents } from '../jobs/history';
import { slotCapacity } from '../slots/capacity';
import { takeSlotPlace } from '../slots/places';
import { assertWithinSchedulingHorizon } from '../slots/horizon';
import { toFittedTyre } from './fitted';
import { readTyreSettings } from './tyre-settings';

// The warranty register (docs/decisions/415-warranty-register.md): every fitted tyre carries the
// owner's warranty from its fitting day; a claim opens a new job linked to the one that fitted it.

type Deps = Pick<AppDeps, 'db' | 'clock' | 'settings'>;

export const FITTED_TYRE_NOT_FOUND = 'Fitted tyre not found';

const digits = (v: string) => v.replace(/\D/g, '');

/**
 * A phone number's digits as written in Australia, in SQL: "+61 412 345 678", "61412345678" and
 * "0412 345 678" all read 0412345678, so a search finds the customer however either side wrote it.
 * The one rule serves the search's number and the stored ones.
 */
const nationalDigitsSql = (column: SQL | AnyColumn) =>
  sql`(case when regexp_replace(${column}, '\\D', '', 'g') ~ '^61[0-9]{9,}$'
    then '0' || regexp_replace(substr(regexp_replace(${column}, '\\D', '', 'g'), 3), '^0', '')
    else regexp_replace(${column}, '\\D', '', 'g') end)`;

/** "10070" is JOB-10070: staff type the number the way the customer reads it out. */
const jobNumberOf = (v: string) => (/^\d+$/.test(v.trim()) ? `JOB-${v.trim()}` : v.trim().toUpperCase());
const plate = (v: string) => v.replace(/[\s-]/g, '').toUpperCase();

/** The tyres fitted on the jobs matching `where`, newest first, with their warranty. */
export async function tyresUnderWarranty(exec: Executor, where: SQL, today: string): Promise<WarrantyTyre[]> {
  const { warrantyMonths } = await readTyreSettings(exec);
  const rows = await exec
    .select({
      tyre: fittedTyres,
      jobNumber: jobs.jobNumber,
      registration: vehicles.registration,
      customerName: jobs.contactName,
    })
    .from(fittedTyres)
    .innerJoin(jobs, eq(jobs.id, fittedTyres.jobId))
    .leftJoin(vehicles, eq(vehicles.id, jobs.vehicleId))
    .where(where)
    .orderBy(desc(fittedTyres.fittedOn), desc(jobs.jobNumber), fittedTyres.position)
    .limit(200);
  return rows.map((r) => {
    const tyre = toFittedTyre(r.tyre, warrantyMonths);
    return {
      ...tyre,
      jobNumber: r.jobNumber,
      registration: r.registration,
      customerName: r.customerName,
      isUnderWarranty: tyre.warrantyEndsOn >= today,
    };
  });
}

/** Staff find a customer's tyres by registration, phone (digits compared) or job number. */
export async function findWarranty(deps: Deps, query: z.output<typeof warrantyQuery>): Promise<WarrantyTyre[]> {
  const today = perthToday(deps.clock.now());
  const conditions: SQL[] = [];
  if (query.registration)
    conditions.push(
      sql`upper(regexp_replace(${vehicles.registration}, '[\\s-]', '', 'g')) = ${plate(query.registration)}`,
    );
  if (query.phone) {
    const phone = nationalDigitsSql(sql`${query.phone}::text`);
    if (digits(query.phone).length < 6)
      throw invalid('Phone must have at least 6 digits', { phone: 'Phone must have at least 6 digits' });
    conditions.push(
      sql`(${nationalDigitsSql(jobs.contactPhone)} = ${phone} or ${jobs.customerId} in (select ${customers.id} from ${customers} where ${nationalDigitsSql(customers.phone)} = ${phone}))`,
    );
  }
  if (query.jobNumber) conditions.push(eq(jobs.jobNumber, jobNumberOf(query.jobNumber)));
  return tyresUnderWarranty(deps.db, and(...conditions)!, today);
}

/**
 * A warranty claim on a fitted tyre still under warranty: a new job for the same customer, car and
 * address in the chosen window, for one tyre of the same size and brand, priced by the owner's rule
 * (labour free by default: $0; else fitting, balancing and the callout), linked to the original.
 */
export async function claimWarranty(deps: Deps, actor: SessionUser, input: z.output<typeof warrantyClaimRequest>) {
  if (!isUuid(input.fittedTyreId)) throw notFound(FITTED_TYRE_NOT_FOUND);
  const now = deps.clock.now();
  const today = perthToday(now);
  assertWithinSchedulingHorizon(now, input.scheduledDay, 'scheduledDay');
  const scheduledDate = slotStart(input.scheduledDay, input.timeSlot);
  if (scheduledDate <= now) throw invalid('That window has passed', { timeSlot: 'That window has passed' });
  const settings = await deps.settings.current();
  return deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ tyre: fittedTyres, job: jobs })
      .from(fittedTyres)
      .innerJoin(jobs, eq(jobs.id, fittedTyres.jobId))
      .where(eq(fittedTyres.id, input.fittedTyreId))
      .for('update', { of: fittedTyres });
    if (!found) throw notFound(FITTED_TYRE_NOT_FOUND);
    const tyreSettings = await readTyreSettings(tx);
    const tyre = toFittedTyre(found.tyre, tyreSettings.warrantyMonths);
    if (tyre.warrantyEndsOn < today)
      throw conflict(`The warranty on this tyre ended on ${formatDayLong(tyre.warrantyEndsOn)}.`);
    const original = found.job;
    const { fees } = settings;
    const valueCents = tyreSettings.claimLabourFree ? 0 : fees.fittingPerTyre + fees.balancingPerTyre + fees.callout;
    const value = formatCents(valueCents);
    const capacity = await slotCapacity(tx, input.scheduledDay, settings);
    const claimJob = await takeSlotPlace(
      tx,
      { day: input.scheduledDay, slot: input.timeSlot },
      capacity,
      async (sp, place) => {
        const [row] = await sp
          .insert(jobs)
          .values({
            customerId: original.customerId,
            vehicleId: original.vehicleId,
            serviceType: 'new-tyres',
            scheduledDate,
            scheduledDay: input.scheduledDay,
            timeSlot: input.timeSlot,
            slotPlace: place,
            address: original.address,
            suburb: original.suburb,
            postcode: original.postcode,
            contactName: original.contactName,
            contactPhone: original.contactPhone,
            contactEmail: original.contactEmail,
            tyreSize: tyre.size,
            tyreQuantity: 1,
            tyreBrand: tyre.brand,
            notes: `Warranty claim on ${original.jobNumber} (${TYRE_POSITION_LABELS[tyre.position].toLowerCase()}, DOT ${tyre.dotCode}): ${input.reason}`,
            customerValue: value,
            originalCustomerValue: value,
            paymentMethod: 'onsite',
          })
          .returning();
        return row!;
      },
    );
    await tx.insert(warrantyClaims).values({
      claimJobId: claimJob.id,
      originalJobId: original.id,
      fittedTyreId: found.tyre.id,
      reason: input.reason,
      createdAt: now,
      createdById: actor.id,
    });
    await recordJobEvents(tx, [
      {
        jobId: claimJob.id,
        at: now,
        actorId: actor.id,
        kind: 'created',
        note: `Warranty claim on ${original.jobNumber}`,
      },
      {
        jobId: original.id,
        at: now,
        actorId: actor.id,
        kind: 'note',
        note: `Warranty claim opened: ${claimJob.jobNumber} (${input.reason})`,
      },
    ]);
    return {
      claimJobId: claimJob.id,
      claimJobNumber: claimJob.jobNumber,
      originalJobId: original.id,
      originalJobNumber: original.jobNumber,
      customerValue: value,
    };
  });
}

/** The tyres of one job's customer and car, for the manage page: what was fitted and until when it is covered. */
export async function tyresForManagePage(
  exec: Executor,
  job: { customerId: string; vehicleId: string | null },
  today: string,
) {
  const where = job.vehicleId
    ? and(eq(jobs.customerId, job.customerId), eq(jobs.vehicleId, job.vehicleId))!
    : eq(jobs.customerId, job.customerId);
  return (await tyresUnderWarranty(exec, where, today)).map((t) => ({
    position: t.position,
    size: t.size,
    brand: t.brand,
    model: t.model,
    fittedOn: t.fittedOn,
    warrantyEndsOn: t.warrantyEndsOn,
    isUnderWarranty: t.isUnderWarranty,
  }));
}
