import { createHash, randomBytes } from 'node:crypto';
import { eq, lt, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app';
import type { Executor } from '../db/client';
import { sessions, users } from '../db/schema';
import type { SessionUser } from '../http/access';

export const SESSION_COOKIE = 'sid';
/** lastSeenAt is written at most this often, so reads don't turn into writes on every request. */
const TOUCH_INTERVAL_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function startSession(deps: AppDeps, reply: FastifyReply, userId: string): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  await deps.db.insert(sessions).values({
    id: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + deps.config.sessions.maxMs),
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.isProduction && deps.config.publicBaseUrl.startsWith('https:'),
    maxAge: Math.floor(deps.config.sessions.maxMs / 1000),
  });
}

export async function endSession(deps: AppDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await deps.db.delete(sessions).where(eq(sessions.id, hashToken(token)));
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export async function endSessionsOfUser(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** The signed-in, active user of a request, or null. Idle and absolute timeouts both apply. */
export async function resolveSessionUser(deps: AppDeps, request: FastifyRequest): Promise<SessionUser | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  const id = hashToken(token);
  const [row] = await deps.db
    .select({ session: sessions, user: { id: users.id, username: users.username, email: users.email, role: users.role, isActive: users.isActive } })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  if (!row) return null;
  const now = deps.clock.now().getTime();
  const idleExpired = now - row.session.lastSeenAt.getTime() > deps.config.sessions.idleMs;
  const absoluteExpired = now >= row.session.expiresAt.getTime();
  if (idleExpired || absoluteExpired || !row.user.isActive) {
    await deps.db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await deps.db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, id));
  }
  return row.user;
}

export async function deleteExpiredSessions(deps: AppDeps): Promise<void> {
  const now = deps.clock.now();
  await deps.db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - deps.config.sessions.idleMs))));
}
