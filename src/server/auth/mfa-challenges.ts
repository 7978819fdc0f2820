import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import { loginChallenges } from '../db/schema';

/**
 * The step between a right password and the code (docs/decisions/320-two-factor-sign-in.md): no
 * session yet, only a short-lived pending cookie whose token's SHA-256 is a login challenge.
 */
export const CHALLENGE_MS = 5 * 60_000;
const PENDING_COOKIE = 'mfa_pending';
/** The cookie goes only where it is read. */
const PENDING_PATH = '/api/login';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Stores a challenge for the user and returns its token (the pending cookie's value). */
export async function startLoginChallenge(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  address: string,
): Promise<string> {
  const now = deps.clock.now();
  // Sign-ins are rare enough to be the moment lapsed challenges (and used code steps) are cleared out.
  await deps.db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
  const token = randomBytes(32).toString('base64url');
  await deps.db.insert(loginChallenges).values({
    id: hashToken(token),
    userId,
    address,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_MS),
  });
  return token;
}

/** The user a pending cookie's challenge is for, while it has not lapsed. */
export async function findLoginChallenge(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  token: string | undefined,
): Promise<{ id: string; userId: string } | null> {
  if (!token) return null;
  const [row] = await deps.db
    .select({ id: loginChallenges.id, userId: loginChallenges.userId })
    .from(loginChallenges)
    .where(and(eq(loginChallenges.id, hashToken(token)), gt(loginChallenges.expiresAt, deps.clock.now())));
  return row ?? null;
}

export async function endLoginChallenge(exec: Executor, id: string): Promise<void> {
  await exec.delete(loginChallenges).where(eq(loginChallenges.id, id));
}

/**
 * Marks a user's 30-second code step as used, so the same code cannot sign in twice (RFC 6238
 * section 5.2). The mark is a row of the same table under a key no token hash can take (it has a
 * colon), lapsing with the steps it covers; the primary key makes two racing uses of one code end
 * with one winner. False when the step was already used.
 */
export async function claimCodeStep(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  step: number,
): Promise<boolean> {
  const now = deps.clock.now();
  const [claimed] = await deps.db
    .insert(loginChallenges)
    .values({
      id: `step:${userId}:${step}`,
      userId,
      address: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHALLENGE_MS),
    })
    .onConflictDoNothing()
    .returning({ id: loginChallenges.id });
  return !!claimed;
}

export function challengeToken(request: FastifyRequest): string | undefined {
  return request.cookies[PENDING_COOKIE];
}

export function setChallengeCookie(reply: FastifyReply, token: string, config: Config): void {
  reply.setCookie(PENDING_COOKIE, token, {
    path: PENDING_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isProduction && config.publicBaseUrl.startsWith('https:'),
    maxAge: CHALLENGE_MS / 1000,
  });
}

export function clearChallengeCookie(reply: FastifyReply): void {
  reply.clearCookie(PENDING_COOKIE, { path: PENDING_PATH });
}
