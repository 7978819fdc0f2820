import { INVALID_LOGIN_MESSAGE, type LoginInput, type PublicUser, type SignedInUser } from '../../shared/schemas/auth';
import type { AppDeps } from '../deps';
import { pgErrorCode, UNIQUE_VIOLATION, type Executor } from '../db/client';
import type { SessionUser } from '../http/access';
import { conflict, forbidden, unauthenticated } from '../http/errors';
import { appendAudit } from '../audit/log';
import { startLoginChallenge } from './mfa-challenges';
import type { PasswordSettings } from './passwords';
import { assertPasswordAllowed } from './password-rule';
import { beginLoginAttempt, clearLoginFailures, type LoginAttempt } from './rate-limit';
import { deleteExpiredSessions, endSession, startSession } from './sessions';
import { checkSignInPassword } from './sign-in-check';
import { attemptOf, recordSignIn, type SignInOrigin } from './sign-in-record';
import { createUser, findUserByUsername, type NewUser } from './users';

/** The only shape a user leaves the server in: never the password hash. */
export function toPublicUser(user: {
  id: string;
  username: string;
  email: string | null;
  role: 'admin' | 'technician';
  isActive: boolean;
}): PublicUser {
  return { id: user.id, username: user.username, email: user.email, role: user.role, isActive: user.isActive };
}

/** The user as the sign-in and GET /api/user show them: also whether a temporary password must be replaced first. */
export function toSignedInUser(
  user: Parameters<typeof toPublicUser>[0] & { passwordMustChange?: boolean },
): SignedInUser {
  return { ...toPublicUser(user), passwordChangeRequired: user.passwordMustChange ?? false };
}

export function currentUser(actor: SessionUser | null): SignedInUser {
  if (!actor) throw unauthenticated();
  return toSignedInUser(actor);
}

/** A right password for a user with two-factor sign-in: the code is asked for next (decision 320). */
export type SignInResult = { user: SignedInUser; token: string } | { mfaChallenge: string };

/**
 * Signs a user in: throttled per username and address, one message for every kind of failure,
 * and a brand-new session (the session the browser had before is deleted: no fixation).
 * Returns the new session's token for the cookie, or for a user with two-factor sign-in only a
 * login challenge's token (docs/decisions/320-two-factor-sign-in.md).
 */
export async function signIn(deps: AppDeps, input: LoginInput, from: SignInOrigin): Promise<SignInResult> {
  const user = await findUserByUsername(deps.db, input.username);
  const attempt = await attemptOf(deps, user, from);
  const counted = await beginLoginAttempt(deps, input.username, from.address, attempt);
  // Through the hash gate, no hash for a name nobody has; refused there (503), the password was
  // never checked and the attempt is no failure (docs/decisions/399-sign-in-flood.md).
  const passwordOk = await checkSignInPassword(deps.config, input.password, user?.password, attempt).catch(
    async (err: unknown) => {
      await counted.withdraw();
      throw err;
    },
  );
  // The attempt already counts as a failure; only a success takes it back.
  if (!user || !passwordOk || !user.isActive) {
    await recordSignIn(deps, { user, typed: input.username, address: from.address, ok: false });
    throw unauthenticated(INVALID_LOGIN_MESSAGE);
  }
  // The attempt stays counted until the code is right too, so code guesses share the password's budget.
  if (user.mfaSecret) return { mfaChallenge: await startLoginChallenge(deps, user.id, from.address) };
  return openSession(deps, user, { ...from, attempt });
}

/** The end of every successful sign-in, with or without a code: a new session, this attempt's failures forgiven. */
export async function openSession(
  deps: AppDeps,
  user: Parameters<typeof toSignedInUser>[0],
  from: SignInOrigin & { attempt: Omit<LoginAttempt, 'username' | 'address'> },
): Promise<{ user: SignedInUser; token: string }> {
  await endSession(deps.db, from.previousToken);
  const token = await startSession(deps, user.id, { userAgent: from.userAgent, address: from.address });
  await clearLoginFailures(deps, user.username, from.address, from.attempt);
  await recordSignIn(deps, { user, typed: user.username, address: from.address, ok: true });
  // Sign-ins are rare enough to be the moment expired sessions are cleared out.
  await deleteExpiredSessions(deps);
  return { user: toSignedInUser(user), token };
}

/**
 * Creates a user whose password a person typed (the owner at setup, an admin in Team): the one
 * password rule first (400 on `password`, docs/decisions/394-one-password-rule.md), then 409
 * 'Username already exists' for a taken name (also under a race).
 */
export async function addUser(deps: { db: Executor; config: PasswordSettings }, input: NewUser): Promise<PublicUser> {
  assertPasswordAllowed(input.password, input.username, 'password');
  if (await findUserByUsername(deps.db, input.username)) throw conflict('Username already exists');
  try {
    return toPublicUser(await createUser(deps, input));
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw conflict('Username already exists');
    throw err;
  }
}

/**
 * POST /api/register: only a signed-in admin registers users. The first account (the owner) is made
 * with the one-time setup code (POST /api/setup), the command line or the environment (decision 111),
 * so whoever reaches a new site first cannot take it.
 */
export async function registerUser(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  caller: SessionUser | null,
  input: NewUser,
): Promise<PublicUser> {
  if (caller?.role !== 'admin') throw forbidden('Only an administrator can register users.');
  return deps.db.transaction(async (tx) => {
    const user = await addUser({ db: tx, config: deps.config }, input);
    await appendAudit(tx, [
      {
        at: deps.clock.now(),
        actorId: caller.id,
        kind: 'user',
        subject: `user:${user.id}`,
        label: user.username,
        action: 'created',
        field: 'Role',
        to: user.role,
      },
    ]);
    return user;
  });
}
