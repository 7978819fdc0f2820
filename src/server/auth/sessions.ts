import { createHash, randomBytes } from 'node:crypto';
import { eq, lt, or } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { sessions, users } from '../db/schema';
import type { SessionUser } from '../http/access';

/** lastSeenAt is written at most this often, so reads don't turn into writes on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Where a sign-in came from, kept with the session for "Your devices". */
export type SessionOrigin = { userAgent?: string | null; address?: string | null };

/** Stores a new session for the user and returns its token (the cookie's value; only its hash is kept). */
export async function startSession(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  userId: string,
  origin: SessionOrigin = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  await deps.db.insert(sessions).values({
    id: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + deps.config.sessions.maxMs),
    // A User-Agent is the browser's to choose: kept short, it only names the device in a list.
    userAgent: origin.userAgent?.slice(0, 512) ?? null,
    address: origin.address ?? null,
  });
  return token;
}

export async function endSession(db: Executor, token: string | undefined): Promise<void> {
  if (token) await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

export async function endSessionsOfUser(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** The signed-in, active user of a request, or null. Idle and absolute timeouts both apply. */
export async function resolveSessionUser(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  token: string | undefined,
): Promise<SessionUser | null> {
  if (!token) return null;
  const id = hashToken(token);
  const [row] = await deps.db
    .select({
      session: sessions,
      user: {
        id: users.id,
        username: users.username,
        email: users.email,
        role: users.role,
        isActive: users.isActive,
        passwordMustChange: users.passwordMustChange,
      },
    })
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
    await deps.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, id));
  }
  return row.user;
}

export async function deleteExpiredSessions(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>): Promise<void> {
  const now = deps.clock.now();
  await deps.db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - deps.config.sessions.idleMs))),
    );
}
