import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { appendAudit } from '../audit/log';
import { sessions } from '../db/schema';
import { isKnownDevice } from './known-devices';
import type { LoginAttempt } from './rate-limit';
import { hashToken } from './sessions';

/** Where a sign-in comes from, as the login route reads it off the request. */
export type SignInOrigin = {
  address: string;
  /** The session cookie the browser had before, if any: ended on success (no fixation). */
  previousToken: string | undefined;
  userAgent?: string | null;
  /** The stored id of the browser's device cookie (known-devices.ts), not yet checked against the user. */
  deviceId?: string | null;
};

/**
 * Whose budgets an attempt spends (rate-limit.ts): an unknown username its address's only; a
 * browser that signed in as this user before (its device cookie, or a session of theirs it still
 * holds) its own; any other the username's and the address's.
 */
export async function attemptOf(
  deps: Pick<AppDeps, 'db'>,
  user: { id: string } | undefined,
  from: SignInOrigin,
): Promise<Omit<LoginAttempt, 'username' | 'address'>> {
  if (!user) return { userExists: false };
  if (await isKnownDevice(deps.db, from.deviceId ?? null, user.id)) return { knownDeviceId: from.deviceId! };
  if (from.previousToken) {
    const previous = hashToken(from.previousToken);
    const [own] = await deps.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, previous), eq(sessions.userId, user.id)));
    if (own) return { knownDeviceId: `session:${previous}` };
  }
  return {};
}

/**
 * One audit row per sign-in and per failed one (decision 303): who (the user on success), from
 * where, and for a failure the username as typed, so an admin sees guessing for names nobody has.
 */
export async function recordSignIn(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  outcome: { user: { id: string } | undefined; typed: string; address: string; ok: boolean },
): Promise<void> {
  await appendAudit(deps.db, [
    {
      at: deps.clock.now(),
      actorId: outcome.ok && outcome.user ? outcome.user.id : null,
      address: outcome.address,
      kind: 'sign-in',
      subject: outcome.user ? `user:${outcome.user.id}` : null,
      label: outcome.typed.slice(0, 64),
      action: outcome.ok ? 'succeeded' : 'failed',
    },
  ]);
}
