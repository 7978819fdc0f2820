import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { fixedClock } from '../clock';
import { testConfig } from '../config';
import { openPostgres, type Database } from '../db/client';
import { suburbLandingPages } from '../db/schema';
import { seedReferenceData } from '../db/seed/reference';
import { bookingBody, freshClientAddress, seedTyrePrices } from '../../../tests/helpers/bookings';
import { createPageCache } from '../site/page-cache';
import { getSuburbPage } from '../suburbs/service';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { openTestDatabase } from '../../../tests/helpers/database';
import { MONDAY_7AM_PERTH } from '../../../tests/helpers/test-app';
import type { PublicChange } from './public-changes';

// Two app instances over one database, as behind the proxy (decision 231). On a PostgreSQL server
// (npm run test:pg) each has its own connection pool and its own LISTEN connection; on PGlite they
// share the one embedded database, whose NOTIFY reaches every listener in the process.
const TUESDAY = '2026-11-24';

let database: Database & { dispose(): Promise<void> };
let secondPool: Database | undefined;
let a: FastifyInstance;
let b: FastifyInstance;
let admin: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const config = testConfig({ TRUST_PROXY: '1' });
  const clock = fixedClock(MONDAY_7AM_PERTH);
  await seedTyrePrices(database.db);
  await seedReferenceData(database.db, config);
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
const dayChanged = (day: string) => (c: PublicChange) => c.kind === 'availability' && (c.day === day || c.day === null);

async function slotsOn(app: FastifyInstance, day: string) {
  const res = await app.inject({ method: 'GET', url: `/api/time-slots?date=${day}` });
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(
    (res.json() as { slot: string; isAvailable: boolean; blockedReason: string | null }[]).map((s) => [
      s.slot,
      s.isAvailable ? 'free' : (s.blockedReason ?? 'taken'),
    ]),
  );
}

describe('two instances over one database', () => {
  it('a booking, block and cancellation through one instance are seen by the next read through the other', async () => {
    expect((await slotsOn(b, TUESDAY))['10-12 AM']).toBe('free');

    let heard = heardBy(b, dayChanged(TUESDAY));
    const booked = await a.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'x-forwarded-for': freshClientAddress() },
      payload: bookingBody({ job: { scheduledDate: TUESDAY, timeSlot: '10-12 AM' } }),
    });
    expect(booked.statusCode, booked.body).toBe(200);
    await heard;
    expect((await slotsOn(b, TUESDAY))['10-12 AM']).toBe('taken');

    heard = heardBy(b, dayChanged(TUESDAY));
    const blocked = await a.inject({
      method: 'PATCH',
      url: `/api/dashboard/timeslots/${TUESDAY}/${encodeURIComponent('8-10 AM')}/block`,
      headers: { cookie: admin },
      payload: { reason: 'Van service' },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    await heard;
    expect((await slotsOn(b, TUESDAY))['8-10 AM']).toBe('Van service');

    heard = heardBy(b, dayChanged(TUESDAY));
    const { jobId } = booked.json() as { jobId: string };
    const cancelled = await a.inject({
      method: 'POST',
      url: `/api/dashboard/jobs/${jobId}/cancel`,
      headers: { cookie: admin },
      payload: { reason: 'Customer called to cancel' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await heard;
    expect((await slotsOn(b, TUESDAY))['10-12 AM']).toBe('free');
  });

  it("a suburb page's change through one instance's database connection empties the other's rendered pages", async () => {
    // The page cache as registerWeb uses it, over instance B's database and listener.
    const site = Fastify();
    const pages = createPageCache(b.publicChanges);
    let renders = 0;
    site.get('/suburb/:slug', async (request, reply) =>
      pages.send(request, reply, request.url, async () => {
        renders++;
        const page = await getSuburbPage(secondPool?.db ?? database.db, (request.params as { slug: string }).slug);
        return page
          ? { status: 200, html: `<h1>${page.suburb}</h1>` }
          : { status: 404, html: '<h1>Service Area Not Found</h1>' };
      }),
    );
    try {
      expect((await site.inject('/suburb/mandurah')).statusCode).toBe(200);
      expect((await site.inject('/suburb/mandurah')).body).toBe('<h1>Mandurah</h1>');
      expect(renders).toBe(1);

      const heard = heardBy(b, (c) => c.kind === 'pages');
      await database.db
        .update(suburbLandingPages)
        .set({ isActive: false })
        .where(eq(suburbLandingPages.slug, 'mandurah'));
      await heard;
      const gone = await site.inject('/suburb/mandurah');
      expect(gone.statusCode).toBe(404);
      expect(renders).toBe(2);
    } finally {
      await database.db
        .update(suburbLandingPages)
        .set({ isActive: true })
        .where(eq(suburbLandingPages.slug, 'mandurah'));
      await site.close();
    }
  });
});
