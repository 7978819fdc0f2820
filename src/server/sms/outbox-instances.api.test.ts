import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { outboundSms } from '../db/schema';
import { createSmsOutbox } from './delivery';
import { queueSms } from './outbox';
import type { SmsSender } from './provider';

/**
 * Each app instance runs its own SMS delivery over the one database; claims with SKIP LOCKED mean
 * every text is sent by one of them, once (docs/decisions/363-sms-delivery.md). On PostgreSQL
 * (npm run test:pg) the passes run on separate connections, as separate processes would.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** An instance's provider: records what it sent, and yields between sends like a network would. */
function instanceSender(sent: string[]): SmsSender {
  return {
    kind: 'twilio',
    async send(message) {
      await new Promise((resolve) => setImmediate(resolve));
      sent.push(message.to);
      return { providerId: `SM${sent.length}` };
    },
  };
}

describe('SMS delivery with two instances over one database', () => {
  it('sends every queued text exactly once, whichever instance claims it', async () => {
    const sentByA: string[] = [];
    const sentByB: string[] = [];
    const a = createSmsOutbox({ db: t.db, clock: t.clock, sender: instanceSender(sentByA), log: t.app.log });
    const b = createSmsOutbox({ db: t.db, clock: t.clock, sender: instanceSender(sentByB), log: t.app.log });
    const numbers = Array.from({ length: 60 }, (_, i) => `+614120${String(i).padStart(5, '0')}`);
    for (const to of numbers)
      expect(await queueSms(t.db, t, { kind: 'test', to, body: 'Hi', automated: false })).toBe('queued');

    const reports = await Promise.all([a.deliverDue(), b.deliverDue(), a.deliverDue(), b.deliverDue()]);

    expect([...sentByA, ...sentByB].sort()).toEqual([...numbers].sort());
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(60);
    const rows = await t.db
      .select({ status: outboundSms.status, attempts: outboundSms.attempts })
      .from(outboundSms)
      .where(inArray(outboundSms.to, numbers));
    expect(rows).toHaveLength(60);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('an automated text queued at night is sent by neither instance before 8 am Perth', async () => {
    const a = createSmsOutbox({ db: t.db, clock: t.clock, sender: instanceSender([]), log: t.app.log });
    t.clock.set('2026-11-24T14:00:00.000Z'); // 10 pm Perth
    await queueSms(t.db, t, {
      kind: 'reminder',
      to: '0412 999 000',
      body: 'Tomorrow',
      automated: true,
      dedupeKey: 'reminder:night',
    });
    t.clock.set('2026-11-24T23:59:00.000Z'); // 7:59 am Perth
    expect((await a.deliverDue()).sent).toBe(0);
    t.clock.set('2026-11-25T00:00:00.000Z'); // 8 am Perth
    expect((await a.deliverDue()).sent).toBe(1);
  });
});
