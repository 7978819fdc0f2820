import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { ServerMessage } from '../../shared/contracts/notifications';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { notifications } from '../db/schema/notifications';
import type { NewBookingNotification } from './bus';

/** The PostgreSQL channel every app instance listens on (decision 196). */
export const NOTIFY_CHANNEL = 'staff_notifications';

/** Kept this long, then deleted on the next insert: long enough for a weekend away. */
const KEEP_MS = 7 * 24 * 3_600_000;
/** A reconnecting client gets at most this many missed events, from at most this far back. */
export const MISSED_LIMIT = 50;
export const MISSED_WINDOW_MS = 24 * 3_600_000;

export type NewBookingMessage = Extract<ServerMessage, { type: 'new_booking' }>;

type Row = typeof notifications.$inferSelect;
const toMessage = (row: Row): NewBookingMessage => ({ type: 'new_booking', eventId: row.id, data: row.data });

/**
 * Stores the event and tells every app instance (NOTIFY, delivered at commit, so a listener always
 * finds the row). The payload is only the event id: listeners read the row, so no event is too big
 * for NOTIFY. Events older than a week are deleted in the same transaction.
 */
export async function recordNotification(deps: { db: Db; clock: Clock }, event: NewBookingNotification): Promise<number> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(notifications).values({ type: event.type, data: event.data, createdAt: now }).returning({ id: notifications.id });
    await tx.delete(notifications).where(lt(notifications.createdAt, new Date(now.getTime() - KEEP_MS)));
    await tx.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${String(row!.id)})`);
    return row!.id;
  });
}

export async function loadNotification(db: Db, eventId: number): Promise<NewBookingMessage | null> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, eventId));
  return row ? toMessage(row) : null;
}

/** Events after `afterId`, oldest first, at most `limit`. For an instance catching up after its listener reconnected. */
export async function listNotificationsAfter(db: Db, afterId: number, limit: number): Promise<NewBookingMessage[]> {
  const rows = await db.select().from(notifications).where(gt(notifications.id, afterId)).orderBy(asc(notifications.id)).limit(limit);
  return rows.map(toMessage);
}

/**
 * What a reconnecting client missed: events after `since` from the last 24 hours, the newest 50
 * when there are more, sent oldest first (docs/product.md "Live notifications").
 */
export async function listMissedNotifications(deps: { db: Db; clock: Clock }, since: number): Promise<NewBookingMessage[]> {
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
