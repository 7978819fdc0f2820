import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboundSms, smsOptOuts } from '../db/schema';
import { bookingBody } from '../../../tests/helpers/bookings';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { startTwilioStandIn, TWILIO_TEST } from '../../../tests/helpers/twilio-stand-in';
import { waitFor } from '../../../tests/helpers/wait-for';
import { createSmsOutbox } from './delivery';
import { createTwilioSender } from './provider';

/**
 * Texts through Twilio's own SDK, pointed at a local stand-in of its REST API: what a customer
 * receives, and what happens when Twilio is down or refuses the number.
 */
let standIn: Awaited<ReturnType<typeof startTwilioStandIn>>;
let t: TestApp;
const twilioSettings = () => ({
  accountSid: TWILIO_TEST.accountSid,
  authToken: TWILIO_TEST.authToken,
  from: TWILIO_TEST.from,
  apiBaseUrl: standIn.url,
});

beforeAll(async () => {
  standIn = await startTwilioStandIn();
  t = await createTestApp({
    env: {
      TWILIO_ACCOUNT_SID: TWILIO_TEST.accountSid,
      TWILIO_AUTH_TOKEN: TWILIO_TEST.authToken,
      TWILIO_FROM: TWILIO_TEST.from,
    },
    overrides: { smsSender: createTwilioSender(twilioSettings()) },
  });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});
beforeEach(() => standIn.setMode('up'));

const textsOfJob = (jobId: string) => t.db.select().from(outboundSms).where(eq(outboundSms.jobId, jobId));
async function book(over: Parameters<typeof bookingBody>[0]) {
  const res = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: bookingBody(over) });
  expect(res.statusCode).toBe(200);
  return res.json<{ jobId: string }>().jobId;
}

describe('the booking confirmation by text, through Twilio', () => {
  it('texts the confirmation to the mobile at once, even at 7 am, with the date, window and service', async () => {
    const jobId = await book({
      customer: { phone: '0412 345 678' },
      job: { scheduledDate: '2026-11-24', timeSlot: '8-10 AM' },
    });
    const [sent] = await waitFor(async () => {
      const rows = await textsOfJob(jobId);
      return rows[0]?.status === 'sent' && rows;
    });
    const received = standIn.received.find((r) => r.to === '+61412345678');
    expect(received).toMatchObject({ from: TWILIO_TEST.from });
    expect(received!.body).toContain('your booking is confirmed');
    expect(received!.body).toContain('Puncture Repair, Tue 24 Nov, 8 am - 10 am (Perth time)');
    expect(received!.body).toContain('Questions? Call');
    expect(sent).toMatchObject({ to: '+61412345678', attempts: 1, lastError: null });
    expect(sent!.providerId).toMatch(/^SM\d{32}$/);
  });

  it('sends no text for a landline; the booking and its email stand', async () => {
    const jobId = await book({
      customer: { phone: '08 5550 1234' },
      job: { scheduledDate: '2026-11-24', timeSlot: '12-2 PM' },
    });
    expect(await textsOfJob(jobId)).toEqual([]);
  });

  it('Twilio down: the booking is made, the text waits with the error shown and goes on a later try', async () => {
    standIn.setMode('down');
    const jobId = await book({
      customer: { phone: '0412 000 111' },
      job: { scheduledDate: '2026-11-25', timeSlot: '8-10 AM' },
    });
    const [waiting] = await waitFor(async () => {
      const rows = await textsOfJob(jobId);
      return rows[0]?.attempts === 1 && rows[0].lastError !== null && rows;
    });
    expect(waiting).toMatchObject({ status: 'pending' });
    expect(waiting!.lastError).toContain('503');
    // The retry is a minute later, not at once.
    expect(waiting!.nextAttemptAt!.getTime()).toBe(t.clock.now().getTime() + 60_000);

    const { cookie } = await signedInStaff(t, { role: 'admin' });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/messages?channel=sms',
      headers: { cookie },
    });
    expect(listed.json().find((m: { jobId: string }) => m.jobId === jobId)).toMatchObject({
      status: 'pending',
      lastError: expect.stringContaining('503'),
    });

    standIn.setMode('up');
    const retry = createSmsOutbox({
      db: t.db,
      clock: t.clock,
      sender: createTwilioSender(twilioSettings()),
      log: t.app.log,
    });
    expect(await retry.deliverDue()).toEqual({ sent: 0, stored: 0, failed: 0 });
    t.clock.advance(60_000);
    expect(await retry.deliverDue()).toMatchObject({ sent: 1 });
    const [sent] = await textsOfJob(jobId);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(standIn.received.filter((r) => r.to === '+61412000111')).toHaveLength(1);
  });

  it('a number Twilio refuses is marked failed at once with the reason, not retried', async () => {
    standIn.setMode('refuse');
    const jobId = await book({
      customer: { phone: '0412 000 222' },
      job: { scheduledDate: '2026-11-25', timeSlot: '10-12 AM' },
    });
    const [failed] = await waitFor(async () => {
      const rows = await textsOfJob(jobId);
      return rows[0]?.status === 'failed' && rows;
    });
    expect(failed).toMatchObject({ attempts: 1, nextAttemptAt: null });
    expect(failed!.lastError).toContain('21211');
  });

  it('a number that replied STOP to Twilio directly is opted out here too, so no later text is tried', async () => {
    standIn.setMode('unsubscribed');
    const jobId = await book({
      customer: { phone: '0412 000 444' },
      job: { scheduledDate: '2026-11-25', timeSlot: '12-2 PM' },
    });
    await waitFor(async () => (await textsOfJob(jobId))[0]?.status === 'failed');
    expect(await t.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, '+61412000444'))).toHaveLength(1);
  });

  it('sends from the Messaging Service when one is configured instead of a number', async () => {
    const sender = createTwilioSender({
      ...twilioSettings(),
      from: undefined,
      messagingServiceSid: `MG${'2'.repeat(32)}`,
    });
    await sender.send({ to: '+61412000333', body: 'Hello' });
    expect(standIn.received.find((r) => r.to === '+61412000333')).toMatchObject({
      from: undefined,
      messagingServiceSid: `MG${'2'.repeat(32)}`,
    });
  });
});
