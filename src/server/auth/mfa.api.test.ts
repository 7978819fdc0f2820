import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mfaRecoveryCodes, users } from '../db/schema';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import {
  call,
  freshAddress,
  insertStaff,
  sessionCookieOf,
  signedInStaff,
  STAFF_PASSWORD,
} from '../../../tests/api/staff-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The code an authenticator app shows now (the app's clock is the server's test clock). */
const codeOf = (secret: string, at = t.clock.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });
const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) => {
  const c = res.cookies.find((x) => x.name === name && x.value);
  return c ? `${name}=${c.value}` : undefined;
};

/** Scans the QR code's secret and confirms the first code, as a person does in Settings. */
async function enrol(cookie: string) {
  const setup = await call(t, { method: 'POST', url: '/api/user/mfa/setup', cookie });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const confirm = await call(t, {
    method: 'POST',
    url: '/api/user/mfa/confirm',
    cookie,
    payload: { code: codeOf(secret) },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { secret, recoveryCodes: (confirm.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** Password first: answers the pending cookie to send with the code. */
async function passwordStep(username: string, remoteAddress: string) {
  const res = await call(t, {
    method: 'POST',
    url: '/api/login',
    payload: { username, password: STAFF_PASSWORD },
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ mfaRequired: true });
  return { res, pending: cookieOf(res, 'mfa_pending')! };
}

const codeStep = (pending: string | undefined, payload: object, remoteAddress: string) =>
  call(t, { method: 'POST', url: '/api/login/mfa', payload, remoteAddress, cookie: pending });
const me = (cookie?: string) => call(t, { method: 'GET', url: '/api/user', cookie });
const mfaRows = (userId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.kind, 'mfa'), eq(auditLog.subject, `user:${userId}`)));
/** The next 30-second step, so a new sign-in's code is not the one already used. */
const nextStep = () => t.clock.advance(30_000);

describe('turning two-factor sign-in on', () => {
  it('gives a QR code and the secret, turns on with a code computed from that secret, and answers ten recovery codes once', async () => {
    const { user, cookie } = await signedInStaff(t);
    const setup = await call(t, { method: 'POST', url: '/api/user/mfa/setup', cookie });
    expect(setup.statusCode).toBe(200);
    const body = setup.json() as { secret: string; otpauthUrl: string; qrSvg: string };
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUrl).toContain(`:${user.username}?`);
    expect(body.otpauthUrl).toContain(`secret=${body.secret}`);
    expect(body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect((await call(t, { method: 'GET', url: '/api/user/mfa', cookie })).json()).toMatchObject({ enabled: false });

    const confirm = await call(t, {
      method: 'POST',
      url: '/api/user/mfa/confirm',
      cookie,
      payload: { code: codeOf(body.secret) },
    });
    expect(confirm.statusCode).toBe(200);
    const codes = (confirm.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    const stored = await t.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);
    expect((await call(t, { method: 'GET', url: '/api/user/mfa', cookie })).json()).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    expect((await mfaRows(user.id)).map((r) => r.action)).toEqual(['enrolled']);
  });

  it('refuses a wrong code with 400 on the code field and stays off', async () => {
    const { user, cookie } = await signedInStaff(t);
    const { secret } = (await call(t, { method: 'POST', url: '/api/user/mfa/setup', cookie })).json() as {
      secret: string;
    };
    const wrong = String((Number(codeOf(secret)) + 1) % 1_000_000).padStart(6, '0');
    const res = await call(t, {
      method: 'POST',
      url: '/api/user/mfa/confirm',
      cookie,
      payload: { code: wrong },
      remoteAddress: '10.9.9.9',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.code).toMatch(/That code is not right/);
    const bad = await call(t, { method: 'POST', url: '/api/user/mfa/confirm', cookie, payload: { code: '12ab' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ code: 'Enter the 6-digit code from your authenticator app' });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.mfaSecret).toBeNull();
    const [audit] = await mfaRows(user.id);
    expect(audit).toMatchObject({ action: 'wrong-code', address: '10.9.9.9', actorId: user.id });
  });

  it('answers 409 for a confirm without a setup', async () => {
    const { cookie } = await signedInStaff(t);
    const res = await call(t, { method: 'POST', url: '/api/user/mfa/confirm', cookie, payload: { code: '123456' } });
    expect(res.statusCode).toBe(409);
  });
});

describe('signing in with two-factor', () => {
  it('asks for the code after the password: no session until the code is right, then the same answer as a plain sign-in', async () => {
    const { user, cookie } = await signedInStaff(t, { email: 'two@example.com' });
    const { secret } = await enrol(cookie);
    nextStep();
    const address = freshAddress();
    const { res, pending } = await passwordStep(user.username, address);
    expect(sessionCookieOf(res)).toBeUndefined();
    const pendingCookie = res.cookies.find((c) => c.name === 'mfa_pending')!;
    expect(pendingCookie.httpOnly).toBe(true);
    expect(pendingCookie.maxAge).toBe(300);
    // The pending cookie is not a session.
    expect((await me(pending)).statusCode).toBe(401);

    const done = await codeStep(pending, { code: codeOf(secret) }, address);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({
      id: user.id,
      username: user.username,
      email: 'two@example.com',
      role: 'technician',
      isActive: true,
      passwordChangeRequired: false,
    });
    const sid = sessionCookieOf(done)!;
    expect((await me(sid)).json().username).toBe(user.username);
    // The challenge is spent: the same pending cookie cannot open a second session.
    expect((await codeStep(pending, { code: codeOf(secret) }, address)).statusCode).toBe(401);
  });

  it('refuses a wrong code, records it, and counts it as a failed sign-in in the login throttle', async () => {
    const { user, cookie } = await signedInStaff(t);
    const { secret } = await enrol(cookie);
    nextStep();
    const address = freshAddress();
    const { pending } = await passwordStep(user.username, address);
    const wrong = String((Number(codeOf(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await codeStep(pending, { code: wrong }, address));
    expect(answers.slice(0, 4).map((r) => r.statusCode)).toEqual([400, 400, 400, 400]);
    expect(answers[0]!.json().fields.code).toMatch(/That code is not right/);
    for (const r of answers) expect(sessionCookieOf(r)).toBeUndefined();
    // The password and four wrong codes spent this address's five attempts: even the right code waits.
    expect(answers[4]!.statusCode).toBe(429);
    expect((await codeStep(pending, { code: codeOf(secret) }, address)).statusCode).toBe(429);
    const rows = await mfaRows(user.id);
    expect(rows.filter((r) => r.action === 'wrong-code')).toHaveLength(4);
  });

  it('gives no session without the code: no pending cookie, a lapsed one, or an empty code', async () => {
    const { user, cookie } = await signedInStaff(t);
    const { secret } = await enrol(cookie);
    nextStep();
    const address = freshAddress();
    const { pending } = await passwordStep(user.username, address);
    const without = await codeStep(undefined, { code: codeOf(secret) }, address);
    expect(without.statusCode).toBe(401);
    const empty = await codeStep(pending, {}, address);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ code: 'Enter the 6-digit code from your authenticator app' });
    t.clock.advance(5 * 60_000 + 1000);
    const lapsed = await codeStep(pending, { code: codeOf(secret) }, address);
    expect(lapsed.statusCode).toBe(401);
    expect(lapsed.json().message).toMatch(/timed out/);
    expect(sessionCookieOf(lapsed)).toBeUndefined();
  });

  it('accepts the code of the step before (a phone a little slow) but not one used already', async () => {
    const { user, cookie } = await signedInStaff(t);
    const { secret } = await enrol(cookie);
    nextStep();
    const address = freshAddress();
    const previous = codeOf(secret, new Date(t.clock.now().getTime() - 30_000));
    const first = await passwordStep(user.username, address);
    expect((await codeStep(first.pending, { code: previous }, address)).statusCode).toBe(200);
    const again = await passwordStep(user.username, address);
    const replay = await codeStep(again.pending, { code: previous }, address);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().fields.code).toBe(
      'That code has been used already. Wait for the next code in your authenticator app and enter it.',
    );
    expect(sessionCookieOf(replay)).toBeUndefined();
  });

  it('takes a recovery code once only, and records its use', async () => {
    const { user, cookie } = await signedInStaff(t);
    const { recoveryCodes } = await enrol(cookie);
    const address = freshAddress();
    const first = await passwordStep(user.username, address);
    const used = await codeStep(first.pending, { recoveryCode: recoveryCodes[3]!.toLowerCase() }, address);
    expect(used.statusCode, used.body).toBe(200);
    expect((await me(sessionCookieOf(used))).statusCode).toBe(200);

    const second = await passwordStep(user.username, address);
    const reused = await codeStep(second.pending, { recoveryCode: recoveryCodes[3]! }, address);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fields.recoveryCode).toMatch(/used already/);
    expect(sessionCookieOf(reused)).toBeUndefined();
    expect((await call(t, { method: 'GET', url: '/api/user/mfa', cookie })).json()).toMatchObject({
      recoveryCodesLeft: 9,
    });
    expect((await mfaRows(user.id)).map((r) => r.action)).toEqual(['enrolled', 'recovery-code-used', 'wrong-code']);
  });
});

describe('two sign-ins racing with one code', () => {
  it('let one in, never both: the same app code, or the same recovery code, from two browsers at once', async () => {
    const { user, cookie } = await signedInStaff(t);
    const { secret, recoveryCodes } = await enrol(cookie);
    nextStep();
    const [a, b] = [freshAddress(), freshAddress()];
    const [first, second] = [await passwordStep(user.username, a), await passwordStep(user.username, b)];
    const code = codeOf(secret);
    const byCode = await Promise.all([codeStep(first.pending, { code }, a), codeStep(second.pending, { code }, b)]);
    expect(byCode.map((r) => r.statusCode).sort()).toEqual([200, 400]);

    const [third, fourth] = [await passwordStep(user.username, a), await passwordStep(user.username, b)];
    const recoveryCode = recoveryCodes[0]!;
    const byRecovery = await Promise.all([
      codeStep(third.pending, { recoveryCode }, a),
      codeStep(fourth.pending, { recoveryCode }, b),
    ]);
    expect(byRecovery.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs both the password and a current code; then the password alone signs in', async () => {
    const { user, cookie } = await signedInStaff(t);
    const { secret } = await enrol(cookie);
    const address = freshAddress();
    const wrongPassword = await call(t, {
      method: 'DELETE',
      url: '/api/user/mfa',
      cookie,
      remoteAddress: address,
      payload: { password: 'not-my-password', code: codeOf(secret) },
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().fields).toEqual({ password: 'That password is not right' });
    const noCode = await call(t, {
      method: 'DELETE',
      url: '/api/user/mfa',
      cookie,
      remoteAddress: address,
      payload: { password: STAFF_PASSWORD },
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().fields).toEqual({ code: 'Enter the 6-digit code from your authenticator app' });
    expect((await call(t, { method: 'GET', url: '/api/user/mfa', cookie })).json()).toMatchObject({ enabled: true });

    const off = await call(t, {
      method: 'DELETE',
      url: '/api/user/mfa',
      cookie,
      remoteAddress: address,
      payload: { password: STAFF_PASSWORD, code: codeOf(secret) },
    });
    expect(off.statusCode).toBe(204);
    const login = await call(t, {
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: STAFF_PASSWORD },
      remoteAddress: freshAddress(),
    });
    expect(login.statusCode).toBe(200);
    expect(sessionCookieOf(login)).toBeDefined();
    expect(await t.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id))).toHaveLength(0);
    expect((await mfaRows(user.id)).map((r) => r.action)).toEqual(['enrolled', 'disabled']);
  });
});

describe("an admin resets a technician's two-factor", () => {
  it('clears it (the technician signs in with the password alone) and records who did it', async () => {
    const admin = await signedInStaff(t, { role: 'admin' });
    const tech = await signedInStaff(t);
    await enrol(tech.cookie);
    const listed = await call(t, { method: 'GET', url: '/api/admin/mfa', cookie: admin.cookie });
    expect((listed.json() as { userId: string }[]).map((r) => r.userId)).toContain(tech.user.id);
    expect(
      (await call(t, { method: 'DELETE', url: `/api/admin/users/${tech.user.id}/mfa`, cookie: tech.cookie }))
        .statusCode,
    ).toBe(403);

    const reset = await call(t, {
      method: 'DELETE',
      url: `/api/admin/users/${tech.user.id}/mfa`,
      cookie: admin.cookie,
      remoteAddress: '10.8.8.8',
    });
    expect(reset.statusCode).toBe(204);
    const login = await call(t, {
      method: 'POST',
      url: '/api/login',
      payload: { username: tech.user.username, password: STAFF_PASSWORD },
      remoteAddress: freshAddress(),
    });
    expect(sessionCookieOf(login)).toBeDefined();
    const rows = await mfaRows(tech.user.id);
    expect(rows.at(-1)).toMatchObject({
      action: 'reset',
      actorId: admin.user.id,
      address: '10.8.8.8',
      label: tech.user.username,
    });
    expect(
      (await call(t, { method: 'DELETE', url: `/api/admin/users/${tech.user.id}/mfa`, cookie: admin.cookie }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call(t, { method: 'DELETE', url: `/api/admin/users/${admin.user.id}/mfa`, cookie: admin.cookie }))
        .statusCode,
    ).toBe(403);
  });
});

describe('requiring two-factor sign-in for admins', () => {
  it('lets an admin without it only set it up, until they have; technicians are not affected', async () => {
    const owner = await signedInStaff(t, { role: 'admin' });
    await enrol(owner.cookie);
    const other = await signedInStaff(t, { role: 'admin' });
    const tech = await signedInStaff(t);
    expect(
      (
        await call(t, {
          method: 'PUT',
          url: '/api/dashboard/settings/security',
          cookie: tech.cookie,
          payload: { requireAdminMfa: true },
        })
      ).statusCode,
    ).toBe(403);
    const bad = await call(t, {
      method: 'PUT',
      url: '/api/dashboard/settings/security',
      cookie: owner.cookie,
      payload: { requireAdminMfa: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ requireAdminMfa: 'Require two-factor sign-in for admins must be on or off' });
    try {
      const on = await call(t, {
        method: 'PUT',
        url: '/api/dashboard/settings/security',
        cookie: owner.cookie,
        payload: { requireAdminMfa: true },
      });
      expect(on.json()).toEqual({ requireAdminMfa: true });

      const refused = await call(t, { method: 'GET', url: '/api/dashboard/settings/fees', cookie: other.cookie });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Two-factor sign-in is required: set it up in Settings');
      expect((await call(t, { method: 'GET', url: '/api/admin/users', cookie: other.cookie })).statusCode).toBe(403);
      expect((await me(other.cookie)).statusCode).toBe(200);
      expect((await call(t, { method: 'GET', url: '/api/user/mfa', cookie: other.cookie })).json()).toMatchObject({
        enabled: false,
        required: true,
      });
      // The owner has it, and a technician is not asked.
      expect(
        (await call(t, { method: 'GET', url: '/api/dashboard/settings/fees', cookie: owner.cookie })).statusCode,
      ).toBe(200);
      expect((await call(t, { method: 'GET', url: '/api/user/mfa', cookie: tech.cookie })).json()).toMatchObject({
        required: false,
      });
      expect((await call(t, { method: 'GET', url: '/api/dashboard/jobs', cookie: tech.cookie })).statusCode).not.toBe(
        403,
      );

      await enrol(other.cookie);
      expect(
        (await call(t, { method: 'GET', url: '/api/dashboard/settings/fees', cookie: other.cookie })).statusCode,
      ).toBe(200);
      const history = await call(t, {
        method: 'GET',
        url: '/api/dashboard/settings/history?subject=security',
        cookie: owner.cookie,
      });
      expect(history.json()).toEqual([
        expect.objectContaining({ field: 'Require two-factor sign-in for admins', from: 'No', to: 'Yes' }),
      ]);
    } finally {
      await call(t, {
        method: 'PUT',
        url: '/api/dashboard/settings/security',
        cookie: owner.cookie,
        payload: { requireAdminMfa: false },
      });
    }
  });
});

it('answers a sign-in for a user without two-factor exactly as before', async () => {
  const tech = await insertStaff(t);
  const res = await call(t, {
    method: 'POST',
    url: '/api/login',
    payload: { username: tech.username, password: STAFF_PASSWORD },
    remoteAddress: freshAddress(),
  });
  expect(res.json()).toMatchObject({ id: tech.id, username: tech.username });
  expect(res.cookies.find((c) => c.name === 'mfa_pending')).toBeUndefined();
});
