import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { serverMessage, type ServerMessage } from '../../shared/contracts/notifications';
import type { Clock } from '../clock';
import type { Db, Executor } from '../db/client';
import { notifications } from '../db/schema/notifications';
import { jobs } from '../db/schema/jobs';

/** The PostgreSQL channel every app instance listens on (decision 196). */
export const NOTIFY_CHANNEL = 'staff_notifications';

/** Kept this long (long enough for a weekend away), then deleted by the hourly prune. */
const KEEP_MS = 7 * 24 * 3_600_000;
/** A reconnecting client gets at most this many missed events, from at most this far back. */
export const MISSED_LIMIT = 50;
export const MISSED_WINDOW_MS = 24 * 3_600_000;

export type NewBookingMessage = Extract<ServerMessage, { type: 'new_booking' }>;

/** A new_booking event before it is stored (docs/product.md "Live notifications"). */
export type NewBookingNotification = Omit<NewBookingMessage, 'eventId'>;

type Row = typeof notifications.$inferSelect;
const toMessage = (row: Row): NewBookingMessage => ({ type: 'new_booking', eventId: row.id, data: row.data });

/**
 * Stores the event and tells every app instance, within `exec`: the booking's (or payment's) own
 * transaction, so the event exists exactly when the booking does, and the NOTIFY goes out at its
 * commit (decision 240). One statement: the insert, and a NOTIFY carrying the whole message, so
 * listeners need not read the row back (its data is a few short fields, far below NOTIFY's 8,000
 * bytes).
 */
export async function recordNotificationIn(exec: Executor, event: NewBookingNotification, now: Date): Promise<void> {
  await exec.execute(sql`
    with saved as (
      insert into ${notifications} (type, data, created_at)
      values (${event.type}, ${JSON.stringify(event.data)}::jsonb, ${now.toISOString()}::timestamptz)
      returning id, type, data)
    select pg_notify(${NOTIFY_CHANNEL}, json_build_object('type', saved.type, 'eventId', saved.id, 'data', saved.data)::text) from saved`);
}

/** Deletes events older than a week; the hub runs it at start and hourly (any instance may). */
export async function pruneOldNotifications(db: Db, now: Date): Promise<void> {
  await db.delete(notifications).where(lt(notifications.createdAt, new Date(now.getTime() - KEEP_MS)));
}

/**
 * The event a NOTIFY payload carries: the whole message, or (from an instance of an older version
 * during a rolling restart) only its id, which is read from the table.
 */
export async function notificationOf(db: Db, payload: string): Promise<NewBookingMessage | null> {
  if (/^\d+$/.test(payload)) return loadNotification(db, Number(payload));
  const parsed = serverMessage.safeParse(JSON.parse(payload));
  return parsed.success && parsed.data.type === 'new_booking' ? parsed.data : null;
}

async function loadNotification(db: Db, eventId: number): Promise<NewBookingMessage | null> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, eventId));
  return row ? toMessage(row) : null;
}

/** Events after `afterId`, oldest first, at most `limit`. For an instance catching up after its listener reconnected. */
export async function listNotificationsAfter(db: Db, afterId: number, limit: number): Promise<NewBookingMessage[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(gt(notifications.id, afterId))
    .orderBy(asc(notifications.id))
    .limit(limit);
  return rows.map(toMessage);
}

/**
 * What a reconnecting client missed: events after `since` from the last 24 hours, the newest 50
 * when there are more, sent oldest first (docs/product.md "Live notifications").
 */
export async function listMissedNotifications(
  deps: { db: Db; clock: Clock },
  since: number,
): Promise<NewBookingMessage[]> {
  const from = new Date(deps.clock.now().getTime() - MISSED_WINDOW_MS);
  const rows = await deps.db
    .select()
    .from(notifications)
    .where(and(gt(notifications.id, since), gt(notifications.createdAt, from)))
    .orderBy(desc(notifications.id))
    .limit(MISSED_LIMIT);
  return rows.reverse().map(toMessage);
}

export async function latestNotificationId(db: Db): Promise<number | null> {
  const [row] = await db.select({ id: notifications.id }).from(notifications).orderBy(desc(notifications.id)).limit(1);
  return row?.id ?? null;
}

/** The events, in their order, whose job is assigned to the technician now (one query for a batch). */
export async function ofOwnJobs(
  db: Db,
  technicianId: string,
  events: NewBookingMessage[],
): Promise<NewBookingMessage[]> {
  // A job id is a uuid; an event of an older version with anything else names no job of theirs.
  const ids = [...new Set(events.map((e) => e.data.id))].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (ids.length === 0) return [];
  const own = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.id, ids), eq(jobs.assignedTechnicianId, technicianId)));
  const ownIds = new Set(own.map((j) => j.id));
  return events.filter((e) => ownIds.has(e.data.id));
}
