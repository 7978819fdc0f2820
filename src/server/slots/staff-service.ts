import { and, asc, eq, gte, lte, ne, not, sql } from 'drizzle-orm';
import { addDays, formatDayLong, isIsoDay } from '../../shared/domain/perth-time';
import { TIME_SLOTS, type TimeSlot } from '../../shared/domain/slots';
import type { StaffSlotDay, StaffSlotJob, TimeSlotItem } from '../../shared/schemas/slots';
import type { AppDeps } from '../deps';
import { pgErrorCode, type Executor, type Tx } from '../db/client';
import { jobs, timeSlots, users } from '../db/schema';
import { cancelExpiredHolds, isLapsedHold } from '../holds/service';
import { AppError, conflict, invalid } from '../http/errors';
import { assertWithinSchedulingHorizon } from './horizon';
import { closedReasonOn, closedReasonsBetween } from '../closures/calendar';
import {
  listSlotAvailability,
  listSlotAvailabilityWithPlaces,
  TIME_HAS_PASSED,
  type AvailabilityOptions,
} from './service';
import { appendAudit } from '../audit/log';
import { requestActorId } from '../audit/context';

type SlotDeps = Pick<AppDeps, 'db' | 'clock' | 'settings'>;
type StaffSlot = StaffSlotDay['slots'][number];
type SlotJob = StaffSlotJob & { day: string; slot: TimeSlot };

const LOCK_NOT_AVAILABLE = '55P03';
export const SCHEDULE_BUSY_MESSAGE = 'The schedule is busy right now. Please try again in a moment.';
export const NOTHING_TO_BLOCK_MESSAGE = 'Nothing to block: every slot of this day is booked, blocked or has passed.';

/**
 * The contract's date pattern lets an impossible day such as 2026-02-30 through; it is refused here
 * with the same message as the public slot routes give.
 */
function assertRealDay(day: string): void {
  if (!isIsoDay(day)) throw invalid('Invalid date format', { date: 'Invalid date format' });
}

const availabilityOptions = async (deps: SlotDeps): Promise<AvailabilityOptions> => {
  const { business, capacity } = await deps.settings.current();
  return { now: deps.clock.now(), business, capacity };
};

/**
 * Live jobs between two days with their technician: what a booked slot shows staff, in place order
 * within a slot (decision 302). Live as the availability rule counts it: not cancelled, and not an
 * unpaid hold past its time (decision 150).
 */
async function listLiveJobs(db: Executor, from: string, to: string, now: Date): Promise<SlotJob[]> {
  const rows = await db
    .select({
      id: jobs.id,
      jobNumber: jobs.jobNumber,
      suburb: jobs.suburb,
      status: jobs.status,
      technician: users.username,
      day: jobs.scheduledDay,
      slot: jobs.timeSlot,
    })
    .from(jobs)
    .leftJoin(users, eq(users.id, jobs.assignedTechnicianId))
    .where(
      and(
        gte(jobs.scheduledDay, from),
        lte(jobs.scheduledDay, to),
        ne(jobs.status, 'cancelled'),
        not(isLapsedHold(now)),
      ),
    )
    .orderBy(asc(jobs.scheduledDay), asc(jobs.slotPlace));
  return rows;
}

/**
 * A day as staff see it, read from the one availability rule (listSlotAvailability, decision 007)
 * so the Time-slots tab and the booking wizard can never disagree: passed first, then closed, then
 * a staff block, then the live jobs against the slot's places (decision 302). The jobs, when there
 * are any, are attached whatever the state.
 */
function toStaffDay(
  day: string,
  closed: string | null,
  items: TimeSlotItem[],
  places: number,
  dayJobs: SlotJob[],
): StaffSlotDay {
  return {
    date: day,
    closedReason: closed,
    slots: items.map((item): StaffSlot => {
      const held = dayJobs
        .filter((j) => j.slot === item.slot)
        .map((j) => ({
          id: j.id,
          jobNumber: j.jobNumber,
          suburb: j.suburb,
          status: j.status,
          technician: j.technician,
        }));
      const base = { slot: item.slot, places, jobs: held };
      // A job that landed between the two reads still counts against the places.
      if (item.isAvailable)
        return {
          ...base,
          state: held.length === 0 ? 'free' : held.length < places ? 'partly' : 'booked',
          reason: null,
        };
      if (item.blockedReason === TIME_HAS_PASSED) return { ...base, state: 'passed', reason: TIME_HAS_PASSED };
      if (closed !== null) return { ...base, state: 'closed', reason: closed };
      if (item.blockedReason === null) return { ...base, state: 'booked', reason: null };
      return { ...base, state: 'blocked', reason: item.blockedReason };
    }),
  };
}

async function readStaffDays(db: Executor, days: string[], opts: AvailabilityOptions): Promise<StaffSlotDay[]> {
  if (days.length === 0) return [];
  const [first, last] = [days[0]!, days[days.length - 1]!];
  const [availability, live, closed] = await Promise.all([
    Promise.all(days.map((day) => listSlotAvailabilityWithPlaces(db, day, opts))),
    listLiveJobs(db, first, last, opts.now),
    closedReasonsBetween(db, opts.business, first, last),
  ]);
  return days.map((day, i) =>
    toStaffDay(
      day,
      // Staff read a closure's own reason ("Closed: Away for Christmas"); the public reads 'Closed'.
      closed.get(day)?.staffReason ?? null,
      availability[i]!.items,
      availability[i]!.places,
      live.filter((j) => j.day === day),
    ),
  );
}

/** GET /api/dashboard/timeslots: `days` days from `from`, each with its four slots. */
export async function listStaffSlotCalendar(deps: SlotDeps, from: string, days: number): Promise<StaffSlotDay[]> {
  assertRealDay(from);
  const dayList = Array.from({ length: days }, (_, i) => addDays(from, i));
  return readStaffDays(deps.db, dayList, await availabilityOptions(deps));
}

export async function readStaffSlotDay(deps: SlotDeps, day: string): Promise<StaffSlotDay> {
  const [staffDay] = await readStaffDays(deps.db, [day], await availabilityOptions(deps));
  return staffDay!;
}

/**
 * Runs a slot write so that it cannot miss a job being put in the slot at the same moment
 * (decision 195). EXCLUSIVE on jobs waits for every open transaction that has written a job or
 * locked one (a booking's insert, a reschedule's FOR UPDATE) and holds new ones back until this
 * commits; plain reads go on. Lapsed unpaid holds give way first, as they do to a new booking.
 */
async function inSlotWriteLock<T>(
  deps: SlotDeps,
  day: string,
  slots: readonly TimeSlot[],
  work: (tx: Tx, items: TimeSlotItem[], dayJobs: SlotJob[]) => Promise<T>,
): Promise<T> {
  // The settings are read before the transaction: the store reads on its own connection.
  const opts = await availabilityOptions(deps);
  try {
    return await deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '5s'`);
      await tx.execute(sql`lock table ${jobs} in exclusive mode`);
      for (const slot of slots) await cancelExpiredHolds(tx, opts.now, { scheduledDay: day, timeSlot: slot });
      // One connection: the reads go one after the other.
      const items = await listSlotAvailability(tx, day, opts);
      const dayJobs = await listLiveJobs(tx, day, day, opts.now);
      return work(tx, items, dayJobs);
    });
  } catch (err) {
    if (pgErrorCode(err) === LOCK_NOT_AVAILABLE) throw new AppError('UNAVAILABLE', SCHEDULE_BUSY_MESSAGE);
    throw err;
  }
}

async function assertDayOpen(deps: SlotDeps, day: string): Promise<void> {
  assertRealDay(day);
  assertWithinSchedulingHorizon(deps.clock.now(), day, 'date');
  const closed = await closedReasonOn(deps.db, (await deps.settings.current()).business, day);
  if (!closed) return;
  const why = closed.closureReason ?? (closed.publicReason === 'Closed' ? 'not a business day' : 'public holiday');
  throw invalid(`${formatDayLong(day)} is closed (${why}), so there is nothing to block.`);
}

/** A staff block or unblock in the admins' log (decision 303): who closed which slot, and why. */
const slotAudit = (
  deps: SlotDeps,
  day: string,
  slots: readonly string[],
  action: 'blocked' | 'unblocked',
  reason: string | null,
) => ({
  at: deps.clock.now(),
  actorId: requestActorId(),
  kind: 'slot',
  subject: `slot:${day}`,
  label: `${formatDayLong(day)}: ${slots.join(', ')}`,
  action,
  field: 'Reason',
  to: reason,
});

async function writeBlock(tx: Tx, day: string, slot: TimeSlot, reason: string): Promise<void> {
  await tx
    .insert(timeSlots)
    .values({ date: day, slot, isAvailable: false, blockedReason: reason })
    .onConflictDoUpdate({
      target: [timeSlots.date, timeSlots.slot],
      set: { isAvailable: false, blockedReason: reason },
    });
}

/**
 * Blocks one slot with a reason (docs/product.md "Time slots and business days"): refused with 409
 * naming the job when a live job holds it, 400 when it has passed or the day is closed. Blocking a
 * blocked slot again replaces its reason.
 */
export async function blockSlot(deps: SlotDeps, day: string, slot: TimeSlot, reason: string): Promise<StaffSlotDay> {
  await assertDayOpen(deps, day);
  await inSlotWriteLock(deps, day, [slot], async (tx, items, dayJobs) => {
    const item = items.find((i) => i.slot === slot)!;
    if (item.blockedReason === TIME_HAS_PASSED)
      throw invalid('This time slot has already passed, so there is nothing to block.');
    const job = dayJobs.find((j) => j.slot === slot);
    if (job)
      throw conflict(`${job.jobNumber} is booked in this slot. Reschedule or cancel it before blocking the slot.`, {
        jobId: job.id,
        jobNumber: job.jobNumber,
      });
    await writeBlock(tx, day, slot, reason);
    await appendAudit(tx, [
      { ...slotAudit(deps, day, [slot], 'blocked', reason), from: item.isAvailable ? null : item.blockedReason },
    ]);
  });
  return readStaffSlotDay(deps, day);
}

/** Blocks every free slot of a day; booked slots keep their jobs, blocked ones keep their reasons. */
export async function blockDay(deps: SlotDeps, day: string, reason: string): Promise<StaffSlotDay> {
  await assertDayOpen(deps, day);
  await inSlotWriteLock(deps, day, TIME_SLOTS, async (tx, items, dayJobs) => {
    const free = items.filter((i) => i.isAvailable && !dayJobs.some((j) => j.slot === i.slot));
    if (free.length === 0) throw conflict(NOTHING_TO_BLOCK_MESSAGE);
    for (const item of free) await writeBlock(tx, day, item.slot, reason);
    await appendAudit(tx, [
      slotAudit(
        deps,
        day,
        free.map((i) => i.slot),
        'blocked',
        reason,
      ),
    ]);
  });
  return readStaffSlotDay(deps, day);
}

/** Makes a blocked slot bookable again; unblocking a slot that is not blocked changes nothing. */
export async function unblockSlot(deps: SlotDeps, day: string, slot: TimeSlot): Promise<StaffSlotDay> {
  assertRealDay(day);
  await deps.db.transaction(async (tx) => {
    const freed = await tx
      .delete(timeSlots)
      .where(and(eq(timeSlots.date, day), eq(timeSlots.slot, slot)))
      .returning();
    if (freed.length > 0)
      await appendAudit(tx, [{ ...slotAudit(deps, day, [slot], 'unblocked', null), from: freed[0]!.blockedReason }]);
  });
  return readStaffSlotDay(deps, day);
}

export async function unblockDay(deps: SlotDeps, day: string): Promise<StaffSlotDay> {
  assertRealDay(day);
  await deps.db.transaction(async (tx) => {
    const freed = await tx.delete(timeSlots).where(eq(timeSlots.date, day)).returning();
    if (freed.length > 0)
      await appendAudit(tx, [
        slotAudit(
          deps,
          day,
          freed.map((f) => f.slot),
          'unblocked',
          null,
        ),
      ]);
  });
  return readStaffSlotDay(deps, day);
}
