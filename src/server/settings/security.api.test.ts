import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { call, signedInStaff } from '../../../tests/api/staff-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const put = (cookie: string, requireAdminMfa: boolean) =>
  call(t, { method: 'PUT', url: '/api/dashboard/settings/security', cookie, payload: { requireAdminMfa } });

// docs/decisions/321-admins-required-to-use-two-factor.md: the admin who turns it on has it first,
// so the setting can never lock its own author out of every screen.
it('refuses to require two-factor until the admin making the change has it, and leaves the setting off', async () => {
  const admin = await signedInStaff(t, { role: 'admin' });
  const refused = await put(admin.cookie, true);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().message).toBe(
    'Set up two-factor sign-in for your own account first (Settings, "Two-factor sign-in").',
  );
  const now = await call(t, { method: 'GET', url: '/api/dashboard/settings/security', cookie: admin.cookie });
  expect(now.json()).toEqual({ requireAdminMfa: false });
  // Still free to use the dashboard.
  expect((await call(t, { method: 'GET', url: '/api/dashboard/settings/fees', cookie: admin.cookie })).statusCode).toBe(
    200,
  );

  const setup = await call(t, { method: 'POST', url: '/api/user/mfa/setup', cookie: admin.cookie });
  const { secret } = setup.json() as { secret: string };
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: t.clock.now().getTime() });
  expect(
    (await call(t, { method: 'POST', url: '/api/user/mfa/confirm', cookie: admin.cookie, payload: { code } }))
      .statusCode,
  ).toBe(200);
  try {
    const on = await put(admin.cookie, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ requireAdminMfa: true });
  } finally {
    expect((await put(admin.cookie, false)).statusCode).toBe(200);
  }
});
