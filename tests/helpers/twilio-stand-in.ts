import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test support (not a test file): a local stand-in for Twilio's Messages REST API, never the internet. */

export const TWILIO_TEST = {
  accountSid: `AC${'1'.repeat(32)}`,
  authToken: 'test-auth-token-0123456789',
  from: '+61400000999',
};

export type ReceivedText = {
  to: string;
  from: string | undefined;
  messagingServiceSid: string | undefined;
  body: string;
  authorization: string | undefined;
};

/**
 * 'up' accepts every message (201, as Twilio does); 'down' answers 503; 'refuse' answers 400 with
 * Twilio's "not a valid phone number" (21211), an error no retry can fix; 'unsubscribed' answers
 * 400 with 21610, the number replied STOP to Twilio.
 */
export type StandInMode = 'up' | 'down' | 'refuse' | 'unsubscribed';

export async function startTwilioStandIn() {
  const received: ReceivedText[] = [];
  let mode: StandInMode = 'up';
  let seq = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: object) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const path = `/2010-04-01/Accounts/${TWILIO_TEST.accountSid}/Messages.json`;
      if (req.method !== 'POST' || req.url !== path)
        return reply(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      const expectedAuth = `Basic ${Buffer.from(`${TWILIO_TEST.accountSid}:${TWILIO_TEST.authToken}`).toString('base64')}`;
      if (req.headers.authorization !== expectedAuth)
        return reply(401, { code: 20003, message: 'Authenticate', status: 401 });
      if (mode === 'down') return reply(503, { code: 20503, message: 'Service unavailable', status: 503 });
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      if (mode === 'unsubscribed')
        return reply(400, { code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 });
      if (mode === 'refuse')
        return reply(400, {
          code: 21211,
          message: `The 'To' number ${form.get('To')} is not a valid phone number.`,
          status: 400,
        });
      const sid = `SM${String(++seq).padStart(32, '0')}`;
      received.push({
        to: form.get('To') ?? '',
        from: form.get('From') ?? undefined,
        messagingServiceSid: form.get('MessagingServiceSid') ?? undefined,
        body: form.get('Body') ?? '',
        authorization: req.headers.authorization,
      });
      reply(201, {
        sid,
        account_sid: TWILIO_TEST.accountSid,
        to: form.get('To'),
        from: form.get('From'),
        body: form.get('Body'),
        status: 'queued',
        num_segments: '1',
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    setMode(next: StandInMode) {
      mode = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
