import { randomInt } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { PASSWORD_RULES, type ChangePasswordInput, type ResetPasswordInput } from '../../shared/schemas/auth';
import type { AppDeps } from '../deps';
import { appendAudit } from '../audit/log';
import { knownDevices, sessions, users } from '../db/schema';
import { conflict, invalid, notFound } from '../http/errors';
import { assertPasswordAllowed, passwordProblem } from './password-rule';
import { hashPassword, verifyPassword } from './passwords';
import { beginLoginAttempt, clearLoginFailures } from './rate-limit';
import { hashToken } from './sessions';

/** Where a change came from: the client address, and the session asking (which stays signed in). */
export type ChangeOrigin = { address: string; currentToken: string | undefined };

const refuse = (field: 'currentPassword' | 'newPassword', message: string) => invalid(message, { [field]: message });

/**
 * POST /api/user/password: the current password is required (a wrong one spends this session's
 * sign-in budget, so a borrowed session cannot be used to guess it), the new one must meet the
 * rules, and every other browser of the user is signed out in the same transaction.
 */
export async function changePassword(
  deps: AppDeps,
  userId: string,
  input: ChangePasswordInput,
  from: ChangeOrigin,
): Promise<void> {
  const [user] = await deps.db
    .select({ username: users.username, password: users.password })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound('User not found');
  assertPasswordAllowed(input.newPassword, user.username, 'newPassword');
  const throttle = { knownDeviceId: `session:${hashToken(from.currentToken ?? '')}` };
  await beginLoginAttempt(deps, user.username, from.address, throttle);
  if (!(await verifyPassword(input.currentPassword, user.password)))
    throw refuse('currentPassword', PASSWORD_RULES.currentWrong);
  await clearLoginFailures(deps, user.username, from.address, throttle);
  if (input.newPassword === input.currentPassword) throw refuse('newPassword', PASSWORD_RULES.mustDiffer);
  const hash = await hashPassword(input.newPassword, deps.config);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ password: hash, passwordMustChange: false, passwordChangedAt: now, updatedAt: now })
      .where(eq(users.id, userId));
    const keep = from.currentToken ? hashToken(from.currentToken) : '';
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keep)));
    await appendAudit(tx, [
      {
        at: now,
        actorId: userId,
        address: from.address,
        kind: 'password',
        subject: `user:${userId}`,
        label: user.username,
        action: 'changed',
      },
    ]);
  });
}

// No 0/O or 1/I/L: a temporary password is read off a screen and typed on a phone.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** 12 characters from 31 (about 59 bits), as xxxx-xxxx-xxxx; drawn again in the rare case the one rule refuses it. */
function newTemporaryPassword(username: string): string {
  for (;;) {
    const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]);
    const made = [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8)].map((g) => g.join('')).join('-');
    if (!passwordProblem(made, username)) return made;
  }
}

export const OWN_RESET_MESSAGE = 'To change your own password, use "Change password" in Settings.';

/**
 * An admin's reset from Team: a temporary password (the one typed, under the one password rule
 * (docs/decisions/394-one-password-rule.md), or one made here and shown once) that its user must
 * replace at the next sign-in; their sessions end at once and their browsers are no longer known
 * devices. Recorded, never the password itself.
 */
export async function resetPassword(
  deps: AppDeps,
  actorId: string,
  userId: string,
  input: ResetPasswordInput,
  address: string,
): Promise<{ username: string; temporaryPassword: string }> {
  if (actorId === userId) throw conflict(OWN_RESET_MESSAGE);
  const [target] = await deps.db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  if (!target) throw notFound('User not found');
  if (input.temporaryPassword) assertPasswordAllowed(input.temporaryPassword, target.username, 'temporaryPassword');
  const temporaryPassword = input.temporaryPassword || newTemporaryPassword(target.username);
  const hash = await hashPassword(temporaryPassword, deps.config);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ password: hash, passwordMustChange: true, passwordChangedAt: now, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ username: users.username });
    if (!user) throw notFound('User not found');
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    // A reset says the account is in question: no browser keeps its exemption from the sign-in
    // throttle (docs/decisions/327-sign-in-throttle-without-lockout.md) until it signs in again.
    await tx.delete(knownDevices).where(eq(knownDevices.userId, userId));
    await appendAudit(tx, [
      {
        at: now,
        actorId,
        address,
        kind: 'password',
        subject: `user:${userId}`,
        label: user.username,
        action: 'reset',
        note: 'Temporary password: to be changed at the next sign-in',
      },
    ]);
    return { username: user.username, temporaryPassword };
  });
}

/** An admin signs a user out of every browser (Team); answers how many sessions ended. */
export async function endUserSessions(
  deps: AppDeps,
  actorId: string,
  userId: string,
  address: string,
): Promise<number> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [user] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound('User not found');
    const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    await appendAudit(tx, [
      {
        at: now,
        actorId,
        address,
        kind: 'session',
        subject: `user:${userId}`,
        label: user.username,
        action: 'signed out everywhere',
        note: `${ended.length} session(s) ended`,
      },
    ]);
    return ended.length;
  });
}
