import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { sealSecret, secretKeyOf } from '../secrets/at-rest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { call, freshAddress, insertStaff, signedInStaff, STAFF_PASSWORD } from '../../../tests/api/staff-helpers';
import { sealStoredMfaSecrets } from './mfa';

// Two-factor secrets are sealed in the database (docs/decisions/401-secrets-at-rest.md).
const previousKey = randomBytes(32);
const currentKey = randomBytes(32);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { SECRETS_KEY: currentKey.toString('base64'), SECRETS_KEY_PREVIOUS: previousKey.toString('base64') },
  });
});
afterAll(async () => {
  await t?.close();
});

const codeOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: t.clock.now().getTime() });
const storedOf = async (userId: string) =>
  (await t.db.select({ secret: users.mfaSecret }).from(users).where(eq(users.id, userId)))[0]!.secret;

/** The password step, then the code step: the status of the code step. */
async function signInWithCode(username: string, secret: string): Promise<number> {
  t.clock.advance(30_000);
  const remoteAddress = freshAddress();
  const first = await call(t, {
    method: 'POST',
    url: '/api/login',
    payload: { username, password: STAFF_PASSWORD },
    remoteAddress,
  });
  expect(first.json()).toEqual({ mfaRequired: true });
  const pending = first.cookies.find((c) => c.name === 'mfa_pending' && c.value)!;
  const second = await call(t, {
    method: 'POST',
    url: '/api/login/mfa',
    payload: { code: codeOf(secret) },
    remoteAddress,
    cookie: `mfa_pending=${pending.value}`,
  });
  return second.statusCode;
}

describe('two-factor secrets at rest', () => {
  it('stores the secret sealed, not the base32 the user scanned, and signs in with its code', async () => {
    const { user, cookie } = await signedInStaff(t);
    const setup = await call(t, { method: 'POST', url: '/api/user/mfa/setup', cookie });
    const { secret } = setup.json() as { secret: string };
    const [pending] = await t.db.select({ pending: users.mfaPendingSecret }).from(users).where(eq(users.id, user.id));
    expect(pending!.pending).toMatch(/^v1:/);
    expect(pending!.pending).not.toContain(secret);
    const confirm = await call(t, {
      method: 'POST',
      url: '/api/user/mfa/confirm',
      cookie,
      payload: { code: codeOf(secret) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const stored = await storedOf(user.id);
    expect(stored).toMatch(new RegExp(`^v1:${secretKeyOf(currentKey).id}:`));
    expect(stored).not.toContain(secret);
    expect(await signInWithCode(user.username, secret)).toBe(200);
  });

  it('seals a secret stored plain before, once, and its code still signs in', async () => {
    const user = await insertStaff(t);
    const secret = new Secret({ size: 20 }).base32;
    await t.db.update(users).set({ mfaSecret: secret, mfaEnabledAt: t.clock.now() }).where(eq(users.id, user.id));
    expect(await sealStoredMfaSecrets(t.db, t.config.secrets!)).toBeGreaterThanOrEqual(1);
    const sealed = await storedOf(user.id);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(secret);
    // A second start leaves it alone.
    expect(await sealStoredMfaSecrets(t.db, t.config.secrets!)).toBe(0);
    expect(await storedOf(user.id)).toBe(sealed);
    expect(await signInWithCode(user.username, secret)).toBe(200);
  });

  it('signs in with a secret sealed under SECRETS_KEY_PREVIOUS, resealed under the new key at start', async () => {
    const user = await insertStaff(t);
    const secret = new Secret({ size: 20 }).base32;
    const underPrevious = sealSecret({ current: secretKeyOf(previousKey) }, secret);
    await t.db
      .update(users)
      .set({ mfaSecret: underPrevious, mfaEnabledAt: t.clock.now() })
      .where(eq(users.id, user.id));
    expect(await signInWithCode(user.username, secret)).toBe(200);
    await sealStoredMfaSecrets(t.db, t.config.secrets!);
    expect(await storedOf(user.id)).toMatch(new RegExp(`^v1:${secretKeyOf(currentKey).id}:`));
    expect(await signInWithCode(user.username, secret)).toBe(200);
  });
});
