import { Writable } from 'node:stream';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundSms, smsOptOuts } from '../db/schema';
import { bookingBody } from '../../../tests/helpers/bookings';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { waitFor } from '../../../tests/helpers/wait-for';
import { createSmsOutbox } from './delivery';
import { createLocalSmsSender } from './provider';
import { queueSms } from './outbox';

/** Without Twilio configured, texts are kept in a labelled local outbox that admins read under Settings. */
let t: TestApp;
let admin: string;
let technician: string;
const MESSAGES = '/api/dashboard/messages';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInStaff(t, { role: 'admin' })).cookie;
  technician = (await signedInStaff(t, { role: 'technician' })).cookie;
});
afterAll(async () => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
async function book(over: Parameters<typeof bookingBody>[0]) {
  const res = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: bookingBody(over) });
  expect(res.statusCode).toBe(200);
  return res.json<{ jobId: string }>().jobId;
}

describe('the local SMS outbox and the outgoing messages list', () => {
  it('a booking with a mobile keeps its confirmation text as stored, listed newest first with the email beside it', async () => {
    const jobId = await book({
      customer: { phone: '0412 777 001' },
      job: { scheduledDate: '2026-11-26', timeSlot: '8-10 AM' },
    });
    await waitFor(
      async () => (await t.db.select().from(outboundSms).where(eq(outboundSms.jobId, jobId)))[0]?.status === 'stored',
    );

    const delivery = await get(`${MESSAGES}/delivery`, admin);
    expect(delivery.json()).toEqual({ sms: 'local', email: 'local' });

    const texts = await get(`${MESSAGES}?channel=sms`, admin);
    expect(texts.statusCode).toBe(200);
    expect(texts.json()[0]).toMatchObject({
      channel: 'sms',
      jobId,
      to: '+61412777001',
      status: 'stored',
      kind: 'booking-confirmation',
      subject: null,
      nextAttemptAt: null,
    });
    expect(texts.json()[0].text).toContain('your booking is confirmed');

    const emails = await get(`${MESSAGES}?channel=email`, admin);
    expect(emails.json().find((m: { jobId: string }) => m.jobId === jobId)).toMatchObject({
      channel: 'email',
      kind: 'booking_confirmation',
      subject: expect.any(String),
    });
  });

  it('a customer who replied STOP still gets the confirmation of a booking just made', async () => {
    await t.db.insert(smsOptOuts).values({ phone: '+61412777002' });
    const jobId = await book({
      customer: { phone: '+61 412 777 002' },
      job: { scheduledDate: '2026-11-26', timeSlot: '10-12 AM' },
    });
    expect(await t.db.select().from(outboundSms).where(eq(outboundSms.jobId, jobId))).toHaveLength(1);
  });

  it('pages newest first with the total in X-Total-Count', async () => {
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      await queueSms(t.db, t, { kind: 'test', to: `0412 777 10${i}`, body: `Text ${i}`, automated: false });
    }
    const page1 = await get(`${MESSAGES}?channel=sms&page=1&pageSize=2`, admin);
    const total = Number(page1.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(5);
    expect(page1.json().map((m: { text: string }) => m.text)).toEqual(['Text 2', 'Text 1']);
    const page2 = await get(`${MESSAGES}?channel=sms&page=2&pageSize=2`, admin);
    expect(page2.json()[0].text).toBe('Text 0');
  });

  it('logs the text kept locally by id and kind only, never the number', async () => {
    const lines: string[] = [];
    const log = pino(
      { level: 'info' },
      new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) }),
    );
    // A database of its own: the shared app's delivery pass (every minute, and after each booking)
    // could otherwise take the text first, and on PostgreSQL skip-locked leaves this pass nothing.
    const own = await createTestApp();
    try {
      const outbox = createSmsOutbox({ db: own.db, clock: own.clock, sender: createLocalSmsSender(), log });
      await queueSms(own.db, own, { kind: 'test', to: '0412 777 200', body: 'Hi', automated: false });
      expect((await outbox.deliverDue()).stored).toBe(1);
      expect(lines.join('')).toContain('SMS not sent: no SMS provider configured (local outbox)');
      expect(lines.join('')).not.toMatch(/412777200|0412 777 200/);
    } finally {
      await own.close();
    }
  });

  it('answers technicians 403, signed-out callers 401 and a bad channel 400 with the rule', async () => {
    expect((await get(`${MESSAGES}?channel=sms`, technician)).statusCode).toBe(403);
    expect((await get(`${MESSAGES}/delivery`, technician)).statusCode).toBe(403);
    expect((await get(`${MESSAGES}?channel=sms`)).statusCode).toBe(401);
    const bad = await get(`${MESSAGES}?channel=fax`, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Channel must be sms or email');
    expect((await get(MESSAGES, admin)).statusCode).toBe(400);
    const badPage = await get(`${MESSAGES}?channel=sms&pageSize=500`, admin);
    expect(badPage.statusCode).toBe(400);
    expect(badPage.body).toContain('Page size must be at most 100');
  });
});
