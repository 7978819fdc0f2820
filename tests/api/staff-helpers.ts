import { expect } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../helpers/test-app';
import { STAFF_PASSWORD } from '../helpers/staff-session';

export { insertStaff, signedInStaff, STAFF_PASSWORD, uniqueName } from '../helpers/staff-session';

/** No response may ever carry a password hash: checked on every call these tests make. */
export function assertNoPasswordHash(res: LightMyRequestResponse) {
  expect(res.body).not.toMatch(/scrypt\$/);
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    return;
  }
  // A `password` key is only acceptable as a validation message under `fields`, or as a field described in the API's schema (`properties`).
  const walk = (value: unknown, parentKey: string) => {
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === 'password' && parentKey !== 'fields' && parentKey !== 'properties')
        expect.fail(`response carries a password field: ${res.body}`);
      walk(child, key);
    }
  };
  walk(parsed, '');
}

export async function call(t: TestApp, opts: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse> {
  const { cookie, headers, ...rest } = opts;
  const res = await t.app.inject({ ...rest, headers: { ...(headers ?? {}), ...(cookie ? { cookie } : {}) } });
  assertNoPasswordHash(res);
  return res;
}

/** The `sid=...` pair from a response's Set-Cookie, ready to send back. */
export function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  const sid = res.cookies.find((c) => c.name === 'sid');
  return sid && sid.value ? `sid=${sid.value}` : undefined;
}

let addressCounter = 1;
/** A fresh client address per sign-in helper call, so the per-address limit never leaks between tests. */
export const freshAddress = () => `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

/** Signs in through POST /api/login, for tests about signing in; other tests use `signedInStaff`. */
export async function signIn(
  t: TestApp,
  username: string,
  password = STAFF_PASSWORD,
  remoteAddress = freshAddress(),
): Promise<string> {
  const res = await call(t, { method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = sessionCookieOf(res);
  expect(cookie).toBeDefined();
  return cookie!;
}
