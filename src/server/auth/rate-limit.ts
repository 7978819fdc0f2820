import { and, count, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { loginFailures } from '../db/schema';
import { AppError } from '../http/errors';

/**
 * Decision 110 (amended): failed sign-ins in a 15-minute window. The tight limit counts a username
 * AND address pair, so a stranger's wrong guesses never lock the real user out of their own
 * address; a username across all addresses, and an address across all usernames, are only slowed
 * at much higher counts (a guesser spread over many addresses, or spraying many usernames).
 */
export const LOGIN_LIMIT = { maxFailures: 5, maxPerUsername: 50, maxPerAddress: 20, windowMs: 15 * 60_000 } as const;

/** Usernames are counted case-insensitively so 'Owner' and 'owner' share one budget. */
const usernameKey = (username: string) => username.trim().toLowerCase();

type Budget = { where: SQL; max: number };

/** The three budgets one sign-in attempt draws on. */
function budgetsOf(username: string, address: string): Budget[] {
  const name = eq(loginFailures.username, usernameKey(username));
  const from = eq(loginFailures.address, address);
  return [
    { where: and(name, from)!, max: LOGIN_LIMIT.maxFailures },
    { where: name, max: LOGIN_LIMIT.maxPerUsername },
    { where: from, max: LOGIN_LIMIT.maxPerAddress },
  ];
}

/** When the oldest of the last `max` failures leaves the window, or null if the budget is not spent. */
async function blockedUntil(deps: AppDeps, budget: Budget, now: Date): Promise<Date | null> {
  const since = new Date(now.getTime() - LOGIN_LIMIT.windowMs);
  const rows = await deps.db
    .select({ failedAt: loginFailures.failedAt })
    .from(loginFailures)
    .where(and(budget.where, gt(loginFailures.failedAt, since)))
    .orderBy(desc(loginFailures.failedAt))
    .limit(budget.max);
  if (rows.length < budget.max) return null;
  return new Date(rows[rows.length - 1]!.failedAt.getTime() + LOGIN_LIMIT.windowMs);
}

function retryMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** Throws 429 (with retryAfterSeconds) while any of the attempt's budgets is spent. */
export async function assertLoginAllowed(deps: AppDeps, username: string, address: string): Promise<void> {
  const now = deps.clock.now();
  const blocked = await Promise.all(budgetsOf(username, address).map((b) => blockedUntil(deps, b, now)));
  const until = blocked.filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0];
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
  const countOf = async (budget: Budget) => (await deps.db.select({ n: count() }).from(loginFailures).where(and(budget.where, gt(loginFailures.failedAt, since))))[0]?.n ?? 0;
  const budgets = budgetsOf(username, address);
  const counts = await Promise.all(budgets.map(countOf));
  if (budgets.every((b, i) => counts[i]! <= b.max)) return;
  await deps.db.delete(loginFailures).where(eq(loginFailures.id, attempt!.id));
  await assertLoginAllowed(deps, username, address);
  // Over the limit only because of attempts still in flight: ask for a short wait.
  throw new AppError('RATE_LIMITED', retryMessage(60), { retryAfterSeconds: 60 });
}

/**
 * A successful sign-in forgives that username's failures from this address only (decision 110): the
 * real user's own typos are wiped, while a guesser elsewhere keeps their count, and an address
 * spraying other usernames keeps its own.
 */
export async function clearLoginFailures(deps: AppDeps, username: string, address: string): Promise<void> {
  await deps.db.delete(loginFailures).where(and(eq(loginFailures.username, usernameKey(username)), eq(loginFailures.address, address)));
}
