import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  HASH_GATE_BUSY,
  HASH_GATE_LIMITS,
  passwordHashGate,
  type Lane,
  type LaneGate,
  type LaneGateLimits,
} from '../../src/server/auth/hash-gate';
import { forgetHashTimes, recordHashTime } from '../../src/server/auth/hash-times';
import { signInGate } from '../../src/server/auth/sign-in-check';
import { auditLog, loginFailures } from '../../src/server/db/schema';
import { INVALID_LOGIN_MESSAGE } from '../../src/shared/schemas/auth';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../helpers/test-app';
import { call, freshAddress, insertStaff, signedInStaff, STAFF_PASSWORD, uniqueName } from './staff-helpers';

/**
 * A flood of sign-ins costs the attacker more than the server (docs/decisions/399-sign-in-flood.md):
 * made-up usernames run no hash, a real one waits its turn in a short queue or is refused at once,
 * and a browser known for its user has a lane of its own.
 */
const LIMITS: LaneGateLimits = {
  ...HASH_GATE_LIMITS,
  open: { running: 1, queued: 2 },
  known: { running: 1, queued: 2 },
  // Test hashes take a few milliseconds: only the queues' lengths refuse here.
  maxWaitMs: 60_000,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  passwordHashGate.configure(LIMITS);
});
afterAll(async () => {
  passwordHashGate.configure(HASH_GATE_LIMITS);
  await t?.close();
});
beforeEach(() => t.clock.set(MONDAY_7AM_PERTH));

const login = (username: string, password: string, remoteAddress = freshAddress(), cookie?: string) =>
  call(t, { method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress, cookie });

function deviceCookieOf(res: LightMyRequestResponse): string {
  const device = res.cookies.find((c) => c.name === 'device');
  expect(device, 'a device cookie').toBeDefined();
  return `device=${device!.value}`;
}

/** Fills a lane of a gate (its slot and its queue) with tasks that end when the test says. */
function fillLane(lane: Lane, places: number, gate: LaneGate) {
  let end!: () => void;
  const done = new Promise<void>((resolve) => (end = resolve));
  const tasks = Array.from({ length: places }, () => gate.run(lane, 1, () => done));
  return {
    async release() {
      end();
      await Promise.all(tasks);
    },
  };
}
let filled: ReturnType<typeof fillLane>[] = [];
/** Fills a lane of the hash gate, by default its slot and its queue. */
const fill = (lane: Lane, places = LIMITS[lane].running + LIMITS[lane].queued, gate: LaneGate = passwordHashGate) => {
  const full = fillLane(lane, places, gate);
  filled.push(full);
  return full;
};
afterEach(async () => {
  await Promise.all(filled.map((f) => f.release()));
  filled = [];
});

/** Requests sent at once, each answer noted as it comes. */
function sendAtOnce(n: number, send: (i: number) => Promise<LightMyRequestResponse>) {
  const answered: LightMyRequestResponse[] = [];
  const all = Promise.all(
    Array.from({ length: n }, (_, i) =>
      send(i).then((res) => {
        answered.push(res);
        return res;
      }),
    ),
  );
  return { answered, all };
}

const failuresOf = async (username: string) =>
  (await t.db.select({ n: count() }).from(loginFailures).where(eq(loginFailures.username, username)))[0]!.n;

describe('made-up usernames', () => {
  it('40 wrong sign-ins at once with made-up names from 40 addresses run no hash and read as any wrong password', async () => {
    const before = passwordHashGate.stats();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(uniqueName(`nobody${i}`), `guess-${i}-password`)),
    );
    for (const res of results) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(INVALID_LOGIN_MESSAGE);
    }
    expect(passwordHashGate.stats().started).toBe(before.started);
  });

  it('wait as long as the recent real hashes took', async () => {
    try {
      for (let i = 0; i < 32; i++) recordHashTime(t.config.passwordCost, 200);
      const started = performance.now();
      expect((await login(uniqueName('nobody'), 'guess-password')).statusCode).toBe(401);
      expect(performance.now() - started).toBeGreaterThanOrEqual(195);
    } finally {
      forgetHashTimes();
    }
  });

  it('get the same 503 a real name gets while the open lane is full', async () => {
    const tech = await insertStaff(t);
    fill('open');
    const unknown = await login(uniqueName('nobody'), 'guess-password');
    const real = await login(tech.username, 'guess-password');
    for (const res of [unknown, real]) {
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(HASH_GATE_BUSY);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('a real username', () => {
  it('beyond the queue, wrong sign-ins at once are refused with 503 and Retry-After at once, and not counted as failures', async () => {
    const tech = await insertStaff(t);
    // The lane's one slot is busy: two sign-ins may wait, the other four are refused at once.
    const slot = fill('open', 1);
    const burst = sendAtOnce(6, (i) => login(tech.username, `guess-${i}-password`));
    await expect.poll(() => burst.answered.length).toBe(4);
    expect(passwordHashGate.stats().queued.open).toBe(2);
    for (const res of burst.answered) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: 'UNAVAILABLE', message: HASH_GATE_BUSY });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    await slot.release();
    const codes = (await burst.all).map((r) => r.statusCode).sort();
    expect(codes).toEqual([401, 401, 503, 503, 503, 503]);
    // Only the two passwords checked count against the username (decision 327).
    expect(await failuresOf(tech.username)).toBe(2);
  });

  it("signs in from a browser known for it while the strangers' lane is full, ahead of the strangers waiting", async () => {
    const owner = await insertStaff(t, { role: 'admin' });
    const home = freshAddress();
    const device = deviceCookieOf(await login(owner.username, STAFF_PASSWORD, home));
    // A stranger's hash running, two more waiting: the strangers' lane is full.
    const running = fill('open', 1);
    fill('open', 2);
    const stranger = await login(owner.username, STAFF_PASSWORD, freshAddress());
    expect(stranger.statusCode).toBe(503);
    const before = passwordHashGate.stats().started;
    const own = login(owner.username, STAFF_PASSWORD, home, device);
    await expect.poll(() => passwordHashGate.stats().queued.known).toBe(1);
    // One hash at a time: the owner's is next when the running one ends, before the strangers waiting.
    await running.release();
    expect((await own).statusCode).toBe(200);
    expect(passwordHashGate.stats()).toMatchObject({ started: before + 2, queued: { open: 1 } });
    expect(await failuresOf(owner.username)).toBe(0);
  });
});

describe('the other hashes', () => {
  const register = (cookie: string) =>
    call(t, {
      method: 'POST',
      url: '/api/register',
      payload: { username: uniqueName('new'), password: 'Gravel-road-tyre-2026', email: '', role: 'technician' },
      cookie,
    });

  it("a new user is hashed through the gate, in the known lane, ahead of strangers' sign-ins waiting", async () => {
    const { cookie } = await signedInStaff(t, { role: 'admin' });
    const running = fill('open', 1);
    fill('open', 2);
    const before = passwordHashGate.stats().started;
    const created = register(cookie);
    await expect.poll(() => passwordHashGate.stats().queued.known).toBe(1);
    await running.release();
    const res = await created;
    expect(res.statusCode, res.body).toBe(201);
    expect(passwordHashGate.stats().started).toBe(before + 2);
  });

  it('is refused with 503 at once when its lane is full too', async () => {
    const { cookie } = await signedInStaff(t, { role: 'admin' });
    fill('known');
    const res = await register(cookie);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('sign-ins at once', () => {
  it('beyond the gate are refused with 503 before the database is asked; a browser with its device cookie still gets in', async () => {
    const owner = await insertStaff(t, { role: 'admin' });
    const home = freshAddress();
    const device = deviceCookieOf(await login(owner.username, STAFF_PASSWORD, home));
    signInGate.configure({ open: { running: 1, queued: 0 }, known: { running: 1, queued: 0 }, maxWaitMs: 60_000 });
    try {
      fill('open', 1, signInGate);
      const typed = uniqueName('nobody');
      const refused = await login(typed, 'guess-password');
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toBe(HASH_GATE_BUSY);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // Nothing was counted or recorded for it.
      expect(await failuresOf(`?${typed}`)).toBe(0);
      expect(await t.db.select().from(auditLog).where(eq(auditLog.label, typed))).toEqual([]);
      expect((await login(owner.username, STAFF_PASSWORD, home, device)).statusCode).toBe(200);
    } finally {
      signInGate.configure(t.config.signInLimits);
    }
  });
});
