import { and, count, eq, isNotNull, isNull, or } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { MfaSetupView, MfaStatusView } from '../../shared/schemas/auth';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { loginChallenges, mfaRecoveryCodes, users } from '../db/schema';
import { appendAudit } from '../audit/log';
import type { SessionUser } from '../http/access';
import { conflict, forbidden, invalid, notFound } from '../http/errors';
import type { Config } from '../config';
import { needsSealing, openSecret, sealSecret, type SecretsKeyring } from '../secrets/at-rest';
import { hashRecoveryCode, matchingStep, newRecoveryCodes, newTotpSecret, otpauthUrlOf } from './mfa-codes';
import { verifyPassword } from './passwords';
import { beginLoginAttempt, clearLoginFailures } from './rate-limit';

/**
 * Turning two-factor sign-in on and off (docs/decisions/320-two-factor-sign-in.md). Every change,
 * and every wrong code, is one row of the audit log (kind `mfa`, subject `user:<id>`).
 */
export const WRONG_CODE =
  'That code is not right. Check the time on your phone and enter the code your authenticator app shows now.';
/** A right code whose 30-second step has signed in once already (RFC 6238: each code counts once). */
export const CODE_ALREADY_USED =
  'That code has been used already. Wait for the next code in your authenticator app and enter it.';
export const SETUP_FIRST = 'Start the setup first: scan the new QR code, then enter its code.';
export const ALREADY_ON = 'Two-factor sign-in is already on. Turn it off first to set up a new phone.';
export const NOT_ON = 'Two-factor sign-in is not on.';
export const WRONG_PASSWORD = 'That password is not right';

export type MfaAction = 'enrolled' | 'disabled' | 'recovery-code-used' | 'reset' | 'wrong-code';

/** One audit row about a user's two-factor sign-in; `actorId` is who did it (the admin for a reset). */
export async function recordMfa(
  exec: Executor,
  row: {
    at: Date;
    actorId: string;
    userId: string;
    username: string;
    address: string | null;
    action: MfaAction;
    note?: string;
  },
) {
  await appendAudit(exec, [
    {
      at: row.at,
      actorId: row.actorId,
      address: row.address,
      kind: 'mfa',
      subject: `user:${row.userId}`,
      label: row.username,
      action: row.action,
      note: row.note ?? null,
    },
  ]);
}

/** The keys of secrets at rest: set by the start (main.ts) or the test key (docs/decisions/401-secrets-at-rest.md). */
export function keyringOf(config: Pick<Config, 'secrets'>): SecretsKeyring {
  if (!config.secrets)
    throw new Error('No key for secrets at rest: set SECRETS_KEY (docs/decisions/401-secrets-at-rest.md)');
  return config.secrets;
}

/** The base32 secret the authenticator app holds, from its sealed stored value. */
export const totpSecretOf = (config: Pick<Config, 'secrets'>, stored: string) => openSecret(keyringOf(config), stored);

/**
 * At start: every two-factor secret still stored plain (or under the previous key) is sealed under
 * SECRETS_KEY; values already sealed under it are left alone, so a second start changes nothing.
 * Answers how many rows were rewritten.
 */
export async function sealStoredMfaSecrets(exec: Executor, ring: SecretsKeyring): Promise<number> {
  const rows = await exec
    .select({ id: users.id, secret: users.mfaSecret, pending: users.mfaPendingSecret })
    .from(users)
    .where(or(isNotNull(users.mfaSecret), isNotNull(users.mfaPendingSecret)));
  let rewritten = 0;
  for (const row of rows) {
    const reseal = (v: string | null) =>
      v !== null && needsSealing(ring, v) ? sealSecret(ring, openSecret(ring, v)) : v;
    const secret = reseal(row.secret);
    const pending = reseal(row.pending);
    if (secret === row.secret && pending === row.pending) continue;
    // Only if unchanged since read: a setup or turn-off meanwhile wins.
    const [done] = await exec
      .update(users)
      .set({ mfaSecret: secret, mfaPendingSecret: pending })
      .where(
        and(
          eq(users.id, row.id),
          row.secret === null ? isNull(users.mfaSecret) : eq(users.mfaSecret, row.secret),
          row.pending === null ? isNull(users.mfaPendingSecret) : eq(users.mfaPendingSecret, row.pending),
        ),
      )
      .returning({ id: users.id });
    if (done) rewritten++;
  }
  return rewritten;
}

async function mfaRowOf(exec: Executor, userId: string) {
  const [row] = await exec
    .select({
      username: users.username,
      password: users.password,
      role: users.role,
      secret: users.mfaSecret,
      pending: users.mfaPendingSecret,
      enabledAt: users.mfaEnabledAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Whether the user signs in with a code: the gate for admins asks this on each request while required. */
export async function hasTwoFactor(exec: Executor, userId: string): Promise<boolean> {
  const [row] = await exec
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.mfaSecret)));
  return !!row;
}

export async function mfaStatus(deps: Pick<AppDeps, 'db' | 'settings'>, actor: SessionUser): Promise<MfaStatusView> {
  const row = await mfaRowOf(deps.db, actor.id);
  const [left] = await deps.db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, actor.id), isNull(mfaRecoveryCodes.usedAt)));
  const required = actor.role === 'admin' && (await deps.settings.current()).security.requireAdminMfa;
  const enabled = !!row?.secret;
  return {
    enabled,
    enabledAt: enabled ? (row?.enabledAt?.toISOString() ?? null) : null,
    recoveryCodesLeft: enabled ? (left?.n ?? 0) : 0,
    required,
  };
}

/** A new secret for the app, kept as pending until a code confirms it; two-factor stays as it was. */
export async function startMfaSetup(
  deps: Pick<AppDeps, 'db' | 'settings' | 'config'>,
  actor: SessionUser,
): Promise<MfaSetupView> {
  const row = await mfaRowOf(deps.db, actor.id);
  if (row?.secret) throw conflict(ALREADY_ON);
  const secret = newTotpSecret();
  // Stored sealed (docs/decisions/401-secrets-at-rest.md); the person is shown the plain one to scan.
  await deps.db
    .update(users)
    .set({ mfaPendingSecret: sealSecret(keyringOf(deps.config), secret) })
    .where(eq(users.id, actor.id));
  const otpauthUrl = otpauthUrlOf(secret, (await deps.settings.current()).business.name, actor.username);
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrSvg };
}

/**
 * The first right code turns two-factor on: the pending secret becomes the secret, and ten new
 * recovery codes are stored as hashes and answered this once.
 */
export async function confirmMfa(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  actor: SessionUser,
  code: string,
  address: string,
): Promise<{ recoveryCodes: string[] }> {
  const at = deps.clock.now();
  const row = await mfaRowOf(deps.db, actor.id);
  if (row?.secret) throw conflict(ALREADY_ON);
  const pending = row?.pending;
  if (!pending) throw conflict(SETUP_FIRST);
  if (matchingStep(totpSecretOf(deps.config, pending), code, at) === null) {
    await recordMfa(deps.db, {
      at,
      actorId: actor.id,
      userId: actor.id,
      username: actor.username,
      address,
      action: 'wrong-code',
      note: 'Setting up',
    });
    throw invalid(WRONG_CODE, { code: WRONG_CODE });
  }
  const recoveryCodes = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    // Only the secret the code was checked against turns on: a second setup in another tab since then must be confirmed itself.
    const [turnedOn] = await tx
      .update(users)
      .set({ mfaSecret: pending, mfaPendingSecret: null, mfaEnabledAt: at })
      .where(and(eq(users.id, actor.id), eq(users.mfaPendingSecret, pending), isNull(users.mfaSecret)))
      .returning({ id: users.id });
    if (!turnedOn) throw conflict(SETUP_FIRST);
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, actor.id));
    await tx
      .insert(mfaRecoveryCodes)
      .values(recoveryCodes.map((c) => ({ userId: actor.id, codeHash: hashRecoveryCode(actor.id, c), createdAt: at })));
    await recordMfa(tx, {
      at,
      actorId: actor.id,
      userId: actor.id,
      username: actor.username,
      address,
      action: 'enrolled',
    });
  });
  return { recoveryCodes };
}

async function clearTwoFactor(exec: Executor, userId: string): Promise<void> {
  await exec
    .update(users)
    .set({ mfaSecret: null, mfaPendingSecret: null, mfaEnabledAt: null })
    .where(eq(users.id, userId));
  await exec.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await exec.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
}

/**
 * Turning it off needs the password and a current code, both right (a borrowed unlocked session
 * alone cannot remove it). Wrong ones count as failed sign-ins in the login throttle.
 */
export async function disableMfa(
  deps: AppDeps,
  actor: SessionUser,
  input: { password: string; code: string },
  address: string,
): Promise<void> {
  const at = deps.clock.now();
  const row = await mfaRowOf(deps.db, actor.id);
  if (!row?.secret) throw conflict(NOT_ON);
  await beginLoginAttempt(deps, actor.username, address);
  const passwordOk = await verifyPassword(input.password, row.password);
  const codeOk = matchingStep(totpSecretOf(deps.config, row.secret), input.code, at) !== null;
  if (!passwordOk || !codeOk) {
    if (!codeOk)
      await recordMfa(deps.db, {
        at,
        actorId: actor.id,
        userId: actor.id,
        username: actor.username,
        address,
        action: 'wrong-code',
        note: 'Turning off',
      });
    const fields = { ...(passwordOk ? {} : { password: WRONG_PASSWORD }), ...(codeOk ? {} : { code: WRONG_CODE }) };
    throw invalid(Object.values(fields)[0]!, fields);
  }
  await clearLoginFailures(deps, actor.username, address);
  await deps.db.transaction(async (tx) => {
    await clearTwoFactor(tx, actor.id);
    await recordMfa(tx, {
      at,
      actorId: actor.id,
      userId: actor.id,
      username: actor.username,
      address,
      action: 'disabled',
    });
  });
}

/** Who has two-factor on, for the Team tab. */
export async function listUsersWithMfa(db: Executor): Promise<{ userId: string; enabledAt: string }[]> {
  const rows = await db
    .select({ userId: users.id, enabledAt: users.mfaEnabledAt })
    .from(users)
    .where(isNotNull(users.mfaSecret));
  return rows.map((r) => ({ userId: r.userId, enabledAt: (r.enabledAt ?? new Date(0)).toISOString() }));
}

/**
 * An admin resets another user's two-factor (a lost phone): that user signs in with the password
 * alone until they set it up again. An admin's own goes through "Turn off" with password and code.
 */
export async function resetMfaOfUser(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  admin: SessionUser,
  userId: string,
  address: string,
): Promise<void> {
  if (userId === admin.id)
    throw forbidden('Turn off your own two-factor sign-in in Settings, with your password and a code.');
  const at = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await mfaRowOf(tx, userId);
    if (!row) throw notFound('User not found');
    if (!row.secret && !row.pending) throw conflict(`${row.username} does not use two-factor sign-in.`);
    await clearTwoFactor(tx, userId);
    await recordMfa(tx, {
      at,
      actorId: admin.id,
      userId,
      username: row.username,
      address,
      action: 'reset',
      note: `Reset by ${admin.username}`,
    });
  });
}
