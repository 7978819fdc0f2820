import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/schema';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../helpers/test-app';
import { call, freshAddress, insertStaff, STAFF_PASSWORD, uniqueName } from './staff-helpers';

/** Sign-in throttling without lockout (docs/decisions/327-sign-in-throttle-without-lockout.md). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => t.clock.set(MONDAY_7AM_PERTH));

const login = (username: string, password: string, remoteAddress = freshAddress(), cookie?: string) =>
  call(t, { method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress, cookie });

/** The known-device cookie a successful sign-in leaves in the browser, ready to send back. */
function deviceCookieOf(res: LightMyRequestResponse): string {
  const device = res.cookies.find((c) => c.name === 'device');
  expect(device, 'a device cookie').toBeDefined();
  return `device=${device!.value}`;
}

describe('a browser that signed in before (the device cookie)', () => {
  it('is set httpOnly for the sign-in path only, and lasts about a year', async () => {
    const owner = await insertStaff(t, { role: 'admin' });
    const res = await login(owner.username, STAFF_PASSWORD);
    expect(res.statusCode).toBe(200);
    const device = res.cookies.find((c) => c.name === 'device')!;
    expect(device.httpOnly).toBe(true);
    expect(device.path).toBe('/api/login');
    expect(device.maxAge).toBeGreaterThan(300 * 24 * 3600);
  });

  it('after 50 wrong passwords from 10 other addresses, the owner still signs in from their own browser; a new browser is slowed, not locked out', async () => {
    const owner = await insertStaff(t, { role: 'admin' });
    const home = freshAddress();
    const device = deviceCookieOf(await login(owner.username, STAFF_PASSWORD, home));

    const botnet = Array.from({ length: 10 }, () => freshAddress());
    const answers: number[] = [];
    for (let i = 0; i < 50; i++) answers.push((await login(owner.username, `guess-${i}`, botnet[i % 10])).statusCode);
    expect(answers.every((c) => c === 401 || c === 429)).toBe(true);
    // The guesses were slowed down: far fewer than 50 passwords were even checked.
    expect(answers.filter((c) => c === 401).length).toBeLessThanOrEqual(10);

    // The owner's own browser: straight in, from home or from anywhere.
    expect((await login(owner.username, STAFF_PASSWORD, home, device)).statusCode).toBe(200);
    expect((await login(owner.username, STAFF_PASSWORD, botnet[0], device)).statusCode).toBe(200);

    // A browser never used before waits a little (429 with Retry-After), then gets in.
    const fresh = freshAddress();
    const slowed = await login(owner.username, STAFF_PASSWORD, fresh);
    expect(slowed.statusCode).toBe(429);
    const wait = Number(slowed.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(slowed.json().message).toMatch(
      /^Too many failed sign-in attempts\. Please try again in \d+ (seconds?|minute)\.$/,
    );
    t.clock.advance(wait * 1000);
    expect((await login(owner.username, STAFF_PASSWORD, fresh)).statusCode).toBe(200);
  });

  it('the wait grows with the failures: none for the first few, then a second, two, four ...', async () => {
    const tech = await insertStaff(t);
    for (let i = 0; i < 10; i++) expect((await login(tech.username, `guess-${i}`)).statusCode).toBe(401);
    const first = await login(tech.username, 'guess-10');
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe('1');
    t.clock.advance(1000);
    expect((await login(tech.username, 'guess-10')).statusCode).toBe(401);
    const second = await login(tech.username, 'guess-11');
    expect(second.headers['retry-after']).toBe('2');
    t.clock.advance(2000);
    expect((await login(tech.username, 'guess-11')).statusCode).toBe(401);
    expect((await login(tech.username, 'guess-12')).headers['retry-after']).toBe('4');
  });

  it('keeps a small budget of its own, so a stolen device cookie is no free pass for guessing', async () => {
    const tech = await insertStaff(t);
    const device = deviceCookieOf(await login(tech.username, STAFF_PASSWORD));
    for (let i = 0; i < 10; i++)
      expect((await login(tech.username, `guess-${i}`, freshAddress(), device)).statusCode).toBe(401);
    expect((await login(tech.username, STAFF_PASSWORD, freshAddress(), device)).statusCode).toBe(429);
    // It is the device that is stopped, not the user.
    expect((await login(tech.username, STAFF_PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('is known only for the user who signed in on it', async () => {
    const first = await insertStaff(t);
    const other = await insertStaff(t);
    const device = deviceCookieOf(await login(first.username, STAFF_PASSWORD));
    const attacker = freshAddress();
    for (let i = 0; i < 5; i++) await login(other.username, `guess-${i}`, attacker);
    expect((await login(other.username, STAFF_PASSWORD, attacker, device)).statusCode).toBe(429);
  });
});

describe('unknown usernames', () => {
  it('20 unknown usernames from one address do not lock a real user out from another address, nor their own browser at that address', async () => {
    const tech = await insertStaff(t);
    const office = freshAddress();
    const device = deviceCookieOf(await login(tech.username, STAFF_PASSWORD, office));
    const sprayer = freshAddress();
    for (let i = 0; i < 20; i++) expect((await login(uniqueName('nobody'), 'whatever1', sprayer)).statusCode).toBe(401);
    // The address limit stays for that address...
    expect((await login(uniqueName('nobody'), 'whatever1', sprayer)).statusCode).toBe(429);
    // ...but the real user signs in from elsewhere, and from that address with their own browser.
    expect((await login(tech.username, STAFF_PASSWORD, office)).statusCode).toBe(200);
    expect((await login(tech.username, STAFF_PASSWORD, sprayer, device)).statusCode).toBe(200);
  });

  it("never spend a real user's budget, even the name in other capitals", async () => {
    const tech = await insertStaff(t);
    for (let i = 0; i < 30; i++) await login(tech.username.toUpperCase(), `guess-${i}`);
    expect((await login(tech.username, STAFF_PASSWORD)).statusCode).toBe(200);
  });
});

describe('the audit log of sign-ins', () => {
  const rowsAbout = (label: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'sign-in'), eq(auditLog.label, label)))
      .orderBy(desc(auditLog.seq));

  it('records each sign-in and each failure with the address, and the typed name for an unknown one, never the password', async () => {
    const tech = await insertStaff(t);
    const address = freshAddress();
    expect((await login(tech.username, 'wrong-password', address)).statusCode).toBe(401);
    expect((await login(tech.username, STAFF_PASSWORD, address)).statusCode).toBe(200);
    const [ok, failed] = await rowsAbout(tech.username);
    expect(ok).toMatchObject({
      action: 'succeeded',
      actorId: tech.id,
      actorName: tech.username,
      address,
      subject: `user:${tech.id}`,
    });
    expect(failed).toMatchObject({ action: 'failed', actorId: null, address, subject: `user:${tech.id}` });

    const typed = uniqueName('ghost');
    await login(typed, 'secret-guess-1', address);
    const [unknown] = await rowsAbout(typed);
    expect(unknown).toMatchObject({ action: 'failed', actorId: null, address, subject: null, label: typed });
    const all = JSON.stringify(await t.db.select().from(auditLog).where(eq(auditLog.kind, 'sign-in')));
    expect(all).not.toContain('wrong-password');
    expect(all).not.toContain('secret-guess-1');
    expect(all).not.toContain(STAFF_PASSWORD);
  });
});
