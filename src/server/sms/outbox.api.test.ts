import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import type { Db } from '../db/client';
import { outboundSms, smsOptOuts } from '../db/schema';
import { openTestDatabase } from '../../../tests/helpers/database';
import { queueSms, SMS_CONFIRMATION_KIND } from './outbox';

describe('queueSms: what is written to the SMS outbox, and what is refused', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: Db;
  // Tuesday 24 November 2026, 9 pm Perth: outside the 8 am-8 pm window.
  const clock = fixedClock('2026-11-24T13:00:00.000Z');

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database.dispose();
  });

  const rowsTo = (to: string) => db.select().from(outboundSms).where(eq(outboundSms.to, to));

  it('queues a text to a mobile in E.164, at once when it is not automated', async () => {
    const outcome = await queueSms(
      db,
      { clock },
      { kind: SMS_CONFIRMATION_KIND, to: '0412 345 678', body: 'Booked', automated: false },
    );
    expect(outcome).toBe('queued');
    const [row] = await rowsTo('+61412345678');
    expect(row).toMatchObject({ status: 'pending', body: 'Booked', kind: SMS_CONFIRMATION_KIND });
    expect(row!.nextAttemptAt?.toISOString()).toBe('2026-11-24T13:00:00.000Z');
  });

  it('holds an automated text queued at 9 pm Perth until 8 am the next morning', async () => {
    expect(
      await queueSms(
        db,
        { clock },
        { kind: 'reminder', to: '+61 400 000 001', body: 'See you tomorrow', automated: true },
      ),
    ).toBe('queued');
    const [row] = await rowsTo('+61400000001');
    expect(row!.nextAttemptAt?.toISOString()).toBe('2026-11-25T00:00:00.000Z');
  });

  it('sends no text to a landline and writes nothing', async () => {
    expect(
      await queueSms(
        db,
        { clock },
        { kind: SMS_CONFIRMATION_KIND, to: '08 5550 1234', body: 'Booked', automated: false },
      ),
    ).toBe('not-a-mobile');
    expect(await rowsTo('+61855501234')).toHaveLength(0);
  });

  it('sends nothing but the booking confirmation to a number that replied STOP', async () => {
    await db.insert(smsOptOuts).values({ phone: '+61400000002' });
    expect(
      await queueSms(db, { clock }, { kind: 'reminder', to: '0400 000 002', body: 'Reminder', automated: true }),
    ).toBe('opted-out');
    expect(await rowsTo('+61400000002')).toHaveLength(0);
    expect(
      await queueSms(
        db,
        { clock },
        { kind: SMS_CONFIRMATION_KIND, to: '0400 000 002', body: 'Booked', automated: false },
      ),
    ).toBe('queued');
    expect((await rowsTo('+61400000002')).map((r) => r.kind)).toEqual([SMS_CONFIRMATION_KIND]);
  });

  it('queues a message with a dedupe key once: the second is a duplicate and changes nothing', async () => {
    const msg = { kind: 'reminder', to: '0400 000 003', body: 'First', dedupeKey: 'reminder:test-1', automated: true };
    expect(await queueSms(db, { clock }, msg)).toBe('queued');
    expect(await queueSms(db, { clock }, { ...msg, body: 'Second' })).toBe('duplicate');
    expect((await rowsTo('+61400000003')).map((r) => r.body)).toEqual(['First']);
  });

  it('a duplicate inside a transaction leaves the transaction usable', async () => {
    const msg = { kind: 'reminder', to: '0400 000 004', body: 'Once', dedupeKey: 'reminder:test-2', automated: false };
    await db.transaction(async (tx) => {
      expect(await queueSms(tx, { clock }, msg)).toBe('queued');
      expect(await queueSms(tx, { clock }, msg)).toBe('duplicate');
      expect(await queueSms(tx, { clock }, { ...msg, dedupeKey: 'reminder:test-3' })).toBe('queued');
    });
    expect(await rowsTo('+61400000004')).toHaveLength(2);
  });
});
