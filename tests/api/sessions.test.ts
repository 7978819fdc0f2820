import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../../src/server/db/schema';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../helpers/test-app';
import { call, freshAddress, insertStaff, sessionCookieOf, signedInStaff, STAFF_PASSWORD } from './staff-helpers';

/** "Your devices" and signing browsers out (docs/decisions/326-signed-in-devices.md). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(MONDAY_7AM_PERTH);
});
afterAll(async () => {
  await t?.close();
});

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Signs in through /api/login from a given browser and address; answers the session cookie. */
async function signInFrom(username: string, userAgent: string, address: string): Promise<string> {
  const res = await call(t, {
    method: 'POST',
    url: '/api/login',
    payload: { username, password: STAFF_PASSWORD },
    remoteAddress: address,
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookieOf(res)!;
}
const devices = (cookie: string) => call(t, { method: 'GET', url: '/api/user/sessions', cookie });
const me = (cookie: string) => call(t, { method: 'GET', url: '/api/user', cookie });

describe('GET /api/user/sessions', () => {
  it('lists my browsers with browser, system, address and last seen, marks this one, and shows no token', async () => {
    const tech = await insertStaff(t);
    const phone = await signInFrom(tech.username, IPHONE, '203.0.113.10');
    const desk = await signInFrom(tech.username, WINDOWS_CHROME, '198.51.100.20');
    const res = await devices(desk);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.json() as {
      id: string;
      browser: string;
      os: string;
      address: string;
      current: boolean;
      lastSeenAt: string;
    }[];
    expect(list).toHaveLength(2);
    expect(list.find((d) => d.current)).toMatchObject({
      browser: 'Chrome 131',
      os: 'Windows NT 10.0',
      address: '198.51.100.20',
    });
    expect(list.find((d) => !d.current)).toMatchObject({
      browser: 'Safari 17',
      os: 'iOS 17.4',
      address: '203.0.113.10',
      lastSeenAt: MONDAY_7AM_PERTH,
    });
    // Neither the cookie's token nor the stored hash is ever shown.
    const stored = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, tech.id));
    for (const secret of [phone.slice(4), desk.slice(4), ...stored.map((s) => s.id)])
      expect(res.body).not.toContain(secret);
  });

  it("lists only my own browsers, never another user's", async () => {
    const a = await signedInStaff(t);
    const b = await signedInStaff(t);
    const mine = (await devices(a.cookie)).json() as { id: string }[];
    const theirs = (await devices(b.cookie)).json() as { id: string }[];
    expect(mine).toHaveLength(1);
    expect(theirs.map((d) => d.id)).not.toContain(mine[0]!.id);
  });
});

describe('signing a browser out', () => {
  it('DELETE /api/user/sessions/{id} signs that browser out at once; its next request is 401', async () => {
    const tech = await insertStaff(t);
    const phone = await signInFrom(tech.username, IPHONE, freshAddress());
    const desk = await signInFrom(tech.username, WINDOWS_CHROME, freshAddress());
    const phoneId = ((await devices(desk)).json() as { id: string; current: boolean }[]).find((d) => !d.current)!.id;
    expect((await me(phone)).statusCode).toBe(200);

    const res = await call(t, { method: 'DELETE', url: `/api/user/sessions/${phoneId}`, cookie: desk });
    expect(res.statusCode).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(desk)).statusCode).toBe(200);
    expect((await devices(desk)).json()).toHaveLength(1);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `user:${tech.id}`))
      .orderBy(desc(auditLog.seq))
      .limit(1);
    expect(row).toMatchObject({ kind: 'session', action: 'signed out a device', actorId: tech.id });
  });

  it("answers 404 for another user's browser (and changes nothing), and for an id that is no browser at all", async () => {
    const a = await signedInStaff(t);
    const b = await signedInStaff(t);
    const theirId = ((await devices(b.cookie)).json() as { id: string }[])[0]!.id;
    const res = await call(t, { method: 'DELETE', url: `/api/user/sessions/${theirId}`, cookie: a.cookie });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Device not found');
    expect((await me(b.cookie)).statusCode).toBe(200);
    expect(
      (await call(t, { method: 'DELETE', url: '/api/user/sessions/not-a-device', cookie: a.cookie })).statusCode,
    ).toBe(404);
    // An id no device could have is refused before any lookup, like any malformed path (400).
    const malformed = await call(t, {
      method: 'DELETE',
      url: `/api/user/sessions/${'%27'.repeat(3)}`,
      cookie: a.cookie,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Device not found');
  });

  it('DELETE /api/user/sessions signs out every other browser of mine and keeps this one', async () => {
    const tech = await insertStaff(t);
    const others = [
      await signInFrom(tech.username, IPHONE, freshAddress()),
      await signInFrom(tech.username, IPHONE, freshAddress()),
    ];
    const here = await signInFrom(tech.username, WINDOWS_CHROME, freshAddress());
    const someoneElse = await signedInStaff(t);
    const res = await call(t, { method: 'DELETE', url: '/api/user/sessions', cookie: here });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    for (const cookie of others) expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(someoneElse.cookie)).statusCode).toBe(200);
  });

  it('refuses anyone signed out with 401', async () => {
    expect((await call(t, { method: 'GET', url: '/api/user/sessions' })).statusCode).toBe(401);
    expect((await call(t, { method: 'DELETE', url: '/api/user/sessions' })).statusCode).toBe(401);
  });
});

describe('an admin signs a user out everywhere (Team)', () => {
  it('ends every session of the user at once and records it; a technician may not', async () => {
    const admin = await signedInStaff(t, { role: 'admin' });
    const tech = await insertStaff(t);
    const browsers = [
      await signInFrom(tech.username, IPHONE, freshAddress()),
      await signInFrom(tech.username, WINDOWS_CHROME, freshAddress()),
    ];

    const asTech = await call(t, {
      method: 'DELETE',
      url: `/api/admin/users/${admin.user.id}/sessions`,
      cookie: browsers[0],
    });
    expect(asTech.statusCode).toBe(403);
    expect((await me(admin.cookie)).statusCode).toBe(200);

    const res = await call(t, { method: 'DELETE', url: `/api/admin/users/${tech.id}/sessions`, cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    for (const cookie of browsers) expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(admin.cookie)).statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `user:${tech.id}`))
      .orderBy(desc(auditLog.seq))
      .limit(1);
    expect(row).toMatchObject({
      kind: 'session',
      action: 'signed out everywhere',
      actorId: admin.user.id,
      label: tech.username,
    });

    const unknown = await call(t, {
      method: 'DELETE',
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000/sessions',
      cookie: admin.cookie,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
