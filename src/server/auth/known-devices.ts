import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { knownDevices } from '../db/schema';

/**
 * OWASP's device cookie (docs/decisions/327-sign-in-throttle-without-lockout.md): a browser that
 * has signed in as a user before carries a random token; the table keeps only its SHA-256, with the
 * user it signed in as. A sign-in from it does not draw on the budgets a stranger can spend.
 */
const DEVICE_COOKIE = 'device';
/** A year: long enough that the owner's own phone stays known between busy seasons. */
const DEVICE_COOKIE_DAYS = 365;

const hashDeviceToken = (token: string) => createHash('sha256').update(`known-device:${token}`).digest('base64url');

/** The stored id of the browser's device cookie, if it carries one (not yet checked against a user). */
export function deviceIdOf(request: FastifyRequest): string | null {
  const token = request.cookies[DEVICE_COOKIE];
  return token && /^[\w-]{20,100}$/.test(token) ? hashDeviceToken(token) : null;
}

/** Whether the device has signed in as this user before. */
export async function isKnownDevice(db: Executor, deviceId: string | null, userId: string): Promise<boolean> {
  if (!deviceId) return false;
  const [row] = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(and(eq(knownDevices.id, deviceId), eq(knownDevices.userId, userId)));
  return !!row;
}

/**
 * After a successful sign-in: the browser's device cookie is kept (and its use noted) when it is
 * already known for this user, else a new one is issued. One cookie per browser: a shared browser
 * is known for whoever signed in on it last.
 */
export async function rememberDevice(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const now = deps.clock.now();
  const current = deviceIdOf(request);
  if (current && (await isKnownDevice(deps.db, current, userId))) {
    await deps.db.update(knownDevices).set({ lastUsedAt: now }).where(eq(knownDevices.id, current));
    return;
  }
  // A new device is rare: the moment to forget those unused for longer than their cookie lasts.
  await deps.db
    .delete(knownDevices)
    .where(lt(knownDevices.lastUsedAt, new Date(now.getTime() - DEVICE_COOKIE_DAYS * 24 * 3600_000)));
  const token = randomBytes(32).toString('base64url');
  await deps.db.insert(knownDevices).values({ id: hashDeviceToken(token), userId, createdAt: now, lastUsedAt: now });
  reply.setCookie(DEVICE_COOKIE, token, {
    path: '/api/login',
    httpOnly: true,
    sameSite: 'strict',
    secure: deps.config.isProduction && deps.config.publicBaseUrl.startsWith('https:'),
    maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
  });
}
