import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOptOuts } from '../db/schema';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { TWILIO_TEST } from '../../../tests/helpers/twilio-stand-in';
import { queueSms } from './outbox';

/** Replies reach us through Twilio's signed webhook: STOP opts the number out, START back in. */
let t: TestApp;
const PUBLIC_BASE = 'https://tyres.example.com.au';
const INBOUND = '/api/sms/inbound';

beforeAll(async () => {
  t = await createTestApp({
    env: {
      PUBLIC_BASE_URL: PUBLIC_BASE,
      TWILIO_ACCOUNT_SID: TWILIO_TEST.accountSid,
      TWILIO_AUTH_TOKEN: TWILIO_TEST.authToken,
      TWILIO_FROM: TWILIO_TEST.from,
    },
  });
});
afterAll(async () => t.close());

const replyForm = (from: string, body: string) => ({
  AccountSid: TWILIO_TEST.accountSid,
  MessageSid: `SM${'9'.repeat(32)}`,
  From: from,
  To: TWILIO_TEST.from,
  Body: body,
});

/** Posts a reply as Twilio does: form-encoded, signed over the public URL and every field. */
function postReply(
  form: Record<string, string>,
  signature: string | null = twilio.getExpectedTwilioSignature(TWILIO_TEST.authToken, `${PUBLIC_BASE}${INBOUND}`, form),
) {
  return t.app.inject({
    method: 'POST',
    url: INBOUND,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature ? { 'x-twilio-signature': signature } : {}),
    },
    payload: new URLSearchParams(form).toString(),
  });
}
const isOptedOut = async (phone: string) =>
  (await t.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone))).length === 1;
const reminderTo = (to: string) =>
  queueSms(t.db, t, { kind: 'reminder', to, body: 'See you tomorrow', automated: true });

describe('STOP and START replies', () => {
  it('a signed STOP opts the number out of every text but a booking confirmation; the answer is empty TwiML', async () => {
    const res = await postReply(replyForm('+61412555001', 'STOP'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/xml');
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await isOptedOut('+61412555001')).toBe(true);
    expect(await reminderTo('0412 555 001')).toBe('opted-out');
  });

  it.each([
    ['stop', '+61412555110'],
    [' Stop ', '+61412555111'],
    ['STOPALL', '+61412555112'],
    ['unsubscribe', '+61412555113'],
    ['Cancel', '+61412555114'],
    ['END', '+61412555115'],
    ['quit.', '+61412555116'],
  ])('"%s" opts out too', async (word, phone) => {
    expect((await postReply(replyForm(phone, word))).statusCode).toBe(200);
    expect(await isOptedOut(phone)).toBe(true);
  });

  it('START lets texts through again; a STOP twice is still one opt-out', async () => {
    await postReply(replyForm('+61412555002', 'STOP'));
    expect((await postReply(replyForm('+61412555002', 'STOP'))).statusCode).toBe(200);
    expect(await isOptedOut('+61412555002')).toBe(true);
    expect((await postReply(replyForm('+61412555002', 'start'))).statusCode).toBe(200);
    expect(await isOptedOut('+61412555002')).toBe(false);
    expect(await reminderTo('+61412555002')).toBe('queued');
  });

  it('takes the form with a charset, as Twilio sends it', async () => {
    const form = replyForm('+61412555007', 'Stop');
    const res = await t.app.inject({
      method: 'POST',
      url: INBOUND,
      headers: {
        'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(
          TWILIO_TEST.authToken,
          `${PUBLIC_BASE}${INBOUND}`,
          form,
        ),
      },
      payload: new URLSearchParams(form).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(await isOptedOut('+61412555007')).toBe(true);
  });

  it('any other reply changes nothing', async () => {
    expect((await postReply(replyForm('+61412555003', 'Please stop by at 10 instead'))).statusCode).toBe(200);
    expect(await isOptedOut('+61412555003')).toBe(false);
  });

  it('an unsigned reply is refused with 403 and changes nothing', async () => {
    const res = await postReply(replyForm('+61412555004', 'STOP'), null);
    expect(res.statusCode).toBe(403);
    expect(await isOptedOut('+61412555004')).toBe(false);
  });

  it('a signature of other fields, another URL or another token is refused with 403', async () => {
    const signedStart = twilio.getExpectedTwilioSignature(
      TWILIO_TEST.authToken,
      `${PUBLIC_BASE}${INBOUND}`,
      replyForm('+61412555005', 'START'),
    );
    expect((await postReply(replyForm('+61412555005', 'STOP'), signedStart)).statusCode).toBe(403);
    const otherUrl = twilio.getExpectedTwilioSignature(
      TWILIO_TEST.authToken,
      `https://elsewhere.example.com${INBOUND}`,
      replyForm('+61412555005', 'STOP'),
    );
    expect((await postReply(replyForm('+61412555005', 'STOP'), otherUrl)).statusCode).toBe(403);
    const otherToken = twilio.getExpectedTwilioSignature(
      'not-our-token',
      `${PUBLIC_BASE}${INBOUND}`,
      replyForm('+61412555005', 'STOP'),
    );
    expect((await postReply(replyForm('+61412555005', 'STOP'), otherToken)).statusCode).toBe(403);
    expect(await isOptedOut('+61412555005')).toBe(false);
  });

  it('without Twilio configured every reply is refused: nothing can be verified', async () => {
    const plain = await createTestApp({ env: { PUBLIC_BASE_URL: PUBLIC_BASE } });
    try {
      const form = replyForm('+61412555006', 'STOP');
      const res = await plain.app.inject({
        method: 'POST',
        url: INBOUND,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilio.getExpectedTwilioSignature(
            TWILIO_TEST.authToken,
            `${PUBLIC_BASE}${INBOUND}`,
            form,
          ),
        },
        payload: new URLSearchParams(form).toString(),
      });
      expect(res.statusCode).toBe(403);
    } finally {
      await plain.close();
    }
  });
});
