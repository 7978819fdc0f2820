import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { listContracts } from '../../shared/contracts';
import { bookingBody, signInStaff } from '../../../tests/helpers/bookings';
import { NUL_MESSAGE } from './nul-guard';

/**
 * PostgreSQL refuses text holding a NUL (U+0000). Every request carrying one, in the path, the
 * query or a JSON string, is refused with 400 and one message before any handler runs (decision 190).
 */
let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await signInStaff(t, 'admin')).cookie;
});
afterAll(async () => {
  await t?.close();
});

function expectNulRefusal(res: { statusCode: number; json(): { error: string; message: string } }) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ error: 'VALIDATION', message: NUL_MESSAGE });
}

describe('a NUL character in a request', () => {
  it('is refused with 400 in a path parameter (suburb page, booking token)', async () => {
    expectNulRefusal(await t.app.inject({ method: 'GET', url: '/api/suburbs/mobile-tyres-perth%00' }));
    expectNulRefusal(await t.app.inject({ method: 'GET', url: '/api/booking-token/a%00b' }));
  });

  it('is refused with 400 when encoded twice in a path (%2500): the path is decoded once, never into a NUL', async () => {
    expectNulRefusal(await t.app.inject({ method: 'GET', url: '/api/suburbs/mobile-tyres-rockingham%2500' }));
    expectNulRefusal(await t.app.inject({ method: 'GET', url: '/api/suburbs/mobile-tyres-%2500' }));
    expectNulRefusal(await t.app.inject({ method: 'GET', url: '/suburb/rockingham%2500' }));
    const answers: string[] = [];
    for (const { contract } of listContracts()) {
      if (!/:\w+/.test(contract.path)) continue;
      const url = contract.path.replace(/:(\w+)/g, 'x%2500y');
      const res = await t.app.inject({
        method: contract.method,
        url,
        headers: { cookie: adminCookie },
        ...(contract.method === 'GET' || contract.multipart || contract.access === 'webhook' ? {} : { payload: {} }),
      });
      if (res.statusCode !== 400 || res.json().message !== NUL_MESSAGE)
        answers.push(`${contract.method} ${contract.path}: ${res.statusCode}`);
    }
    expect(answers).toEqual([]);
  });

  it('is refused with 400 in a JSON string: a booking token, a login username, a booking name', async () => {
    expectNulRefusal(
      await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent-token',
        payload: { bookingToken: 'a\u0000b' },
      }),
    );
    expectNulRefusal(
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/simulated/confirm',
        payload: {
          bookingToken: 'a\u0000b',
          cardNumber: '4242424242424242',
          expiry: '12/30',
          cvc: '123',
          nameOnCard: 'Sam',
        },
      }),
    );
    expectNulRefusal(
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'ad\u0000min', password: 'secret-password' },
      }),
    );
    const body = bookingBody({ job: { notes: 'gate code 12\u00003' } });
    expectNulRefusal(await t.app.inject({ method: 'POST', url: '/api/bookings', payload: body }));
  });

  it('is refused with 400 in a query string and in a page path', async () => {
    expectNulRefusal(await t.app.inject({ method: 'GET', url: '/api/time-slots?date=2026-11-24%00' }));
    expectNulRefusal(await t.app.inject({ method: 'GET', url: '/suburb/perth%00' }));
  });

  it('is refused with 400 by every API operation, whichever parameter carries it', async () => {
    const answers: string[] = [];
    for (const { contract } of listContracts()) {
      const url = contract.path.replace(/:(\w+)/g, 'x%00y').replace(/\*$/, 'x%00y');
      const withQuery = `${url}${url.includes('?') ? '&' : '?'}q=a%00b`;
      const res = await t.app.inject({
        method: contract.method,
        url: withQuery,
        headers: { cookie: adminCookie },
        ...(contract.method === 'GET' || contract.multipart || contract.access === 'webhook'
          ? {}
          : { payload: { text: 'a\u0000b' } }),
      });
      if (res.statusCode !== 400 || res.json().message !== NUL_MESSAGE)
        answers.push(`${contract.method} ${contract.path}: ${res.statusCode}`);
    }
    expect(answers).toEqual([]);
  });
});
