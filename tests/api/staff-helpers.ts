import { expect } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../../src/server/auth/passwords';
import { insertUserRow } from '../../src/server/db/seed/factories';
import type { TestApp } from '../helpers/test-app';

export const STAFF_PASSWORD = 'correct-horse-42';

// scrypt at OWASP's cost takes a noticeable moment; one hash serves every user the tests make.
let sharedHash: Promise<string> | undefined;
const hashOfStaffPassword = () => (sharedHash ??= hashPassword(STAFF_PASSWORD));

let counter = 0;
export const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${counter++}`;

export async function insertStaff(t: TestApp, over: { role?: 'admin' | 'technician'; username?: string; isActive?: boolean; email?: string | null } = {}) {
  return insertUserRow(t.db, {
    username: over.username ?? uniqueName(over.role ?? 'technician'),
    role: over.role ?? 'technician',
    isActive: over.isActive ?? true,
    email: over.email ?? null,
    password: await hashOfStaffPassword(),
  });
}

/** No response may ever carry a password hash: checked on every call these tests make. */
export function assertNoPasswordHash(res: LightMyRequestResponse) {
  expect(res.body).not.toMatch(/scrypt\$/);
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    return;
  }
  // A `password` key is only acceptable as a validation message under `fields`.
  const walk = (value: unknown, parentKey: string) => {
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === 'password' && parentKey !== 'fields') expect.fail(`response carries a password field: ${res.body}`);
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

export async function signIn(t: TestApp, username: string, password = STAFF_PASSWORD, remoteAddress = freshAddress()): Promise<string> {
  const res = await call(t, { method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = sessionCookieOf(res);
  expect(cookie).toBeDefined();
  return cookie!;
}
