import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboundEmails, outboundSms } from '../db/schema';
import { messagesHarness, perth } from '../../../tests/helpers/messages-harness';
import { TIME_SLOTS } from '../../shared/domain/slots';
import { runMessageTick } from './scheduler';

/**
 * Every instance runs the message scheduler over the one database; each reminder is queued once,
 * whichever gets there first (the job's row lock and the unique dedupe key). On PostgreSQL
 * (npm run test:pg) the passes run on separate connections, as separate processes would.
 */
describe('visit reminders with two instances over one database', () => {
  const { h, instance, newJob } = messagesHarness();

  it('queues one email and one text per job, however the passes of two instances interleave', async () => {
    const jobIds: string[] = [];
    for (const slot of TIME_SLOTS)
      for (const place of [1, 2])
        jobIds.push((await newJob({ scheduledDay: '2026-11-25', timeSlot: slot, slotPlace: place })).id);
    h.t.clock.set(perth('2026-11-24', '16:00'));
    const a = instance();
    const b = instance();
    const reports = await Promise.all([
      runMessageTick(a, () => {}),
      runMessageTick(b, () => {}),
      runMessageTick(a, () => {}),
      runMessageTick(b, () => {}),
    ]);

    expect(reports.reduce((n, r) => n + r.reminders, 0)).toBe(jobIds.length);
    const emails = await h.t.db
      .select({ jobId: outboundEmails.jobId })
      .from(outboundEmails)
      .where(inArray(outboundEmails.jobId, jobIds));
    const texts = await h.t.db
      .select({ jobId: outboundSms.jobId })
      .from(outboundSms)
      .where(inArray(outboundSms.jobId, jobIds));
    expect(emails.map((e) => e.jobId).sort()).toEqual([...jobIds].sort());
    expect(texts.map((e) => e.jobId).sort()).toEqual([...jobIds].sort());
  });
});
