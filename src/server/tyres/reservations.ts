import { sql, type SQL } from 'drizzle-orm';
import { compareDays, perthToday } from '../../shared/domain/perth-time';
import { normaliseTyreSize } from '../../shared/domain/tyre-size';
import { firstDayForOrderedTyres, tyresOrderedRefusal } from '../../shared/domain/tyre-order';
import type { TyreAvailability } from '../../shared/schemas/tyres';
import type { Executor } from '../db/client';
import { invalid } from '../http/errors';
import { DEFAULT_TYRE_SETTINGS } from './tyre-settings';

// New tyres on a public booking (docs/decisions/423-stock-aware-booking.md): a size some place
// holds free is reserved by the booking's own job insert; a size nobody holds is ordered, and the
// visit waits for the owner's lead time.

/** The size and quantity of a booking's new tyres when the size reads as one, else null. */
export function bookedTyreSize(
  size: string | null,
  quantity: number | null,
): { size: string; quantity: number } | null {
  const read = size ? normaliseTyreSize(size) : null;
  return read && quantity && quantity > 0 ? { size: read, quantity } : null;
}

/**
 * Whether any van or the depot holds `quantity` free tyres of the size on one row (held minus
 * promised), whether the owner keeps the size in stock at all (a stock row of it anywhere, even at
 * zero, or a reorder minimum), and the owner's lead time, in one statement read before the
 * booking's transaction: no lock guards it there either; the reservation itself is settled by the
 * job's insert. A size never kept is not known to be missing, and books as it did before stock.
 */
export async function tyreAvailabilityOf(
  exec: Executor,
  wanted: { size: string; quantity: number },
  now: Date,
): Promise<TyreAvailability> {
  const { rows } = await exec.execute<{ lead_days: number | null; in_stock: boolean; kept: boolean }>(sql`
    select (select order_lead_days from tyre_settings where id = 1) as lead_days,
      exists (select 1 from tyre_stock where size = ${wanted.size} and quantity - reserved >= ${wanted.quantity}) as in_stock,
      (exists (select 1 from tyre_stock where size = ${wanted.size})
        or exists (select 1 from tyre_reorder_rules where size = ${wanted.size})) as kept`);
  const row = rows[0]!;
  const leadDays = Number(row.lead_days ?? DEFAULT_TYRE_SETTINGS.orderLeadDays);
  const today = perthToday(now);
  const inStock = Boolean(row.in_stock);
  const stockKept = Boolean(row.kept);
  const ordered = stockKept && !inStock;
  return {
    size: wanted.size,
    inStock,
    stockKept,
    leadDays,
    firstDay: ordered ? firstDayForOrderedTyres(today, leadDays) : today,
  };
}

/** A day before the ordered tyres can come is refused, naming the first day that can (400, nothing written). */
export function assertTyresCanCome(available: TyreAvailability, day: string): void {
  if (compareDays(day, available.firstDay) >= 0) return;
  const message = tyresOrderedRefusal(available.size, available.leadDays, available.firstDay);
  throw invalid(message, { 'job.scheduledDate': message });
}

/** Whether a booking on `day` must have its tyres from stock: before the lead time, ordering is too late. */
export function mustReserve(available: TyreAvailability, day: string, now: Date): boolean {
  return available.stockKept && compareDays(day, firstDayForOrderedTyres(perthToday(now), available.leadDays)) < 0;
}

/**
 * The common table expressions that reserve a booking's tyres in the statement inserting its job
 * (`j`), so the booking's transaction makes no statement more (docs/decisions/396-fast-quote.md).
 * One stock row with enough free tyres is taken: the van of the job's place first, then the depot,
 * then the van with the most free. The conditional update is the race's referee: of two bookings
 * for the last tyres, the second finds them promised once the first commits and reserves nothing
 * (`r` is empty). Stock rows are locked after the job's place and before the slot's assignment lock.
 */
export function reserveTyresAfter(wanted: { size: string; quantity: number }, place: number, now: Date): SQL {
  const at = now.toISOString();
  return sql`, s as (
      update tyre_stock set reserved = reserved + ${wanted.quantity}, updated_at = ${at}::timestamptz
      where id = (
          select id from tyre_stock
          where size = ${wanted.size} and quantity - reserved >= ${wanted.quantity}
          order by case location when ${`van-${place}`} then 0 when 'depot' then 1 else 2 end,
            quantity - reserved desc, location, brand
          limit 1)
        and quantity - reserved >= ${wanted.quantity}
        and exists (select 1 from j)
      returning id),
    r as (
      insert into tyre_stock_reservations (job_id, stock_id, quantity, created_at)
      select j.id, s.id, ${wanted.quantity}, ${at}::timestamptz from j, s
      returning job_id)`;
}

type TyreJob = { id: string; serviceType: string; tyreSize: string | null; tyreQuantity: number | null };

/** The job's new tyres when it is a new-tyres job whose size reads as one, else null. */
const tyresOfJob = (job: TyreJob) =>
  job.serviceType === 'new-tyres' ? bookedTyreSize(job.tyreSize, job.tyreQuantity) : null;

/**
 * Reserves a booked job's tyres now, from one stock row with enough free, in the order a booking
 * takes them (its place's van, the depot, the place with most free); the same conditional update
 * referees a race. Whether it reserved.
 */
async function reserveForJob(
  tx: Executor,
  jobId: string,
  wanted: { size: string; quantity: number },
  place: number,
  now: Date,
): Promise<boolean> {
  const { rows } = await tx.execute<{ job_id: string }>(sql`
    with j as (select id from jobs where id = ${jobId})${reserveTyresAfter(wanted, place, now)}
    select job_id from r`);
  return rows.length > 0;
}

/**
 * Whether the job holds its tyres (a reservation, or tyres already fitted on it), the owner's lead
 * time, whether the size is kept, and whether some place holds enough free now, in one read.
 */
async function stockStateOf(exec: Executor, jobId: string, wanted: { size: string; quantity: number }) {
  const { rows } = await exec.execute<{
    lead_days: number | null;
    reserved: boolean;
    kept: boolean;
    in_stock: boolean;
  }>(sql`
    select (select order_lead_days from tyre_settings where id = 1) as lead_days,
      (exists (select 1 from tyre_stock_reservations where job_id = ${jobId})
        or exists (select 1 from fitted_tyres where job_id = ${jobId})) as reserved,
      (exists (select 1 from tyre_stock where size = ${wanted.size})
        or exists (select 1 from tyre_reorder_rules where size = ${wanted.size})) as kept,
      exists (select 1 from tyre_stock where size = ${wanted.size} and quantity - reserved >= ${wanted.quantity}) as in_stock`);
  const row = rows[0]!;
  return {
    reserved: Boolean(row.reserved),
    kept: Boolean(row.kept),
    inStock: Boolean(row.in_stock),
    leadDays: Number(row.lead_days ?? DEFAULT_TYRE_SETTINGS.orderLeadDays),
  };
}

/**
 * A job moved to another day, by staff or by the customer (docs/decisions/433-tyres-on-a-moved-job.md):
 * tyres it holds stay held wherever the visit goes. Tyres to be ordered wait for the lead time,
 * counted from the day the job was booked, when the customer was told they would be ordered; an
 * earlier day reserves them now when some place holds enough free, and is refused otherwise with a
 * 400 on `field` naming the first day that can, in the caller's transaction (nothing written).
 */
export async function recheckTyresOnMove(
  tx: Executor,
  job: TyreJob & { createdAt: Date },
  to: { day: string; place: number },
  now: Date,
  field: string,
): Promise<void> {
  const waiting = await orderedTyresOf(tx, job);
  if (!waiting || compareDays(to.day, waiting.firstDay) >= 0) return;
  if (await reserveForJob(tx, job.id, waiting, to.place, now)) return;
  const message = tyresOrderedRefusal(waiting.size, waiting.leadDays, waiting.firstDay);
  throw invalid(message, { [field]: message });
}

/**
 * A booked job's new tyres that are to be ordered (none held for it, of a size the owner keeps),
 * with the first day they can come: the lead time counted from the day it was booked, when the
 * customer was told they would be ordered (docs/decisions/433-tyres-on-a-moved-job.md), and
 * whether some place holds enough free now (a move to an earlier day would reserve them). Null when
 * its tyres are held, fitted, not kept, or it has none.
 */
export async function orderedTyresOf(exec: Executor, job: TyreJob & { createdAt: Date }) {
  const wanted = tyresOfJob(job);
  if (!wanted) return null;
  const state = await stockStateOf(exec, job.id, wanted);
  if (state.reserved || !state.kept) return null;
  return {
    ...wanted,
    leadDays: state.leadDays,
    inStockNow: state.inStock,
    firstDay: firstDayForOrderedTyres(perthToday(job.createdAt), state.leadDays),
  };
}

/**
 * A cancelled job brought back (a payment after its hold lapsed) takes its tyres as a new booking
 * would (docs/decisions/433-tyres-on-a-moved-job.md): reserved from stock when some place holds
 * enough free; else, for a size the owner keeps, to be ordered, which its day may wait for or not.
 */
export async function retakeTyresOnRestore(
  tx: Executor,
  job: TyreJob & { scheduledDay: string },
  place: number,
  now: Date,
): Promise<{
  stock: 'reserved' | 'ordered';
  leadDays: number;
  firstDay: string;
  size: string;
  inTime: boolean;
} | null> {
  const wanted = tyresOfJob(job);
  if (!wanted) return null;
  const state = await stockStateOf(tx, job.id, wanted);
  const firstDay = firstDayForOrderedTyres(perthToday(now), state.leadDays);
  const answer = { leadDays: state.leadDays, firstDay, size: wanted.size };
  if (state.reserved || (await reserveForJob(tx, job.id, wanted, place, now)))
    return { stock: 'reserved', inTime: true, ...answer };
  if (!state.kept) return null;
  return { stock: 'ordered', inTime: compareDays(job.scheduledDay, firstDay) >= 0, ...answer };
}
