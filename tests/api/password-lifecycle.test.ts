import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, knownDevices, users } from '../../src/server/db/schema';
import { PASSWORD_RULES } from '../../src/shared/schemas/auth';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../helpers/test-app';
import {
  call,
  freshAddress,
  insertStaff,
  sessionCookieOf,
  signedInStaff,
  signIn,
  STAFF_PASSWORD,
} from './staff-helpers';

/** Changing a password and an admin's reset (docs/decisions/325-passwords-people-choose.md). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(MONDAY_7AM_PERTH);
});
afterAll(async () => {
  await t?.close();
});

const NEW_PASSWORD = 'wheel-nut-torque-42';
const change = (cookie: string, currentPassword: string, newPassword: string) =>
  call(t, {
    method: 'POST',
    url: '/api/user/password',
    payload: { currentPassword, newPassword },
    cookie,
    remoteAddress: '203.0.113.5',
  });
const me = (cookie: string) => call(t, { method: 'GET', url: '/api/user', cookie });
const passwordOf = async (id: string) =>
  (await t.db.select({ p: users.password }).from(users).where(eq(users.id, id)))[0]!.p;
const lastAuditOf = async (id: string) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, `user:${id}`), eq(auditLog.kind, 'password')))
      .orderBy(desc(auditLog.seq))
      .limit(1)
  )[0];

describe('POST /api/user/password', () => {
  it('changes my password: the old one stops working, the new one signs in, every other browser is signed out, and it is recorded', async () => {
    const tech = await insertStaff(t);
    const other = await signIn(t, tech.username);
    const here = await signIn(t, tech.username);
    const res = await change(here, STAFF_PASSWORD, NEW_PASSWORD);
    expect(res.statusCode).toBe(204);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);

    const login = (password: string) =>
      call(t, {
        method: 'POST',
        url: '/api/login',
        payload: { username: tech.username, password },
        remoteAddress: freshAddress(),
      });
    expect((await login(STAFF_PASSWORD)).statusCode).toBe(401);
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);

    const row = await lastAuditOf(tech.id);
    expect(row).toMatchObject({ kind: 'password', action: 'changed', actorId: tech.id, address: '203.0.113.5' });
    expect(JSON.stringify(row)).not.toContain(NEW_PASSWORD);
  });

  it.each([
    ['9 characters', 'tyre-9-ch', 'Password must be at least 10 characters'],
    [
      'a common password',
      'qwertyuiop',
      'That password is one of the most common ones: choose one that is harder to guess',
    ],
    [
      'a common password in capitals',
      'QWERTYUIOP',
      'That password is one of the most common ones: choose one that is harder to guess',
    ],
  ])('refuses %s with 400 naming the rule, and changes nothing', async (_case, newPassword, message) => {
    const { user, cookie } = await signedInStaff(t);
    const before = await passwordOf(user.id);
    const res = await change(cookie, STAFF_PASSWORD, newPassword);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION', message, fields: { newPassword: message } });
    expect(await passwordOf(user.id)).toBe(before);
  });

  it('refuses a password containing my username, in any case', async () => {
    const { user, cookie } = await signedInStaff(t, { username: 'kaylee_van2' });
    const before = await passwordOf(user.id);
    const res = await change(cookie, STAFF_PASSWORD, 'my-KAYLEE_VAN2-pass');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ newPassword: 'Password must not contain your username' });
    expect(await passwordOf(user.id)).toBe(before);
  });

  it('refuses a wrong current password (400 on that field) and an empty one', async () => {
    const { user, cookie } = await signedInStaff(t);
    const before = await passwordOf(user.id);
    const wrong = await change(cookie, 'not-my-password', NEW_PASSWORD);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: 'Your current password is not right' });
    const empty = await change(cookie, '', NEW_PASSWORD);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ currentPassword: 'Enter your current password' });
    expect(await passwordOf(user.id)).toBe(before);
  });

  it('slows down guessing the current password through a borrowed session', async () => {
    const { cookie } = await signedInStaff(t);
    for (let i = 0; i < 10; i++) expect((await change(cookie, `guess-${i}`, NEW_PASSWORD)).statusCode).toBe(400);
    expect((await change(cookie, STAFF_PASSWORD, NEW_PASSWORD)).statusCode).toBe(429);
  });
});

describe('an admin resets a password (Team)', () => {
  const reset = (cookie: string, userId: string, payload: Record<string, unknown> = {}) =>
    call(t, {
      method: 'POST',
      url: `/api/admin/users/${userId}/password`,
      payload,
      cookie,
      remoteAddress: '198.51.100.7',
    });

  it('forces a change: the user signs in with the temporary password, every dashboard API answers 403 until they choose their own', async () => {
    const admin = await signedInStaff(t, { role: 'admin' });
    const tech = await insertStaff(t);
    const before = await signIn(t, tech.username);
    expect(await t.db.select().from(knownDevices).where(eq(knownDevices.userId, tech.id))).toHaveLength(1);

    const res = await reset(admin.cookie, tech.id);
    expect(res.statusCode).toBe(200);
    const { temporaryPassword, username } = res.json() as { temporaryPassword: string; username: string };
    expect(username).toBe(tech.username);
    expect(temporaryPassword).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(res.headers['cache-control']).toBe('no-store');
    // The reset ends the user's sessions at once, and no browser of theirs stays a known device.
    expect((await me(before)).statusCode).toBe(401);
    expect(await t.db.select().from(knownDevices).where(eq(knownDevices.userId, tech.id))).toEqual([]);
    expect(await lastAuditOf(tech.id)).toMatchObject({
      kind: 'password',
      action: 'reset',
      actorId: admin.user.id,
      address: '198.51.100.7',
    });
    expect(JSON.stringify(await lastAuditOf(tech.id))).not.toContain(temporaryPassword);

    const login = await call(t, {
      method: 'POST',
      url: '/api/login',
      payload: { username: tech.username, password: temporaryPassword },
      remoteAddress: freshAddress(),
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ username: tech.username, passwordChangeRequired: true });
    const cookie = sessionCookieOf(login)!;
    expect((await me(cookie)).json()).toMatchObject({ passwordChangeRequired: true });
    const jobs = await call(t, { method: 'GET', url: '/api/dashboard/jobs', cookie });
    expect(jobs.statusCode).toBe(403);
    expect(jobs.json()).toMatchObject({
      passwordChangeRequired: true,
      message: 'Choose a new password before going on.',
    });
    expect((await call(t, { method: 'GET', url: '/api/user/sessions', cookie })).statusCode).toBe(403);

    // Their own choice must meet the rules too.
    expect((await change(cookie, temporaryPassword, 'short-one')).statusCode).toBe(400);
    expect((await change(cookie, temporaryPassword, NEW_PASSWORD)).statusCode).toBe(204);
    expect((await me(cookie)).json()).toMatchObject({ passwordChangeRequired: false });
    expect((await call(t, { method: 'GET', url: '/api/dashboard/jobs', cookie })).statusCode).toBe(200);
  });

  it('takes a temporary password the admin types, under the one password rule (docs/decisions/394-one-password-rule.md)', async () => {
    const admin = await signedInStaff(t, { role: 'admin' });
    const tech = await insertStaff(t);
    for (const [typed, message] of [
      ['abc123', PASSWORD_RULES.tooShort],
      ['1234567890', PASSWORD_RULES.common],
      [`${tech.username.toUpperCase()}-2026`, PASSWORD_RULES.hasUsername],
    ]) {
      const weak = await reset(admin.cookie, tech.id, { temporaryPassword: typed });
      expect(weak.statusCode, typed).toBe(400);
      expect(weak.json().fields).toEqual({ temporaryPassword: message });
    }
    // Refused before anything changed: the technician's own password still works.
    const still = await call(t, {
      method: 'POST',
      url: '/api/login',
      payload: { username: tech.username, password: STAFF_PASSWORD },
      remoteAddress: freshAddress(),
    });
    expect(still.json()).toMatchObject({ passwordChangeRequired: false });
    const typed = await reset(admin.cookie, tech.id, { temporaryPassword: 'van-temp-7' });
    expect(typed.json()).toEqual({ username: tech.username, temporaryPassword: 'van-temp-7' });
    const login = await call(t, {
      method: 'POST',
      url: '/api/login',
      payload: { username: tech.username, password: 'van-temp-7' },
      remoteAddress: freshAddress(),
    });
    expect(login.json()).toMatchObject({ passwordChangeRequired: true });
  });

  it("is an admin's only, not for their own password, and 404 for nobody", async () => {
    const admin = await signedInStaff(t, { role: 'admin' });
    const tech = await signedInStaff(t);
    expect((await reset(tech.cookie, admin.user.id)).statusCode).toBe(403);
    const own = await reset(admin.cookie, admin.user.id);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('To change your own password, use "Change password" in Settings.');
    expect((await reset(admin.cookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it("holds a new user's password to the one rule too: 6 characters are refused, a good one signs in as usual", async () => {
    const admin = await signedInStaff(t, { role: 'admin' });
    const add = (password: string) =>
      call(t, {
        method: 'POST',
        url: '/api/admin/users',
        payload: { username: 'new_van_user', password },
        cookie: admin.cookie,
      });
    const weak = await add('abc123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields).toEqual({ password: PASSWORD_RULES.tooShort });
    expect((await add('van-keys-under-the-mat')).statusCode).toBe(201);
    const login = await call(t, {
      method: 'POST',
      url: '/api/login',
      payload: { username: 'new_van_user', password: 'van-keys-under-the-mat' },
      remoteAddress: freshAddress(),
    });
    expect(login.json()).toMatchObject({ passwordChangeRequired: false });
    expect(
      (await call(t, { method: 'GET', url: '/api/dashboard/jobs', cookie: sessionCookieOf(login)! })).statusCode,
    ).toBe(200);
  });
});
