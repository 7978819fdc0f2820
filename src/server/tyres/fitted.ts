import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  isDotInFuture,
  isTyreOverAge,
  parseDotCode,
  TYRE_POSITION_LABELS,
  TYRE_POSITIONS,
  vanLocation,
  warrantyEndDay,
} from '../../shared/domain/fitted-tyres';
import { perthToday } from '../../shared/domain/perth-time';
import {
  DOT_FUTURE_MESSAGE,
  POSITION_TWICE_MESSAGE,
  type FittedTyre,
  type fittedTyresRequest,
} from '../../shared/schemas/tyres';
import type { AppDeps } from '../deps';
import { pgErrorCode, UNIQUE_VIOLATION, type Executor } from '../db/client';
import { fittedTyres, tyreStockMovements, tyreStockPricing } from '../db/schema';
import type { SessionUser } from '../http/access';
import { conflict, invalid } from '../http/errors';
import { recordJobEvent } from '../jobs/history';
import { lockJobForTyreWork } from './job-lock';
import { readTyreSettings } from './tyre-settings';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Row = typeof fittedTyres.$inferSelect;

const fieldError = (field: string, message: string) => invalid(message, { [field]: message });

export const overAgeMessage = (position: string, dotCode: string) =>
  `The ${TYRE_POSITION_LABELS[position as keyof typeof TYRE_POSITION_LABELS].toLowerCase()} tyre (DOT ${dotCode}) is over six years old: confirm to fit it`;

export const noStockMessage = (van: number, size: string, brand: string) => `Van ${van} has no ${size} ${brand} left`;

export function toFittedTyre(row: Row, warrantyMonths: number): FittedTyre {
  const van = row.fromLocation?.startsWith('van-') ? Number(row.fromLocation.slice(4)) : null;
  return {
    id: row.id,
    jobId: row.jobId,
    position: row.position,
    size: row.size,
    brand: row.brand,
    model: row.model,
    dotCode: `${String(row.dotWeek).padStart(2, '0')}${String(row.dotYear % 100).padStart(2, '0')}`,
    dotWeek: row.dotWeek,
    dotYear: row.dotYear,
    fittedOn: row.fittedOn,
    isOverAge: row.isOverAge,
    removed: row.removed,
    fromVanId: van,
    warrantyEndsOn: warrantyEndDay(row.fittedOn, warrantyMonths),
  };
}

const byPosition = (a: Row, b: Row) => TYRE_POSITIONS.indexOf(a.position) - TYRE_POSITIONS.indexOf(b.position);

export async function listFittedTyres(deps: Deps, user: SessionUser, jobId: string): Promise<FittedTyre[]> {
  return deps.db.transaction(async (tx) => {
    await lockJobForTyreWork(tx, user, jobId);
    return fittedTyresOf(tx, jobId);
  });
}

async function fittedTyresOf(exec: Executor, jobId: string): Promise<FittedTyre[]> {
  const { warrantyMonths } = await readTyreSettings(exec);
  const rows = await exec
    .select()
    .from(fittedTyres)
    .where(eq(fittedTyres.jobId, jobId))
    .orderBy(asc(fittedTyres.createdAt));
  return rows.sort(byPosition).map((r) => toFittedTyre(r, warrantyMonths));
}

/**
 * Records the tyres fitted on a job (docs/decisions/414-tyre-records.md): each position once, the
 * DOT date not in the future, a tyre over six years old only once confirmed (then marked), and a
 * tyre from a van's stock taken off that van in the same transaction; a refusal writes nothing.
 */
export async function recordFittedTyres(
  deps: Deps,
  user: SessionUser,
  jobId: string,
  input: z.output<typeof fittedTyresRequest>,
): Promise<FittedTyre[]> {
  const now = deps.clock.now();
  const today = perthToday(now);
  const tyres = input.map((t, i) => {
    const dot = parseDotCode(t.dotCode)!;
    if (isDotInFuture(dot, today)) throw fieldError(`${i}.dotCode`, DOT_FUTURE_MESSAGE);
    const isOverAge = isTyreOverAge(dot, today);
    if (isOverAge && !t.confirmOverAge) throw fieldError(`${i}.confirmOverAge`, overAgeMessage(t.position, t.dotCode));
    return { ...t, dot, isOverAge };
  });
  try {
    return await deps.db.transaction(async (tx) => {
      const job = await lockJobForTyreWork(tx, user, jobId);
      if (job.status === 'cancelled') throw conflict('A cancelled job has no tyres fitted.');
      const taken = new Set(
        (await tx.select({ p: fittedTyres.position }).from(fittedTyres).where(eq(fittedTyres.jobId, jobId))).map(
          (r) => r.p,
        ),
      );
      tyres.forEach((t, i) => {
        if (taken.has(t.position)) throw fieldError(`${i}.position`, POSITION_TWICE_MESSAGE);
      });
      const rows = [];
      for (const [i, t] of tyres.entries()) {
        const model = t.model ?? (await priceListModel(tx, t.size, t.brand));
        const fromLocation = t.fromVanId ? vanLocation(t.fromVanId) : null;
        if (t.fromVanId && fromLocation) {
          const stockBrand = await takeOneFromStock(
            tx,
            { location: fromLocation, size: t.size, brand: t.brand, jobId },
            now,
          );
          if (!stockBrand) throw fieldError(`${i}.fromVanId`, noStockMessage(t.fromVanId, t.size, t.brand));
          await tx.insert(tyreStockMovements).values({
            at: now,
            kind: 'fit',
            location: fromLocation,
            size: t.size,
            brand: stockBrand,
            change: -1,
            jobId,
            actorId: user.id,
          });
        }
        rows.push({
          jobId,
          position: t.position,
          size: t.size,
          brand: t.brand,
          model,
          dotWeek: t.dot.week,
          dotYear: t.dot.year,
          fittedOn: today,
          isOverAge: t.isOverAge,
          removed: t.removed,
          fromLocation,
          recordedById: user.id,
          createdAt: now,
        });
      }
      await tx.insert(fittedTyres).values(rows);
      await recordJobEvent(tx, {
        jobId,
        at: now,
        actorId: user.id,
        kind: 'note',
        note: `Tyres fitted: ${tyres
          .map(
            (t) =>
              `${TYRE_POSITION_LABELS[t.position]} ${t.size} ${t.brand}, DOT ${t.dotCode}${t.isOverAge ? ' (over six years old)' : ''}`,
          )
          .join('; ')}`,
      });
      return fittedTyresOf(tx, jobId);
    });
  } catch (err) {
    // Two phones recording the same position at once: the database keeps the first (the unique index).
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw fieldError('0.position', POSITION_TWICE_MESSAGE);
    throw err;
  }
}

/** The model, when the price list has exactly one for the size and brand. */
async function priceListModel(tx: Executor, size: string, brand: string): Promise<string | null> {
  const rows = await tx
    .select({ model: tyreStockPricing.model })
    .from(tyreStockPricing)
    .where(and(eq(tyreStockPricing.size, size), sql`lower(${tyreStockPricing.brand}) = lower(${brand})`));
  return rows.length === 1 ? rows[0]!.model : null;
}

/**
 * One tyre off a place's stock, only when one is free (held minus promised) or promised to this very
 * job, whose reservation then shrinks by one (docs/decisions/423-stock-aware-booking.md): the
 * conditional update is the race's referee, so two fittings of the last tyre cannot both take it.
 * The stored brand, or null.
 */
export async function takeOneFromStock(
  tx: Executor,
  where: { location: string; size: string; brand: string; jobId: string },
  now: Date,
): Promise<string | null> {
  const { location, size, brand, jobId } = where;
  const place = sql`location = ${location} and size = ${size} and lower(brand) = lower(${brand})`;
  const { rows } = await tx.execute<{ brand: string }>(sql`
    with r as (
      update tyre_stock_reservations set quantity = quantity - 1
      where job_id = ${jobId} and quantity > 0 and stock_id in (select id from tyre_stock where ${place})
      returning stock_id)
    update tyre_stock
    set quantity = quantity - 1, reserved = reserved - (select count(*)::int from r), updated_at = ${now.toISOString()}::timestamptz
    where ${place} and (quantity - reserved >= 1 or id in (select stock_id from r))
    returning brand`);
  return rows[0]?.brand ?? null;
}
