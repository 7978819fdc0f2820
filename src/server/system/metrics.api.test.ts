import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingBody } from '../../../tests/helpers/bookings';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/**
 * /metrics for Prometheus (docs/decisions/400-system-health.md): from this machine, or with the
 * token; to anyone else, and to anything that came through the proxy, it does not exist.
 */

const TOKEN = 'metrics-token-0123456789abcdef';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => t?.close());

const scrape = (opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', ...opts });

describe('GET /metrics', () => {
  it('answers a process on this machine in Prometheus text, with the duration of a route just called by its pattern', async () => {
    const { cookie } = await signedInStaff(t, { role: 'admin' });
    const job = '4e4f1c39-3c8b-4c52-9d57-5f0d8b1e2a11';
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/dashboard/jobs/${job}`, headers: { cookie } })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/manage/a-customer-secret-token' })).statusCode).toBe(404);

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{route="\/api\/dashboard\/jobs\/:id",method="GET",status_class="4xx"\} 1$/m,
    );
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="\+Inf",route="\/api\/dashboard\/jobs\/:id"/m);
    // The route's pattern, never its URL: a customer's link holds its token.
    expect(text).toContain('route="/api/manage/:token"');
    expect(text).not.toContain('a-customer-secret-token');
    expect(text).not.toContain(job);
    // Node's own figures, the outboxes read at the scrape, and the business's counters.
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^tyres_outbox_waiting\{outbox="email"\} \d+$/m);
    expect(text).toMatch(/^tyres_outbox_waiting\{outbox="sms"\} \d+$/m);
    expect(text).toMatch(/^tyres_outbox_oldest_wait_seconds \d+$/m);
    expect(text).toContain('# TYPE tyres_bookings_created_total counter');
    expect(text).toContain('# TYPE tyres_payments_recorded_total counter');
  });

  it('answers ::1 and ::ffff:127.0.0.1 too', async () => {
    expect((await scrape({ remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await scrape({ remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
  });

  it('is 404 from another address, and from this machine when a proxy passed it on', async () => {
    for (const remoteAddress of ['203.0.113.9', '10.0.0.5', '::ffff:192.168.1.4']) {
      const res = await scrape({ remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(404);
      expect(res.body).toBe('Not found');
    }
    // nginx on this machine connects from 127.0.0.1 and says for whom.
    expect((await scrape({ headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
    expect((await scrape({ headers: { forwarded: 'for=203.0.113.9' } })).statusCode).toBe(404);
  });

  it('answers anyone with the token, and no one with another', async () => {
    const bearer = { authorization: `Bearer ${TOKEN}` };
    expect((await scrape({ remoteAddress: '203.0.113.9', headers: bearer })).statusCode).toBe(200);
    expect(
      (await scrape({ remoteAddress: '127.0.0.1', headers: { ...bearer, 'x-forwarded-for': '203.0.113.9' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await scrape({ remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode,
    ).toBe(404);
    expect((await scrape({ remoteAddress: '203.0.113.9', headers: { authorization: TOKEN } })).statusCode).toBe(404);
  });
});

describe('the business counters', () => {
  it('count a booking made when it is answered', async () => {
    const booked = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: bookingBody() });
    expect(booked.statusCode, booked.body).toBe(200);
    const text = (await scrape()).body;
    expect(text).toMatch(/^tyres_bookings_created_total\{channel="public"\} 1$/m);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is this machine only: a bearer token opens nothing', async () => {
    const other = await createTestApp();
    try {
      const res = await other.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: 'Bearer ' },
      });
      expect(res.statusCode).toBe(404);
      expect((await other.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
