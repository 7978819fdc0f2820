import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bookingHolds, jobs, timeSlots } from '../db/schema';
import { bookingBody, freshClientAddress, seedTyrePrices } from '../../../tests/helpers/bookings';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';

// Monday 23 November 2026 07:00 Perth; Tuesday is a business day with four free slots.
const TUESDAY = '2026-11-24';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ env: { PAYMENTS_SIMULATED: 'true', TRUST_PROXY: '1' } });
  await seedTyrePrices(t.db);
  admin = (await signedInStaff(t, { role: 'admin' })).cookie;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  t.clock.set(MONDAY_7AM_PERTH);
  await t.db.delete(timeSlots);
  await t.db.delete(bookingHolds);
  await t.db.delete(jobs);
});

async function slotsOf(app: FastifyInstance, day: string) {
  const res = await app.inject({ method: 'GET', url: `/api/time-slots?date=${day}` });
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(
    (res.json() as { slot: string; isAvailable: boolean; blockedReason: string | null }[]).map((s) => [
      s.slot,
      s.isAvailable ? 'free' : (s.blockedReason ?? 'taken'),
    ]),
  );
}

/**
 * Resolves once the app has heard that `day`'s availability changed. On PGlite the database tells
 * the app before the writing statement returns, so the write's own response already finds it heard;
 * on a PostgreSQL server the NOTIFY reaches the app's listener a moment after the commit.
 */
function heardChangeOf(app: FastifyInstance, day: string) {
  let heard = false;
  const promise = new Promise<void>((resolve) => {
    const unsubscribe = app.publicChanges.subscribe({
      onChange: (change) => {
        if (change.kind === 'availability' && (change.day === day || change.day === null)) {
          heard = true;
          unsubscribe();
          resolve();
        }
      },
      onListening: () => undefined,
    });
  });
  return { promise, isHeard: () => heard };
}

/** Runs a write and waits until the app heard it; on PGlite it must have been heard already when the write returned. */
async function afterWrite<T>(day: string, write: () => Promise<T>): Promise<T> {
  const change = heardChangeOf(t.app, day);
  const result = await write();
  if (t.engine === 'pglite') expect(change.isHeard()).toBe(true);
  await change.promise;
  return result;
}

describe('public availability, kept between reads (decision 231)', () => {
  it('shows a booking, a block, an unblock and a cancellation to the very next read', async () => {
    expect(await slotsOf(t.app, TUESDAY)).toEqual({
      '8-10 AM': 'free',
      '10-12 AM': 'free',
      '12-2 PM': 'free',
      '2-4 PM': 'free',
    });

    const booked = await afterWrite(TUESDAY, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: { 'x-forwarded-for': freshClientAddress() },
        payload: bookingBody({ job: { scheduledDate: TUESDAY, timeSlot: '10-12 AM' } }),
      }),
    );
    expect(booked.statusCode, booked.body).toBe(200);
    expect((await slotsOf(t.app, TUESDAY))['10-12 AM']).toBe('taken');

    const blocked = await afterWrite(TUESDAY, () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/dashboard/timeslots/${TUESDAY}/${encodeURIComponent('2-4 PM')}/block`,
        headers: { cookie: admin },
        payload: { reason: 'Van service' },
      }),
    );
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await slotsOf(t.app, TUESDAY))['2-4 PM']).toBe('Van service');

    await afterWrite(TUESDAY, () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/dashboard/timeslots/${TUESDAY}/${encodeURIComponent('2-4 PM')}/unblock`,
        headers: { cookie: admin },
      }),
    );
    expect((await slotsOf(t.app, TUESDAY))['2-4 PM']).toBe('free');

    const { jobId } = booked.json() as { jobId: string };
    const cancelled = await afterWrite(TUESDAY, () =>
      t.app.inject({
        method: 'POST',
        url: `/api/dashboard/jobs/${jobId}/cancel`,
        headers: { cookie: admin },
        payload: { reason: 'Customer called to cancel' },
      }),
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await slotsOf(t.app, TUESDAY))['10-12 AM']).toBe('free');
  });

  it('shows a change written straight to the database, not through the app, to the next read', async () => {
    expect((await slotsOf(t.app, TUESDAY))['8-10 AM']).toBe('free');
    await afterWrite(TUESDAY, () =>
      t.db
        .insert(timeSlots)
        .values({ date: TUESDAY, slot: '8-10 AM', isAvailable: false, blockedReason: 'Public holiday' }),
    );
    expect((await slotsOf(t.app, TUESDAY))['8-10 AM']).toBe('Public holiday');
    await afterWrite(TUESDAY, () =>
      t.db.update(timeSlots).set({ blockedReason: 'Closed for training' }).where(eq(timeSlots.date, TUESDAY)),
    );
    expect((await slotsOf(t.app, TUESDAY))['8-10 AM']).toBe('Closed for training');
  });

  it('frees a slot when its unpaid hold lapses, and shows a slot as passed once it starts, with no write in between', async () => {
    const quote = await afterWrite(TUESDAY, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/bookings/quote',
        headers: { 'x-forwarded-for': freshClientAddress() },
        payload: bookingBody({ job: { scheduledDate: TUESDAY, timeSlot: '12-2 PM', paymentMethod: 'prepaid' } }),
      }),
    );
    expect(quote.statusCode, quote.body).toBe(200);
    expect((await slotsOf(t.app, TUESDAY))['12-2 PM']).toBe('taken');

    t.clock.advance(t.config.holdMs - 1_000);
    expect((await slotsOf(t.app, TUESDAY))['12-2 PM']).toBe('taken');
    t.clock.advance(1_000);
    expect((await slotsOf(t.app, TUESDAY))['12-2 PM']).toBe('free');

    // Tuesday 08:00 Perth: the first slot has started.
    t.clock.set('2026-11-24T00:00:00.000Z');
    expect((await slotsOf(t.app, TUESDAY))['8-10 AM']).toBe('Time has passed');
    expect((await slotsOf(t.app, TUESDAY))['10-12 AM']).toBe('free');
  });
});
