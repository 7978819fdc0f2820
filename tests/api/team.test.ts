import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RULES } from '../../src/shared/schemas/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { call, insertStaff, signedInStaff, signIn, STAFF_PASSWORD, uniqueName } from './staff-helpers';

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertStaff>>;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, cookie: adminCookie } = await signedInStaff(t, { role: 'admin' }));
});
afterAll(async () => {
  await t?.close();
});

const addUser = (payload: Record<string, unknown>, cookie = adminCookie) =>
  call(t, { method: 'POST', url: '/api/admin/users', payload, cookie });
const setStatus = (userId: string, isActive: boolean, cookie = adminCookie) =>
  call(t, { method: 'PATCH', url: `/api/admin/users/${userId}/status`, payload: { isActive }, cookie });

describe('team: listing and adding users', () => {
  it('lists users with username, email, role and active flag, never the hash', async () => {
    const tech = await insertStaff(t, { email: 'van1@example.com' });
    const res = await call(t, { method: 'GET', url: '/api/admin/users', cookie: adminCookie });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Record<string, unknown>[];
    expect(list).toContainEqual({
      id: tech.id,
      username: tech.username,
      email: 'van1@example.com',
      role: 'technician',
      isActive: true,
    });
    for (const u of list) expect(Object.keys(u).sort()).toEqual(['email', 'id', 'isActive', 'role', 'username']);
  });

  it('adds a technician by default, who can then sign in', async () => {
    const username = uniqueName('newtech');
    const res = await addUser({ username, password: 'van-pass-1', email: 'newtech@example.com' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username, email: 'newtech@example.com', role: 'technician', isActive: true });
    const login = await call(t, {
      method: 'POST',
      url: '/api/login',
      payload: { username, password: 'van-pass-1' },
      remoteAddress: '10.9.9.9',
    });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    [{ username: 'ab', password: 'secret-pass' }, 'username', 'Username must be at least 3 characters'],
    // The one password rule (docs/decisions/394-one-password-rule.md).
    [{ username: 'validname', password: '12345' }, 'password', 'Password must be at least 10 characters'],
    [{ username: 'validname', password: 'qwertyuiop' }, 'password', PASSWORD_RULES.common],
    [{ username: 'validname', password: 'ValidName-2026' }, 'password', PASSWORD_RULES.hasUsername],
    [{ username: 'validname', password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters'],
    [{ username: 'validname', password: 'secret-pass', email: 'not-an-email' }, 'email', 'Invalid email address'],
  ])("rejects %j with the field's message", async (payload, field, message) => {
    const res = await addUser(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('answers 409 Username already exists for a taken name', async () => {
    const res = await addUser({ username: admin.username, password: 'secret-pass' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Username already exists');
  });
});

describe('team: activate and deactivate', () => {
  it("ends a deactivated user's open session at once: their next request gets 401 without signing out", async () => {
    const { user: tech, cookie: techCookie } = await signedInStaff(t);
    expect((await call(t, { method: 'GET', url: '/api/user', cookie: techCookie })).statusCode).toBe(200);

    const res = await setStatus(tech.id, false);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: tech.id, isActive: false });

    expect((await call(t, { method: 'GET', url: '/api/user', cookie: techCookie })).statusCode).toBe(401);
    const signIn2 = await call(t, {
      method: 'POST',
      url: '/api/login',
      payload: { username: tech.username, password: STAFF_PASSWORD },
      remoteAddress: '10.8.8.8',
    });
    expect(signIn2.statusCode).toBe(401);
    expect(signIn2.json().message).toBe('Invalid username or password');

    // Reactivated, they can sign in again.
    expect((await setStatus(tech.id, true)).json().isActive).toBe(true);
    expect((await signIn(t, tech.username)).startsWith('sid=')).toBe(true);
  });

  it("ends a deactivated admin's session on admin-only routes too", async () => {
    const { user: other, cookie: otherCookie } = await signedInStaff(t, { role: 'admin' });
    expect((await call(t, { method: 'GET', url: '/api/admin/users', cookie: otherCookie })).statusCode).toBe(200);
    await setStatus(other.id, false);
    expect((await call(t, { method: 'GET', url: '/api/admin/users', cookie: otherCookie })).statusCode).toBe(401);
  });

  it('refuses to let an admin deactivate themself', async () => {
    const res = await setStatus(admin.id, false);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot deactivate your own account.');
    expect((await call(t, { method: 'GET', url: '/api/user', cookie: adminCookie })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await setStatus('00000000-0000-4000-8000-000000000000', false);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('User not found');
  });

  it('is refused to a technician with 403', async () => {
    const { cookie } = await signedInStaff(t);
    expect((await setStatus(admin.id, false, cookie)).statusCode).toBe(403);
    expect((await addUser({ username: uniqueName('x'), password: 'secret-pass' }, cookie)).statusCode).toBe(403);
    expect((await call(t, { method: 'GET', url: '/api/admin/users', cookie })).statusCode).toBe(403);
  });
});
