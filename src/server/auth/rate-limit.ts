import { and, count, desc, eq, gt, lt, ne, notLike, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { loginFailures } from '../db/schema';
import { AppError } from '../http/errors';

/**
 * Failed sign-ins in a 15-minute window, spent as OWASP recommends
 * (docs/decisions/327-sign-in-throttle-without-lockout.md):
 * - a browser that signed in as the user before (a known device) spends only its own small budget,
 *   so strangers elsewhere can never lock the owner out of their own phone;
 * - any other attempt at a real username spends the username-and-address budget (a guesser's own
 *   address stops) and the address budget, and once the username has many failures from anywhere
 *   it is slowed, each attempt waiting a little longer, never blocked outright;
 * - an unknown username spends its address's budget and budgets of its own, never a real user's.
 */
export const LOGIN_LIMIT = {
  maxFailures: 5,
  maxPerAddress: 20,
  maxPerDevice: 10,
  /** Failures of one username from anywhere before its sign-ins (from unknown browsers) are slowed. */
  freePerUsername: 10,
  /** The slowest a username is made: one attempt this often. */
  maxDelaySeconds: 60,
  windowMs: 15 * 60_000,
} as const;

/** One sign-in attempt as the throttle sees it. */
export type LoginAttempt = {
  username: string;
  address: string;
  /** False for a username nobody has: it then never counts against a real user. Assumed true when left out. */
  userExists?: boolean;
  /** The stored id of a device known for this user (known-devices.ts); null or left out for any other browser. */
  knownDeviceId?: string | null;
};

/** Usernames are counted case-insensitively so 'Owner' and 'owner' share one budget. */
const usernameKey = (username: string) => username.trim().toLowerCase();
/**
 * A known device's failures are kept with the device in place of the address: they then count
 * neither against the address nor the username, only against the device itself.
 */
const DEVICE_PREFIX = 'device:';

/**
 * How the attempt is stored: whose budgets it spends. A username nobody has is kept apart (a `?`
 * before it), so guesses at it, even at a real name in other capitals, never spend a real user's
 * budgets; it is throttled the same way, so the answers do not tell which names exist.
 */
function rowOf(attempt: LoginAttempt): { username: string; address: string } {
  const name = attempt.userExists === false ? `?${usernameKey(attempt.username)}` : usernameKey(attempt.username);
  if (attempt.knownDeviceId) return { username: name, address: `${DEVICE_PREFIX}${attempt.knownDeviceId}` };
  return { username: name, address: attempt.address };
}

type Budget = { where: SQL; max: number };

/** The budgets with a hard limit one attempt draws on. */
function budgetsOf(attempt: LoginAttempt): Budget[] {
  const row = rowOf(attempt);
  const from = eq(loginFailures.address, row.address);
  if (attempt.knownDeviceId) return [{ where: from, max: LOGIN_LIMIT.maxPerDevice }];
  return [
    { where: and(eq(loginFailures.username, row.username), from)!, max: LOGIN_LIMIT.maxFailures },
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

/** The wait after `failures` failures of a username: none for the first few, then 1, 2, 4 ... seconds up to the cap. */
export function usernameDelaySeconds(failures: number): number {
  if (failures < LOGIN_LIMIT.freePerUsername) return 0;
  return Math.min(2 ** (failures - LOGIN_LIMIT.freePerUsername), LOGIN_LIMIT.maxDelaySeconds);
}

/**
 * The progressive slow-down of a username tried from browsers it was never used on: when the
 * next attempt may come, from the latest failure and how many there were; null when it may come now.
 */
async function slowedUntil(deps: AppDeps, attempt: LoginAttempt, now: Date, ownId?: string): Promise<Date | null> {
  if (attempt.knownDeviceId) return null;
  const since = new Date(now.getTime() - LOGIN_LIMIT.windowMs);
  const others = and(
    eq(loginFailures.username, rowOf(attempt).username),
    notLike(loginFailures.address, `${DEVICE_PREFIX}%`),
    gt(loginFailures.failedAt, since),
    ownId ? ne(loginFailures.id, ownId) : undefined,
  );
  const [stats] = await deps.db.select({ n: count() }).from(loginFailures).where(others);
  const wait = usernameDelaySeconds(stats?.n ?? 0);
  if (wait === 0) return null;
  const [latest] = await deps.db
    .select({ failedAt: loginFailures.failedAt })
    .from(loginFailures)
    .where(others)
    .orderBy(desc(loginFailures.failedAt))
    .limit(1);
  const until = new Date((latest?.failedAt.getTime() ?? now.getTime()) + wait * 1000);
  return until > now ? until : null;
}

function retryMessage(seconds: number): string {
  if (seconds < 60)
    return `Too many failed sign-in attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

function rateLimited(until: Date, now: Date): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError('RATE_LIMITED', retryMessage(retryAfterSeconds), { retryAfterSeconds });
}

const latestOf = (dates: (Date | null)[]) =>
  dates.filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0];

/** Throws 429 (with retryAfterSeconds) while any of the attempt's budgets is spent or its username is slowed. */
export async function assertLoginAllowed(
  deps: AppDeps,
  username: string,
  address: string,
  attempt: Omit<LoginAttempt, 'username' | 'address'> = {},
): Promise<void> {
  const now = deps.clock.now();
  const full = { ...attempt, username, address };
  const blocked = await Promise.all([
    ...budgetsOf(full).map((b) => blockedUntil(deps, b, now)),
    slowedUntil(deps, full, now),
  ]);
  const until = latestOf(blocked);
  if (until) throw rateLimited(until, now);
}

/**
 * Counts an attempt BEFORE the password is checked, so a burst of parallel guesses cannot all pass
 * the limit before any failure is saved. The row stands as a failure unless the sign-in succeeds
 * (clearLoginFailures removes it); an attempt refused with 429 removes its own row again so the
 * retry time stays anchored to real failures, and so does one whose password is never checked
 * (`withdraw`: the hash gate refused it with 503, docs/decisions/399-sign-in-flood.md).
 */
export async function beginLoginAttempt(
  deps: AppDeps,
  username: string,
  address: string,
  attempt: Omit<LoginAttempt, 'username' | 'address'> = {},
): Promise<{ withdraw(): Promise<void> }> {
  const full = { ...attempt, username, address };
  const now = deps.clock.now();
  const since = new Date(now.getTime() - LOGIN_LIMIT.windowMs);
  await deps.db.delete(loginFailures).where(lt(loginFailures.failedAt, since));
  const [own] = await deps.db
    .insert(loginFailures)
    .values({ ...rowOf(full), failedAt: now })
    .returning({ id: loginFailures.id });
  const countOf = async (budget: Budget) =>
    (
      await deps.db
        .select({ n: count() })
        .from(loginFailures)
        .where(and(budget.where, gt(loginFailures.failedAt, since)))
    )[0]?.n ?? 0;
  const budgets = budgetsOf(full);
  const counts = await Promise.all(budgets.map(countOf));
  const slowed = await slowedUntil(deps, full, now, own!.id);
  const withdraw = async () => {
    await deps.db.delete(loginFailures).where(eq(loginFailures.id, own!.id));
  };
  if (!slowed && budgets.every((b, i) => counts[i]! <= b.max)) return { withdraw };
  await withdraw();
  if (slowed) throw rateLimited(slowed, now);
  await assertLoginAllowed(deps, username, address, attempt);
  // Over the limit only because of attempts still in flight: ask for a short wait.
  throw new AppError('RATE_LIMITED', retryMessage(60), { retryAfterSeconds: 60 });
}

/**
 * A successful sign-in takes back its own attempt and forgives that username's failures from this
 * address (or this device) only: the real user's own typos are wiped, while a guesser elsewhere
 * keeps their count, and an address spraying other usernames keeps its own.
 */
export async function clearLoginFailures(
  deps: AppDeps,
  username: string,
  address: string,
  attempt: Omit<LoginAttempt, 'username' | 'address'> = {},
): Promise<void> {
  const row = rowOf({ ...attempt, username, address });
  await deps.db
    .delete(loginFailures)
    .where(and(eq(loginFailures.username, row.username), eq(loginFailures.address, row.address)));
}
