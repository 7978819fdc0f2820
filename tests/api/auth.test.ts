import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/db/schema';
import { ensureSetupCode } from '../../src/server/auth/owner-setup';
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
  uniqueName,
} from './staff-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (username: string, password: string, remoteAddress = freshAddress(), cookie?: string) =>
  call(t, { method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress, cookie });
const me = (cookie?: string) => call(t, { method: 'GET', url: '/api/user', cookie });

describe('POST /api/login and GET /api/user', () => {
  it('signs a user in with an HttpOnly SameSite=Lax cookie and returns them without the hash', async () => {
    const tech = await insertStaff(t, { email: 'tech@example.com' });
    const res = await login(tech.username, STAFF_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: tech.id,
      username: tech.username,
      email: 'tech@example.com',
      role: 'technician',
      isActive: true,
      passwordChangeRequired: false,
    });
    const sid = res.cookies.find((c) => c.name === 'sid')!;
    expect(sid.httpOnly).toBe(true);
    expect(sid.sameSite).toBe('Lax');
    expect(sid.path).toBe('/');

    const who = await me(sessionCookieOf(res));
    expect(who.statusCode).toBe(200);
    expect(who.json().username).toBe(tech.username);
  });

  it('answers GET /api/user with 401 when nobody is signed in', async () => {
    expect((await me()).statusCode).toBe(401);
    expect((await me('sid=not-a-session')).statusCode).toBe(401);
  });

  it('gives the same 401 message for an unknown user, a wrong password and an inactive user', async () => {
    const active = await insertStaff(t);
    const inactive = await insertStaff(t, { isActive: false });
    const answers = [
      await login('nobody_' + uniqueName('x'), STAFF_PASSWORD),
      await login(active.username, 'wrong-password'),
      await login(inactive.username, STAFF_PASSWORD),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid username or password');
      expect(res.cookies.find((c) => c.name === 'sid' && c.value)).toBeUndefined();
    }
  });

  it("rejects an empty form with 'Username is required' and 'Password is required'", async () => {
    const res = await call(t, { method: 'POST', url: '/api/login', payload: { username: '', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ username: 'Username is required', password: 'Password is required' });
  });

  it('issues a new session id on login and kills the one the browser had before (no fixation)', async () => {
    const tech = await insertStaff(t);
    const before = await signIn(t, tech.username);
    const res = await login(tech.username, STAFF_PASSWORD, freshAddress(), before);
    const after = sessionCookieOf(res)!;
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect((await me(before)).statusCode).toBe(401);
    expect((await me(after)).statusCode).toBe(200);
  });

  it('stores only a hash of the session token', async () => {
    const tech = await insertStaff(t);
    const cookie = await signIn(t, tech.username);
    const token = cookie.slice('sid='.length);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, tech.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(token);
  });
});

describe('POST /api/logout', () => {
  it('deletes the session so the same cookie is refused afterwards', async () => {
    const { user: tech, cookie } = await signedInStaff(t);
    const res = await call(t, { method: 'POST', url: '/api/logout', cookie });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, tech.id))).toHaveLength(0);
  });

  it('is harmless without a session', async () => {
    expect((await call(t, { method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
  });
});

describe('session timeouts', () => {
  it('ends a session idle for more than 8 hours, and keeps one used within that time', async () => {
    t.clock.set(MONDAY_7AM_PERTH);
    const { cookie } = await signedInStaff(t);
    t.clock.advance(7 * 3_600_000);
    expect((await me(cookie)).statusCode).toBe(200);
    t.clock.advance(8 * 3_600_000 + 60_000);
    expect((await me(cookie)).statusCode).toBe(401);
    t.clock.set(MONDAY_7AM_PERTH);
  });
});

describe('login rate limit (decisions 110 and 327)', () => {
  it('answers 429 after 5 failures for one username from one address, even with the right password, saying when to retry', async () => {
    t.clock.set(MONDAY_7AM_PERTH);
    const tech = await insertStaff(t);
    const attacker = freshAddress();
    for (let i = 0; i < 5; i++) expect((await login(tech.username, `wrong-${i}`, attacker)).statusCode).toBe(401);

    const blocked = await login(tech.username, STAFF_PASSWORD, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    expect(blocked.headers['retry-after']).toBe('900');

    // The name in other capitals is nobody's (usernames match exactly): it spends its own budget,
    // never the user's; another user from that address is not affected.
    expect((await login(tech.username.toUpperCase(), STAFF_PASSWORD, attacker)).statusCode).toBe(401);
    const other = await insertStaff(t);
    expect((await login(other.username, STAFF_PASSWORD, attacker)).statusCode).toBe(200);

    t.clock.advance(10 * 60_000);
    expect((await login(tech.username, STAFF_PASSWORD, attacker)).json().message).toBe(
      'Too many failed sign-in attempts. Please try again in 5 minutes.',
    );
    t.clock.advance(5 * 60_000 + 1000);
    expect((await login(tech.username, STAFF_PASSWORD, attacker)).statusCode).toBe(200);
    t.clock.set(MONDAY_7AM_PERTH);
  });

  it('lets the real user in from their own address with the right password while an attacker is locked out elsewhere', async () => {
    t.clock.set(MONDAY_7AM_PERTH);
    const owner = await insertStaff(t, { role: 'admin' });
    const attacker = freshAddress();
    for (let i = 0; i < 5; i++) expect((await login(owner.username, `guess-${i}`, attacker)).statusCode).toBe(401);
    expect((await login(owner.username, `guess-5`, attacker)).statusCode).toBe(429);

    const office = freshAddress();
    expect((await login(owner.username, STAFF_PASSWORD, office)).statusCode).toBe(200);
    // Signing in does not give the attacker a fresh budget.
    expect((await login(owner.username, 'guess-6', attacker)).statusCode).toBe(429);
  });

  it('answers 429 after 20 failures from one address across different usernames, but not after a few typos', async () => {
    t.clock.set(MONDAY_7AM_PERTH);
    const address = '203.0.113.77';
    const tech = await insertStaff(t);
    for (let i = 0; i < 5; i++) expect((await login(uniqueName('typo'), 'whatever1', address)).statusCode).toBe(401);
    expect((await login(tech.username, STAFF_PASSWORD, address)).statusCode).toBe(200);

    for (let i = 5; i < 20; i++) expect((await login(uniqueName('guess'), 'whatever1', address)).statusCode).toBe(401);
    const blocked = await login(tech.username, STAFF_PASSWORD, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Please try again in 15 minutes/);
    // The user can still sign in from elsewhere.
    expect((await login(tech.username, STAFF_PASSWORD, '198.51.100.5')).statusCode).toBe(200);
  });
});

describe('login limit under a burst', () => {
  it('checks at most 5 passwords when 30 wrong guesses arrive at once from one address', async () => {
    t.clock.set(MONDAY_7AM_PERTH);
    const tech = await insertStaff(t);
    const address = freshAddress();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(tech.username, `guess-${i}`, address)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(25);
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
  });

  it('checks at most 10 passwords for one username when 70 guesses arrive at once from 70 addresses', async () => {
    t.clock.set(MONDAY_7AM_PERTH);
    const tech = await insertStaff(t);
    const results = await Promise.all(Array.from({ length: 70 }, (_, i) => login(tech.username, `guess-${i}`)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(10);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(60);
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
  });
});

describe('POST /api/register', () => {
  const newUser = () => ({ username: uniqueName('reg'), password: 'secret-pass', email: '', role: 'technician' });

  it('lets a signed-in admin register a user', async () => {
    const { cookie } = await signedInStaff(t, { role: 'admin' });
    const body = newUser();
    const res = await call(t, { method: 'POST', url: '/api/register', payload: body, cookie });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: body.username, role: 'technician', email: null, isActive: true });
    expect((await login(body.username, 'secret-pass')).statusCode).toBe(200);
  });

  it('refuses anonymous callers and technicians with 403 once a user exists', async () => {
    await insertStaff(t, { role: 'admin' });
    expect((await call(t, { method: 'POST', url: '/api/register', payload: newUser() })).statusCode).toBe(403);
    const { cookie } = await signedInStaff(t);
    expect((await call(t, { method: 'POST', url: '/api/register', payload: newUser(), cookie })).statusCode).toBe(403);
  });

  it('answers 409 Username already exists for a taken name', async () => {
    const { user: admin, cookie } = await signedInStaff(t, { role: 'admin' });
    const res = await call(t, {
      method: 'POST',
      url: '/api/register',
      payload: { ...newUser(), username: admin.username },
      cookie,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Username already exists');
  });
});

describe('the owner account on a new site (decision 111)', () => {
  let empty: TestApp;
  beforeAll(async () => {
    empty = await createTestApp();
  });
  afterAll(async () => {
    await empty?.close();
  });
  const setup = (payload: object) => empty.app.inject({ method: 'POST', url: '/api/setup', payload });

  it('refuses an anonymous register even with no user at all: whoever arrives first cannot take the site', async () => {
    expect(await empty.db.select().from(users)).toHaveLength(0);
    const res = await empty.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'firstboss', password: 'secret-pass' },
    });
    expect(res.statusCode).toBe(403);
    expect(await empty.db.select().from(users)).toHaveLength(0);
  });

  it('creates the owner as an admin with the setup code only, signs them in, then never again', async () => {
    const code = await ensureSetupCode(empty.db);
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    // The same code on every start while no user exists (and on every app instance).
    expect(await ensureSetupCode(empty.db)).toBe(code);
    expect((await empty.app.inject({ method: 'GET', url: '/api/setup' })).json()).toEqual({ ownerSetupNeeded: true });

    const wrong = await setup({ setupCode: 'AAAA-BBBB-CCCC', username: 'intruder', password: 'secret-pass' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toMatch(/setup code is not right/);
    const missing = await setup({ username: 'owner', password: 'secret-pass' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Enter the setup code from the server log');
    expect(await empty.db.select().from(users)).toHaveLength(0);

    // Typed in lower case and without dashes, it still matches.
    const owner = await setup({
      setupCode: code!.toLowerCase().replaceAll('-', ''),
      username: 'owner',
      password: 'secret-pass',
      email: '',
    });
    expect(owner.statusCode, owner.body).toBe(201);
    expect(owner.json()).toMatchObject({ username: 'owner', role: 'admin' });
    const cookie = sessionCookieOf(owner);
    expect(
      (await empty.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: cookie! } })).json(),
    ).toMatchObject({ username: 'owner' });

    expect((await empty.app.inject({ method: 'GET', url: '/api/setup' })).json()).toEqual({ ownerSetupNeeded: false });
    const again = await setup({ setupCode: code!, username: 'second', password: 'secret-pass' });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toMatch(/already exists/);
    expect(await ensureSetupCode(empty.db)).toBeNull();
  });
});

describe("the owner's password at setup: the one password rule (docs/decisions/394-one-password-rule.md)", () => {
  let empty: TestApp;
  beforeAll(async () => {
    empty = await createTestApp();
  });
  afterAll(async () => {
    await empty?.close();
  });

  it.each([
    ['123456', PASSWORD_RULES.tooShort],
    ['1234567890', PASSWORD_RULES.common],
    ['Qwertyuiop', PASSWORD_RULES.common],
    ['the-boss-tyres-42', PASSWORD_RULES.hasUsername],
  ])('refuses %j with 400 and the message a weak new password gets, and creates nobody', async (password, message) => {
    const code = await ensureSetupCode(empty.db);
    const res = await empty.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: { setupCode: code, username: 'Boss', password, email: '' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message, fields: { password: message } });
    expect(await empty.db.select().from(users)).toHaveLength(0);
    // The code still works for a good password.
    expect(await ensureSetupCode(empty.db)).toBe(code);
  });
});

describe('cross-origin requests', () => {
  it('refuses a POST whose Origin is another site with 403, and accepts the site itself', async () => {
    const tech = await insertStaff(t);
    const evil = await call(t, {
      method: 'POST',
      url: '/api/login',
      payload: { username: tech.username, password: STAFF_PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.cookies.find((c) => c.name === 'sid')).toBeUndefined();

    const { cookie } = await signedInStaff(t, { role: 'admin' });
    const forged = await call(t, {
      method: 'POST',
      url: '/api/admin/users',
      payload: { username: uniqueName('x'), password: 'secret-pass' },
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);

    const own = await call(t, {
      method: 'POST',
      url: '/api/logout',
      cookie,
      headers: { origin: 'http://localhost:5000' },
    });
    expect(own.statusCode).toBe(204);
  });

  it("takes this machine's other names at the same port as the site while it is served locally, and names the address to open otherwise", async () => {
    // createTestApp's site is the default http://localhost:5000 (docs/decisions/395-newcomer-first-run.md).
    const logout = (origin: string) => call(t, { method: 'POST', url: '/api/logout', headers: { origin } });
    for (const origin of ['http://localhost:5000', 'http://127.0.0.1:5000', 'http://[::1]:5000'])
      expect((await logout(origin)).statusCode, origin).toBe(204);
    const tech = await insertStaff(t);
    const signIn = await call(t, {
      method: 'POST',
      url: '/api/login',
      payload: { username: tech.username, password: STAFF_PASSWORD },
      headers: { origin: 'http://127.0.0.1:5000' },
    });
    expect(signIn.statusCode).toBe(200);
    for (const origin of ['http://127.0.0.1:5001', 'https://127.0.0.1:5000', 'http://192.168.1.20:5000']) {
      const refused = await logout(origin);
      expect(refused.statusCode, origin).toBe(403);
      expect(refused.json().message).toBe(
        'This request must come from the site itself. Open the site at http://localhost:5000 and try again.',
      );
    }
  });

  it('judges the Origin against the configured public URL and staff host, not the Host header the request names', async () => {
    const site = await createTestApp({
      env: { PUBLIC_BASE_URL: 'https://tyres.example', STAFF_HOST: 'admin.tyres.example' },
    });
    try {
      const logout = (headers: Record<string, string>) =>
        site.app.inject({ method: 'POST', url: '/api/logout', headers });
      // A page on another host that reaches this server (DNS rebinding, a stray proxy) names itself in both headers.
      expect((await logout({ host: 'evil.example', origin: 'http://evil.example' })).statusCode).toBe(403);
      expect((await logout({ host: 'evil.example', referer: 'http://evil.example/page' })).statusCode).toBe(403);
      // Right host, wrong scheme: not the configured origin.
      expect((await logout({ host: 'tyres.example', origin: 'http://tyres.example' })).statusCode).toBe(403);
      expect((await logout({ host: 'tyres.example', origin: 'https://tyres.example' })).statusCode).toBe(204);
      expect((await logout({ host: 'admin.tyres.example', origin: 'https://admin.tyres.example' })).statusCode).toBe(
        204,
      );
      expect((await logout({ host: 'tyres.example', referer: 'https://tyres.example/dashboard' })).statusCode).toBe(
        204,
      );
      // A public site has no local aliases: a page on this machine's own names is another site.
      for (const origin of ['http://localhost:5000', 'http://127.0.0.1:5000']) {
        const local = await logout({ host: 'tyres.example', origin });
        expect(local.statusCode, origin).toBe(403);
        expect(local.json().message).toMatch(/Open the site at https:\/\/tyres\.example and try again/);
      }
    } finally {
      await site.close();
    }
  });
});
