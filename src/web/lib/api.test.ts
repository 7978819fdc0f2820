import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, fieldErrorsOf, queryKeyOf, refusalOf, urlOfQueryKey } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Records what the browser would send and answers with `status` and `body`. */
function stubFetch(status: number, body: string) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(status === 204 ? null : body, { status, statusText: status === 404 ? 'Not Found' : 'OK' });
  });
  return calls;
}

describe('query keys are the URL: segments, then the query', () => {
  it.each([
    [
      api.slots.list.key({ query: { date: '2026-11-24' } }),
      ['api', 'time-slots', { date: '2026-11-24' }],
      '/api/time-slots?date=2026-11-24',
    ],
    [api.jobs.get.key({ params: { id: 'a b' } }), ['api', 'dashboard', 'jobs', 'a b'], '/api/dashboard/jobs/a%20b'],
    [
      api.pricing.tyrePrice.key({ params: { size: '205/55R16' } }),
      ['api', 'tyre-pricing', '205/55R16'],
      '/api/tyre-pricing/205%2F55R16',
    ],
    [api.team.listUsers.key(), ['api', 'admin', 'users'], '/api/admin/users'],
  ])('%j', (key, expected, url) => {
    expect(key).toEqual(expected);
    expect(urlOfQueryKey(key)).toBe(url);
  });

  it('leaves empty query values out, so a filter left blank shares the unfiltered key', () => {
    expect(queryKeyOf({ path: '/api/admin/outbox' }, { query: { limit: undefined } })).toEqual([
      'api',
      'admin',
      'outbox',
    ]);
  });

  it('gives a prefix that covers every read beneath the path', () => {
    expect(api.jobs.get.prefix).toEqual(['api', 'dashboard', 'jobs']);
    expect(api.slots.list.prefix).toEqual(['api', 'time-slots']);
  });
});

describe('calls', () => {
  it('sends JSON with its content type and cookies, to the contract path with its parameters', async () => {
    const calls = stubFetch(
      200,
      JSON.stringify({ id: 'u1', username: 'x', email: null, role: 'admin', isActive: false }),
    );
    const user = await api.team.setUserStatus({ params: { userId: 'u1' }, body: { isActive: false } });
    expect(user.isActive).toBe(false);
    expect(calls[0]!.url).toBe('/api/admin/users/u1/status');
    expect(calls[0]!.init).toMatchObject({
      method: 'PATCH',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"isActive":false}',
    });
  });

  it('raises a refusal as "{status}: {body}" and exposes the server message', async () => {
    stubFetch(404, JSON.stringify({ error: 'NOT_FOUND', message: 'Job not found' }));
    const err = await api.jobs.get({ params: { id: 'x' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('404: {"error":"NOT_FOUND","message":"Job not found"}');
    expect((err as ApiError).serverMessage).toBe('Job not found');
  });

  it('falls back to the status text when the body is empty, and reads 204 as nothing', async () => {
    stubFetch(404, '');
    await expect(api.auth.currentUser()).rejects.toThrow('404: Not Found');
    stubFetch(204, '');
    await expect(api.auth.logout()).resolves.toBeUndefined();
  });
});

describe("a refused form's messages go on its fields", () => {
  const refused = new ApiError(
    400,
    JSON.stringify({
      error: 'VALIDATION',
      message: 'Please enter a valid DOT code',
      fields: { dotCode: 'Please enter a valid DOT code', position: 'Choose a position', odd: 3 },
    }),
    'Bad Request',
  );
  const conflict = new ApiError(
    409,
    JSON.stringify({ error: 'CONFLICT', message: 'The invoice is issued.' }),
    'Conflict',
  );

  it('reads each field the server named, and nothing from other failures', () => {
    expect(fieldErrorsOf(refused)).toEqual({
      dotCode: 'Please enter a valid DOT code',
      position: 'Choose a position',
    });
    expect(fieldErrorsOf(conflict)).toEqual({});
    expect(fieldErrorsOf(new ApiError(502, '<html>Bad Gateway</html>', 'Bad Gateway'))).toEqual({});
    expect(fieldErrorsOf(new TypeError('Failed to fetch'))).toEqual({});
  });

  it("tells the first field's sentence, else the server's message, else the fallback", () => {
    expect(refusalOf(refused, 'The tyre could not be recorded.')).toBe('Please enter a valid DOT code');
    expect(refusalOf(conflict, 'The tyre could not be recorded.')).toBe('The invoice is issued.');
    expect(refusalOf(new TypeError('Failed to fetch'), 'The tyre could not be recorded.')).toBe(
      'The tyre could not be recorded.',
    );
  });
});
