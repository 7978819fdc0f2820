import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../adapters/email';
import { insertCustomer } from '../db/seed/factories';
import { createOutbox } from '../emails/outbox';
import { messagesHarness, perth } from '../../../tests/helpers/messages-harness';
import { sendReturnVisitReminders } from './return-visits';

/** What reaches the mail server: a return-visit reminder carries RFC 8058's one-click unsubscribe headers. */
describe('the return-visit email as the mail server receives it', () => {
  const { h, instance, newJob } = messagesHarness();
  const received: string[] = [];
  let server: SMTPServer;
  let port = 0;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port)),
    );
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("has List-Unsubscribe with the customer's link and List-Unsubscribe-Post: List-Unsubscribe=One-Click", async () => {
    const customer = await insertCustomer(h.t.db, { name: 'Max Mailed' });
    await newJob({
      customerId: customer.id,
      serviceType: 'new-tyres',
      scheduledDay: '2026-05-23',
      timeSlot: '2-4 PM',
      status: 'completed',
      returnVisitOptIn: true,
      contactEmail: 'max.mailed@example.com',
    });
    h.t.clock.set(perth('2026-11-23', '09:00'));
    expect(await sendReturnVisitReminders(instance())).toBe(1);

    const outbox = createOutbox({
      db: h.t.db,
      clock: h.t.clock,
      mailer: createSmtpMailer(`smtp://127.0.0.1:${port}`),
      log: h.t.app.log,
      mailFrom: 'shop@example.com',
    });
    const report = await outbox.deliverDue();
    expect(report.failed).toBe(0);
    await outbox.stop();
    const mail = received.find((raw) => raw.includes('max.mailed@example.com'))!;
    expect(mail).toMatch(/^List-Unsubscribe:\s+<http:\/\/[^>]+\/unsubscribe\/[A-Za-z0-9_-]{32}>\r?$/m);
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  });
});
