import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingBody } from '../../../tests/helpers/bookings';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { BOOKING_LIMIT } from '../bookings/booking-limit';

/**
 * With TRUST_PROXY=1 the client address is the one nginx on this machine forwards; a request that
 * reaches an instance's port directly cannot choose its address with X-Forwarded-For, so it cannot
 * walk past the per-address limits (docs/deploying.md).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t?.close();
});

// A pay-on-site body sent for a quote: counted by the per-address booking limit, then refused with 400.
const attempt = (remoteAddress: string, forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings/quote',
    payload: bookingBody(),
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('the client address behind TRUST_PROXY=1', () => {
  it('is the socket address for a request that does not come through the proxy on this machine', async () => {
    t.clock.set(MONDAY_7AM_PERTH);
    for (let i = 0; i < BOOKING_LIMIT.max; i++)
      expect((await attempt('203.0.113.7', `198.51.100.${i}`)).statusCode).toBe(400);
    expect((await attempt('203.0.113.7', '198.51.100.200')).statusCode).toBe(429);
  });

  it('is the forwarded address for a request from the proxy on this machine', async () => {
    t.clock.set(MONDAY_7AM_PERTH);
    for (let i = 0; i <= BOOKING_LIMIT.max; i++)
      expect((await attempt('127.0.0.1', `192.0.2.${i}`)).statusCode).toBe(400);
    for (let i = 0; i <= BOOKING_LIMIT.max; i++)
      expect((await attempt('::1', `192.0.2.${100 + i}`)).statusCode).toBe(400);
  });
});
