import { and, eq, isNull } from 'drizzle-orm';
import type { SignedInUser } from '../../shared/schemas/auth';
import type { AppDeps } from '../deps';
import { mfaRecoveryCodes, users } from '../db/schema';
import { invalid, unauthenticated } from '../http/errors';
import { claimCodeStep, endLoginChallenge, findLoginChallenge } from './mfa-challenges';
import { hashRecoveryCode, matchingStep } from './mfa-codes';
import { CODE_ALREADY_USED, recordMfa, totpSecretOf, WRONG_CODE } from './mfa';
import { beginLoginAttempt } from './rate-limit';
import { openSession } from './service';
import { attemptOf, type SignInOrigin } from './sign-in-record';

export const CHALLENGE_LAPSED = 'Your sign-in has timed out. Please enter your username and password again.';
export const WRONG_RECOVERY_CODE = 'That recovery code is not right, or it has been used already.';

/** Uses one recovery code: the update is the check, so two racing uses of one code end with one winner. */
async function useRecoveryCode(deps: Pick<AppDeps, 'db' | 'clock'>, userId: string, code: string): Promise<boolean> {
  const [used] = await deps.db
    .update(mfaRecoveryCodes)
    .set({ usedAt: deps.clock.now() })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, hashRecoveryCode(userId, code)),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return !!used;
}

/**
 * The code step of a sign-in (docs/decisions/320-two-factor-sign-in.md): the pending cookie's
 * challenge names the user; the code counts against the login throttle like a password; a right
 * code (its step not used before) or an unused recovery code opens the session exactly as a
 * sign-in without two-factor does.
 */
export async function completeMfaSignIn(
  deps: AppDeps,
  input: { code?: string | undefined; recoveryCode?: string | undefined },
  from: SignInOrigin & { challengeToken: string | undefined },
): Promise<{ user: SignedInUser; token: string }> {
  const challenge = await findLoginChallenge(deps, from.challengeToken);
  if (!challenge) throw unauthenticated(CHALLENGE_LAPSED);
  const [user] = await deps.db.select().from(users).where(eq(users.id, challenge.userId));
  if (!user || !user.isActive || !user.mfaSecret) {
    await endLoginChallenge(deps.db, challenge.id);
    throw unauthenticated(CHALLENGE_LAPSED);
  }
  const attempt = await attemptOf(deps, user, from);
  await beginLoginAttempt(deps, user.username, from.address, attempt);
  const at = deps.clock.now();
  const audit = { at, actorId: user.id, userId: user.id, username: user.username, address: from.address };
  if (input.code !== undefined) {
    const step = matchingStep(totpSecretOf(deps.config, user.mfaSecret), input.code, at);
    if (step === null || !(await claimCodeStep(deps, user.id, step))) {
      await recordMfa(deps.db, {
        ...audit,
        action: 'wrong-code',
        note: step === null ? 'Signing in' : 'Signing in: a code already used',
      });
      const message = step === null ? WRONG_CODE : CODE_ALREADY_USED;
      throw invalid(message, { code: message });
    }
  } else if (!(await useRecoveryCode(deps, user.id, input.recoveryCode ?? ''))) {
    await recordMfa(deps.db, { ...audit, action: 'wrong-code', note: 'Signing in with a recovery code' });
    throw invalid(WRONG_RECOVERY_CODE, { recoveryCode: WRONG_RECOVERY_CODE });
  } else {
    await recordMfa(deps.db, { ...audit, action: 'recovery-code-used' });
  }
  await endLoginChallenge(deps.db, challenge.id);
  return openSession(deps, user, { ...from, attempt });
}
