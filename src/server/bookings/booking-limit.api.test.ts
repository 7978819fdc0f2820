import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { buildApp } from '../app';
import { bookingAttemptWindows } from '../db/schema';
import { BOOKING_LIMIT } from './booking-limit';
import { bookingBody } from '../../../tests/helpers/bookings';

/**
 * The public booking limit is kept in the database (decision 221): attempts from one address count
 * together whichever app instance they reach, and an instance restarting forgets nothing.
 */
let a: TestApp;
let b: FastifyInstance;
beforeAll(async () => {
  a = await createTestApp();
  b = await buildApp({ config: a.config, db: a.db, clock: a.clock });
  await b.ready();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

// A pay-on-site body sent for a quote: counted, then refused with 400 without writing a booking.
const attempt = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/bookings/quote', payload: bookingBody(), remoteAddress });
const LIMITED = 'Too many bookings from this connection. Please call us on 08 5550 1234 or try again in 15 minutes.';

describe('per-address booking limit across instances (decision 221)', () => {
  it('counts 20 attempts split over two instances and refuses the 21st on either, with the same answer', async () => {
    a.clock.set(MONDAY_7AM_PERTH);
    const address = '198.51.100.20';
    for (let i = 0; i < BOOKING_LIMIT.max; i++) {
      const res = await attempt(i % 2 ? b : a.app, address);
      expect(res.statusCode).toBe(400);
    }
    for (const app of [a.app, b]) {
      const refused = await attempt(app, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: 'RATE_LIMITED', message: LIMITED, retryAfterSeconds: 900 });
      expect(refused.headers['retry-after']).toBe('900');
    }
    // A third instance started now (a restart, a deploy) knows the count too.
    const c = await buildApp({ config: a.config, db: a.db, clock: a.clock });
    try {
      expect((await attempt(c, address)).statusCode).toBe(429);
    } finally {
      await c.close();
    }
    expect((await attempt(b, '198.51.100.21')).statusCode).toBe(400);

    // Once the window has moved past the first attempts, the address may try again.
    a.clock.advance(BOOKING_LIMIT.windowMs);
    expect((await attempt(b, address)).statusCode).toBe(400);
  });

  it('lets no more than 20 through when attempts from one address arrive at once on both instances', async () => {
    a.clock.set(MONDAY_7AM_PERTH);
    const address = '198.51.100.30';
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(i % 2 ? b : a.app, address)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(BOOKING_LIMIT.max);
    expect(codes.filter((c) => c === 429)).toHaveLength(30 - BOOKING_LIMIT.max);
  });

  it('keeps a row per address only while it has attempts in the window', async () => {
    a.clock.set(MONDAY_7AM_PERTH);
    await attempt(a.app, '198.51.100.40');
    const addresses = async () =>
      (await a.db.select({ address: bookingAttemptWindows.clientAddress }).from(bookingAttemptWindows)).map(
        (r) => r.address,
      );
    expect(await addresses()).toContain('198.51.100.40');

    // An instance started hours later prunes the addresses idle for a window on its first attempt.
    a.clock.advance(2 * 3_600_000);
    const later = await buildApp({ config: a.config, db: a.db, clock: a.clock });
    try {
      await attempt(later, '198.51.100.41');
    } finally {
      await later.close();
    }
    expect(await addresses()).toEqual(['198.51.100.41']);
  });
});
