import { and, asc, gte, lte, sql, type SQL } from 'drizzle-orm';
import { closedReason } from '../../shared/domain/business-days';
import { addDays, compareDays } from '../../shared/domain/perth-time';
import type { BusinessProfile } from '../../shared/domain/settings';
import type { Executor } from '../db/client';
import { businessClosures } from '../db/schema';

/**
 * The one business calendar (docs/decisions/287-closures-in-the-business-calendar.md): a day is
 * closed when it is not one of the stored opening days, is a WA public holiday, or falls in one of
 * the owner's closures. Every server reader asks here, so the wizard, the staff calendar, bookings
 * and reschedules can never disagree.
 */

/** Why a day is closed: what the public sees ('Closed' for a closure, as for a weekend) and what staff see (the closure's reason). */
export type ClosedDay = {
  publicReason: 'Closed' | 'Public holiday';
  staffReason: string;
  closureReason: string | null;
};

/** What the calendar needs of the settings: the weekdays the business opens. */
export type OpeningDays = Pick<BusinessProfile, 'businessDays'>;

type ClosureRow = { firstDay: string; lastDay: string; reason: string };

/** How staff read a closed day for a closure: "Closed: Away for Christmas". */
export const closureStaffReason = (reason: string) => `Closed: ${reason}`;

function closedFrom(day: string, business: OpeningDays, closures: readonly ClosureRow[]): ClosedDay | null {
  const weekly = closedReason(day, business.businessDays);
  if (weekly) return { publicReason: weekly, staffReason: weekly, closureReason: null };
  const closure = closures.find((c) => compareDays(c.firstDay, day) <= 0 && compareDays(day, c.lastDay) <= 0);
  return closure
    ? { publicReason: 'Closed', staffReason: closureStaffReason(closure.reason), closureReason: closure.reason }
    : null;
}

/** Which closures touch `from`..`to`. */
const touching = (from: string, to: string) =>
  and(lte(businessClosures.firstDay, to), gte(businessClosures.lastDay, from));

/** The closures touching `from`..`to`, first day first. */
export function closuresBetween(exec: Executor, from: string, to: string): Promise<ClosureRow[]> {
  return exec
    .select({ firstDay: businessClosures.firstDay, lastDay: businessClosures.lastDay, reason: businessClosures.reason })
    .from(businessClosures)
    .where(touching(from, to))
    .orderBy(asc(businessClosures.firstDay));
}

/**
 * Whether a closure covers `day`, as an SQL expression, for a caller that asks it in a statement
 * it makes anyway (a booking's check after its insert, docs/decisions/396-fast-quote.md).
 */
export function closureCovers(day: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${businessClosures} where ${touching(day, day)})`;
}

/** Why `day` is closed, or null when the business opens that day. */
export async function closedReasonOn(exec: Executor, business: OpeningDays, day: string): Promise<ClosedDay | null> {
  return closedFrom(day, business, await closuresBetween(exec, day, day));
}

/** The same for every day from `from` to `to` inclusive, in one read (the staff week). */
export async function closedReasonsBetween(
  exec: Executor,
  business: OpeningDays,
  from: string,
  to: string,
): Promise<Map<string, ClosedDay | null>> {
  const closures = await closuresBetween(exec, from, to);
  const days = new Map<string, ClosedDay | null>();
  for (let day = from; compareDays(day, to) <= 0; day = addDays(day, 1))
    days.set(day, closedFrom(day, business, closures));
  return days;
}
