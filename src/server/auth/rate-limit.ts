import { and, count, desc, eq, gt, lt } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { loginFailures } from '../db/schema';
import { AppError } from '../http/errors';

/** Decision 110: 5 failed sign-ins per username and per client address in 15 minutes, then 429. */
export const LOGIN_LIMIT = { maxFailures: 5, windowMs: 15 * 60_000 } as const;

/** Usernames are counted case-insensitively so 'Owner' and 'owner' share one budget. */
const usernameKey = (username: string) => username.trim().toLowerCase();

/** When the oldest of the last `maxFailures` failures leaves the window, or null if not blocked. */
async function blockedUntil(deps: AppDeps, column: typeof loginFailures.username | typeof loginFailures.address, value: string, now: Date): Promise<Date | null> {
  const since = new Date(now.getTime() - LOGIN_LIMIT.windowMs);
  const rows = await deps.db
    .select({ failedAt: loginFailures.failedAt })
    .from(loginFailures)
    .where(and(eq(column, value), gt(loginFailures.failedAt, since)))
    .orderBy(desc(loginFailures.failedAt))
    .limit(LOGIN_LIMIT.maxFailures);
  if (rows.length < LOGIN_LIMIT.maxFailures) return null;
  return new Date(rows[rows.length - 1]!.failedAt.getTime() + LOGIN_LIMIT.windowMs);
}

function retryMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** Throws 429 (with retryAfterSeconds) while either the username or the address is over its budget. */
export async function assertLoginAllowed(deps: AppDeps, username: string, address: string): Promise<void> {
  const now = deps.clock.now();
  const [byUser, byAddress] = await Promise.all([
    blockedUntil(deps, loginFailures.username, usernameKey(username), now),
    blockedUntil(deps, loginFailures.address, address, now),
  ]);
  const until = [byUser, byAddress].filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0];
  if (!until) return;
  const retryAfterSeconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  throw new AppError('RATE_LIMITED', retryMessage(retryAfterSeconds), { retryAfterSeconds });
}

/**
 * Counts an attempt BEFORE the password is checked, so a burst of parallel guesses cannot all pass
 * the limit before any failure is saved. The row stands as a failure unless the sign-in succeeds
 * (clearLoginFailures removes it); an attempt refused with 429 removes its own row again so the
 * retry time stays anchored to real failures.
 */
export async function beginLoginAttempt(deps: AppDeps, username: string, address: string): Promise<void> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - LOGIN_LIMIT.windowMs);
  await deps.db.delete(loginFailures).where(lt(loginFailures.failedAt, since));
  const [attempt] = await deps.db
    .insert(loginFailures)
    .values({ username: usernameKey(username), address, failedAt: now })
    .returning({ id: loginFailures.id });
  const countFor = async (column: typeof loginFailures.username | typeof loginFailures.address, value: string) =>
    (await deps.db.select({ n: count() }).from(loginFailures).where(and(eq(column, value), gt(loginFailures.failedAt, since))))[0]?.n ?? 0;
  const [byUser, byAddress] = await Promise.all([countFor(loginFailures.username, usernameKey(username)), countFor(loginFailures.address, address)]);
  if (byUser <= LOGIN_LIMIT.maxFailures && byAddress <= LOGIN_LIMIT.maxFailures) return;
  await deps.db.delete(loginFailures).where(eq(loginFailures.id, attempt!.id));
  await assertLoginAllowed(deps, username, address);
  // Over the limit only because of attempts still in flight: ask for a short wait.
  throw new AppError('RATE_LIMITED', retryMessage(60), { retryAfterSeconds: 60 });
}

/** A successful sign-in forgives that username's failures (the address budget stays, decision 110). */
export async function clearLoginFailures(deps: AppDeps, username: string): Promise<void> {
  await deps.db.delete(loginFailures).where(eq(loginFailures.username, usernameKey(username)));
}
