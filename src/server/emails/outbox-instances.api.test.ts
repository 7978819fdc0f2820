import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import type { Mailer } from '../adapters/email';
import { outboundEmails } from '../db/schema';
import { createOutbox } from './outbox';

/**
 * Each app instance runs its own outbox over the one database; claims with SKIP LOCKED (decision
 * 164) mean every message is sent by one of them, once (decision 222). On PostgreSQL (npm run
 * test:pg) the passes run on separate connections, as separate processes would.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** An instance's SMTP connection: records what it sent, and yields between sends like a network would. */
function instanceMailer(sent: string[]): Mailer {
  return {
    kind: 'smtp',
    async send(message) {
      await new Promise((resolve) => setImmediate(resolve));
      sent.push(message.to);
    },
    close() {},
  };
}

describe('the outbox with two instances over one database', () => {
  it('sends every queued message exactly once, whichever instance claims it', async () => {
    const sentByA: string[] = [];
    const sentByB: string[] = [];
    const a = createOutbox({
      db: t.db,
      clock: t.clock,
      mailer: instanceMailer(sentByA),
      log: t.app.log,
      mailFrom: 'a@example.com',
    });
    const b = createOutbox({
      db: t.db,
      clock: t.clock,
      mailer: instanceMailer(sentByB),
      log: t.app.log,
      mailFrom: 'b@example.com',
    });
    const ids: string[] = [];
    for (let i = 1; i <= 60; i++)
      ids.push(
        await a.queue(t.db, { kind: 'test', to: `customer.${i}@example.com`, subject: `Booking ${i}`, text: 'Hi' }),
      );

    const reports = await Promise.all([a.deliverDue(), b.deliverDue(), a.deliverDue(), b.deliverDue()]);

    const everySend = [...sentByA, ...sentByB].sort();
    expect(everySend).toEqual(Array.from({ length: 60 }, (_, i) => `customer.${i + 1}@example.com`).sort());
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(60);
    const rows = await t.db
      .select({ status: outboundEmails.status, attempts: outboundEmails.attempts })
      .from(outboundEmails)
      .where(inArray(outboundEmails.id, ids));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});
