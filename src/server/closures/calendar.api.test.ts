import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { fixedClock } from '../clock';
import { testConfig } from '../config';
import { openPostgres, type Database } from '../db/client';
import type { PublicChange } from '../cache/public-changes';
import { readSettings, writeSetting } from '../settings/store';
import { bookingBody, freshClientAddress } from '../../../tests/helpers/bookings';
import { openTestDatabase } from '../../../tests/helpers/database';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { MONDAY_7AM_PERTH } from '../../../tests/helpers/test-app';

/**
 * The one business calendar over two app instances, as behind the proxy (decisions 231, 280): a
 * closure or a change of the opening days made through one instance closes the day publicly on the
 * other at once, though the other had the day kept as open.
 */
const config = testConfig({ TRUST_PROXY: '1' });
const clock = fixedClock(MONDAY_7AM_PERTH);
let database: Database & { dispose(): Promise<void> };
let secondPool: Database | undefined;
let a: FastifyInstance;
let b: FastifyInstance;
let admin: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const pool: unknown = (database.db as unknown as { $client: unknown }).$client;
  if (pool instanceof pg.Pool) secondPool = await openPostgres(pool.options.connectionString!, 5, () => undefined);
  a = await buildApp({ config, db: database.db, clock });
  b = await buildApp({ config, db: secondPool?.db ?? database.db, clock });
  await Promise.all([a.ready(), b.ready()]);
  admin = (await signedInStaff({ db: database.db, config, clock }, { role: 'admin' })).cookie;
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await secondPool?.close();
  await database?.dispose();
});

/** Resolves when instance `app` hears a change matching `wanted` (subscribe before the write). */
function heardBy(app: FastifyInstance, wanted: (change: PublicChange) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = app.publicChanges.subscribe({
      onChange: (change) => {
        if (!wanted(change)) return;
        unsubscribe();
        resolve();
      },
      onListening: () => undefined,
    });
  });
}
const availabilityChanged = (c: PublicChange) => c.kind === 'availability';

async function reasonsOn(app: FastifyInstance, day: string): Promise<(string | null)[]> {
  const res = await app.inject({ method: 'GET', url: `/api/time-slots?date=${day}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { isAvailable: boolean; blockedReason: string | null }[]).map((s) =>
    s.isAvailable ? null : s.blockedReason,
  );
}
const ALL_CLOSED = ['Closed', 'Closed', 'Closed', 'Closed'];
const ALL_OPEN = [null, null, null, null];

describe('one business calendar on every instance', () => {
  it('a closure made through one instance shows Closed on the other at once', async () => {
    expect(await reasonsOn(b, '2026-12-03')).toEqual(ALL_OPEN);
    const heard = heardBy(b, availabilityChanged);
    const res = await a.inject({
      method: 'POST',
      url: '/api/dashboard/closures',
      headers: { cookie: admin },
      payload: { firstDay: '2026-12-03', reason: 'Supplier visit' },
    });
    expect(res.statusCode, res.body).toBe(201);
    await heard;
    expect(await reasonsOn(b, '2026-12-03')).toEqual(ALL_CLOSED);
    expect(await reasonsOn(b, '2026-12-04')).toEqual(ALL_OPEN);
  });

  it('a stored change of the opening days closes a weekday publicly and refuses bookings there', async () => {
    const tuesday = '2026-12-01';
    expect(await reasonsOn(b, tuesday)).toEqual(ALL_OPEN);
    const before = await readSettings(database.db, config);
    const heard = heardBy(b, availabilityChanged);
    // The owner no longer works Tuesdays (written as the Business profile form does, decision 280).
    await writeSetting(database.db, 'business', { ...before.business, businessDays: [1, 3, 4, 5] }, null, clock.now());
    await heard;
    try {
      expect(await reasonsOn(b, tuesday)).toEqual(ALL_CLOSED);
      expect(await reasonsOn(b, '2026-12-02')).toEqual(ALL_OPEN);
      const booking = await b.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: { 'x-forwarded-for': freshClientAddress() },
        payload: bookingBody({ job: { scheduledDate: tuesday } }),
      });
      expect(booking.statusCode, booking.body).toBe(400);
      expect(booking.json().message).toBe(
        "We don't take bookings on Tuesday 1 December 2026 (closed). Please choose another date.",
      );
    } finally {
      const restored = heardBy(b, availabilityChanged);
      await writeSetting(database.db, 'business', before.business, null, clock.now());
      await restored;
    }
    expect(await reasonsOn(b, tuesday)).toEqual(ALL_OPEN);
  });
});
