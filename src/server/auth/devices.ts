import { createHash } from 'node:crypto';
import Bowser from 'bowser';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { DeviceSession } from '../../shared/schemas/auth';
import type { AppDeps } from '../deps';
import { sessions } from '../db/schema';
import { notFound } from '../http/errors';
import { hashToken } from './sessions';

export const DEVICE_NOT_FOUND = 'Device not found';

/**
 * The id a session is shown by: a hash of the stored hash, so the list never carries anything that
 * opens the session, and an id seen once cannot be turned into a cookie
 * (docs/decisions/326-signed-in-devices.md).
 */
const publicIdOf = (sessionId: string) =>
  createHash('sha256').update(`device:${sessionId}`).digest('base64url').slice(0, 22);

/** "Safari 17", "iOS 17.4": what a person recognises their phone or computer by. */
export function describeUserAgent(userAgent: string | null): { browser: string; os: string } {
  // Bowser refuses an empty string; a session signed in without a User-Agent reads as unknown.
  if (!userAgent?.trim()) return { browser: 'Unknown browser', os: 'Unknown system' };
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowser();
  const os = parser.getOS();
  const major = browser.version?.split('.')[0];
  return {
    browser: browser.name ? `${browser.name}${major ? ` ${major}` : ''}` : 'Unknown browser',
    os: os.name ? `${os.name}${os.version ? ` ${os.version}` : ''}` : 'Unknown system',
  };
}

/** The user's signed-in browsers, most recently used first; `current` marks the one asking. */
export async function listDevices(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  currentToken: string | undefined,
): Promise<DeviceSession[]> {
  const current = currentToken ? hashToken(currentToken) : null;
  const rows = await deps.db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return rows.map((row) => ({
    id: publicIdOf(row.id),
    ...describeUserAgent(row.userAgent),
    address: row.address,
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === current,
  }));
}

/** Signs one of the user's own browsers out; another user's device (or none) is 404, not a hint that it exists. */
export async function endDevice(deps: Pick<AppDeps, 'db'>, userId: string, publicId: string): Promise<void> {
  const rows = await deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  const match = rows.find((row) => publicIdOf(row.id) === publicId);
  if (!match) throw notFound(DEVICE_NOT_FOUND);
  await deps.db.delete(sessions).where(and(eq(sessions.id, match.id), eq(sessions.userId, userId)));
}

/** Signs out every browser of the user but the one asking ("Sign out everywhere else"); answers how many ended. */
export async function endOtherDevices(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  currentToken: string | undefined,
): Promise<number> {
  const keep = currentToken ? hashToken(currentToken) : '';
  const ended = await deps.db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keep)))
    .returning({ id: sessions.id });
  return ended.length;
}
