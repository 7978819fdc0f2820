import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailMessage, Mailer } from '../adapters/email';
import { bookingBody, freshClientAddress } from '../../../tests/helpers/bookings';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { readSettings, writeSetting } from '../settings/store';

// Emails come from the business as the owner named it in the dashboard, not as the environment
// named it at the first start (docs/decisions/280-owner-settings-in-the-database.md); MAIL_FROM,
// when set, still wins.
const sent: EmailMessage[] = [];
const capturing: Mailer = {
  kind: 'smtp',
  async send(message) {
    sent.push(message);
  },
  close() {},
};
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { BUSINESS_NAME: 'First Start Tyres', BUSINESS_EMAIL: 'first@example.com' },
    overrides: { mailer: capturing },
  });
});
afterAll(async () => {
  await t?.close();
});

async function nextEmail(): Promise<EmailMessage> {
  const before = sent.length;
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { 'x-forwarded-for': freshClientAddress() },
    payload: bookingBody({
      job: { scheduledDate: '2026-11-26', timeSlot: `${['8-10 AM', '10-12 AM', '12-2 PM'][before % 3]}` },
    }),
  });
  expect(booked.statusCode, booked.body).toBe(200);
  for (let i = 0; i < 100 && sent.length === before; i++) await new Promise((r) => setTimeout(r, 20));
  expect(sent.length).toBeGreaterThan(before);
  return sent.at(-1)!;
}

describe('the sender of every email', () => {
  it('is the stored business name and address, and follows a change made in the dashboard', async () => {
    expect((await nextEmail()).from).toBe('"First Start Tyres" <first@example.com>');
    const { business } = await readSettings(t.db, t.config);
    await writeSetting(
      t.db,
      'business',
      { ...business, name: 'Peel Tyres, Mandurah', email: 'hello@peeltyres.example' },
      null,
      t.clock.now(),
    );
    expect((await nextEmail()).from).toBe('"Peel Tyres, Mandurah" <hello@peeltyres.example>');
  });
});
