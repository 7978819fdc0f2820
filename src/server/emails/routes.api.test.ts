import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
});

async function deliveryMode(env: Record<string, string>, extraCookie = '') {
  const t = await createTestApp({ env });
  apps.push(t);
  const { cookie } = await signedInStaff(t, { role: 'admin' });
  return t.app.inject({ method: 'GET', url: '/api/admin/email-delivery', headers: { cookie: cookie + extraCookie } });
}

describe('whether customer emails leave the machine', () => {
  it("says 'stored' without SMTP_URL, so the dashboard can warn the owner", async () => {
    const res = await deliveryMode({});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mode: 'stored', noticePutAway: false });
  });

  it('says when this browser session has put the notice away, so the page is rendered without it', async () => {
    expect((await deliveryMode({}, '; email_notice_put_away=1')).json()).toEqual({
      mode: 'stored',
      noticePutAway: true,
    });
  });

  it("says 'smtp' with SMTP_URL set", async () => {
    expect((await deliveryMode({ SMTP_URL: 'smtp://mail.example.test:2525' })).json()).toEqual({
      mode: 'smtp',
      noticePutAway: false,
    });
  });
});
