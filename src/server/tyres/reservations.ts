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
