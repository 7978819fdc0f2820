import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICES, invoiceHarness } from '../../../tests/helpers/invoice-harness';
import { TWILIO_TEST } from '../../../tests/helpers/twilio-stand-in';
import { waitFor } from '../../../tests/helpers/wait-for';
import { createSmtpMailer } from '../adapters/email';
import { outboundEmails, outboundSms } from '../db/schema';
import { createTwilioSender } from '../sms/provider';

/**
 * Texts (Twilio) and emails (the mail server) that cannot leave never hold a staff request
 * (docs/decisions/402-providers-down-offline-retry-rtl.md): the request commits the message to its
 * outbox and answers; the send runs after it. Here each provider is the worst kind of down, a
 * stand-in (on localhost, no internet) that accepts the connection and never answers, so a request
 * that waited on it would still be waiting: each answer comes while the stand-in holds the send
 * open, and the message waits unsent. (A provider that refuses the connection: provider-down.api.test.ts.)
 */

/** A TCP server that accepts every connection and says nothing: a provider that hangs. */
function silentServer() {
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
  });
  return {
    sockets,
    listen: () =>
      new Promise<number>((r) => server.listen(0, '127.0.0.1', () => r((server.address() as AddressInfo).port))),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const twilioStandIn = silentServer();
const smtpStandIn = silentServer();
let twilioPort = 0;
let smtpPort = 0;

beforeAll(async () => {
  [twilioPort, smtpPort] = await Promise.all([twilioStandIn.listen(), smtpStandIn.listen()]);
});

describe('a provider that accepts and never answers', () => {
  const { h, request, newJob, generate } = invoiceHarness(
    {
      TWILIO_ACCOUNT_SID: TWILIO_TEST.accountSid,
      TWILIO_AUTH_TOKEN: TWILIO_TEST.authToken,
      TWILIO_FROM: TWILIO_TEST.from,
    },
    () => ({
      smsSender: createTwilioSender({
        accountSid: TWILIO_TEST.accountSid,
        authToken: TWILIO_TEST.authToken,
        from: TWILIO_TEST.from,
        apiBaseUrl: `http://127.0.0.1:${twilioPort}`,
      }),
      mailer: createSmtpMailer(`smtp://127.0.0.1:${smtpPort}`),
    }),
  );
  // The stand-ins let go first, so the outboxes' sends end (with an error) before the app closes.
  afterAll(async () => {
    await Promise.all([twilioStandIn.close(), smtpStandIn.close()]);
  });

  it("Twilio: the technician's On my way answers 200 while Twilio holds the text; the text waits unsent", async () => {
    const job = await newJob({
      status: 'in-progress',
      inProgressAt: h.t.clock.now(),
      contactPhone: '0412 000 111',
    });
    const res = await request('POST', `/api/dashboard/jobs/${job.id}/on-my-way`);
    expect(res.statusCode, res.body).toBe(200);
    await waitFor(async () => twilioStandIn.sockets.length > 0);
    const [sms] = await h.t.db.select().from(outboundSms).where(eq(outboundSms.jobId, job.id));
    // Not tried and failed either: the send is still in the stand-in's hands.
    expect(sms).toMatchObject({ status: 'pending', providerId: null, lastError: null });
  });

  it('the mail server: emailing an invoice answers 200 while the server holds the email; the email waits unsent', async () => {
    const job = await newJob({ contactEmail: 'mail.down@example.com' });
    const invoice = await generate(job.id);
    const res = await request('POST', `${INVOICES}/${invoice.id}/email`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ to: 'mail.down@example.com', alreadySent: false });
    await waitFor(async () => smtpStandIn.sockets.length > 0);
    const [email] = await h.t.db.select().from(outboundEmails).where(eq(outboundEmails.jobId, job.id));
    expect(email).toMatchObject({ status: 'pending', lastError: null });
  });
});
