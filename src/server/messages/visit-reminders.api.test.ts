import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, smsOptOuts } from '../db/schema';
import { setJobState } from '../../../tests/helpers/job-state';
import { messagesHarness, perth } from '../../../tests/helpers/messages-harness';
import { hashManageToken } from '../manage/token';
import { runMessageTick } from './scheduler';
import { REMINDER_KIND, sendVisitReminders } from './visit-reminders';

const TUESDAY = '2026-11-24';
const MONDAY = '2026-11-23';

describe('the visit reminder the day before', () => {
  const { h, instance, newJob, emailsOf, textsOf, setMessages } = messagesHarness();
  const reminders = async (jobId: string) => ({ emails: (await emailsOf(jobId)).filter((e) => e.kind === REMINDER_KIND), texts: (await textsOf(jobId)).filter((s) => s.kind === REMINDER_KIND) });

  it('goes at the set time (4 pm Perth) and not before: an email and a text with the window and a working manage link, once', async () => {
    const job = await newJob({ scheduledDay: TUESDAY, timeSlot: '10-12 AM', contactEmail: 'kim.reminded@example.com', contactPhone: '0412 345 678' });
    const deps = instance();
    h.t.clock.set(perth(MONDAY, '15:59'));
    expect(await sendVisitReminders(deps)).toBe(0);
    expect(await reminders(job.id)).toEqual({ emails: [], texts: [] });

    h.t.clock.set(perth(MONDAY, '16:00'));
    expect(await sendVisitReminders(deps)).toBe(1);
    await sendVisitReminders(deps);
    const { emails, texts } = await reminders(job.id);
    expect(emails).toHaveLength(1);
    expect(texts).toHaveLength(1);
    expect(emails[0]!).toMatchObject({ to: 'kim.reminded@example.com', dedupeKey: `reminder:${job.id}` });
    expect(emails[0]!.subject).toContain('Tue 24 Nov, 10 am - 12 pm');
    expect(texts[0]!).toMatchObject({ to: '+61412345678' });
    expect(texts[0]!.body).toContain('Tue 24 Nov, 10 am - 12 pm');
    // The link in both messages opens this booking: its token's hash is the job's.
    const token = /\/booking\/([A-Za-z0-9_-]+)/.exec(emails[0]!.text)?.[1];
    expect(token).toBeTruthy();
    expect(texts[0]!.body).toContain(`/booking/${token}`);
    const [row] = await h.t.db.select({ hash: jobs.manageTokenHash }).from(jobs).where(eq(jobs.id, job.id));
    expect(row!.hash).toBe(hashManageToken(token!));
  });

  it('follows the time set in Settings', async () => {
    await setMessages({ reminderTime: '10:30' });
    try {
      const job = await newJob({ scheduledDay: TUESDAY, timeSlot: '2-4 PM' });
      h.t.clock.set(perth(MONDAY, '10:29'));
      await sendVisitReminders(instance());
      expect((await reminders(job.id)).emails).toHaveLength(0);
      h.t.clock.set(perth(MONDAY, '10:30'));
      await sendVisitReminders(instance());
      expect((await reminders(job.id)).emails).toHaveLength(1);
    } finally {
      await setMessages({ reminderTime: '16:00' });
    }
  });

  it('is never sent for a cancelled job, and one waiting when its job is cancelled is taken back', async () => {
    const cancelled = await newJob({ scheduledDay: TUESDAY, timeSlot: '12-2 PM' });
    await setJobState(h.t.db, cancelled.id, { status: 'cancelled', cancelledAt: h.t.clock.now() });
    const later = await newJob({ scheduledDay: TUESDAY, timeSlot: '12-2 PM', slotPlace: 2 });
    h.t.clock.set(perth(MONDAY, '16:05'));
    await sendVisitReminders(instance());
    expect(await reminders(cancelled.id)).toEqual({ emails: [], texts: [] });
    const queued = await reminders(later.id);
    expect(queued.emails[0]!.status).toBe('pending');

    // Cancelled before the outbox sent it: the next pass takes it back, so it never goes.
    await setJobState(h.t.db, later.id, { status: 'cancelled', cancelledAt: h.t.clock.now() });
    h.t.clock.set(perth(MONDAY, '16:06'));
    await sendVisitReminders(instance());
    const after = await reminders(later.id);
    expect(after.emails[0]).toMatchObject({ status: 'failed', lastError: 'Not sent: the visit was cancelled' });
    expect(after.texts[0]).toMatchObject({ status: 'failed', lastError: 'Not sent: the visit was cancelled' });
  });

  it('is not sent outside 8 am-8 pm Perth: one missed in the evening waits for 8 am on the visit day', async () => {
    const job = await newJob({ scheduledDay: TUESDAY, timeSlot: '10-12 AM', slotPlace: 3 });
    h.t.clock.set(perth(MONDAY, '20:30'));
    expect((await runMessageTick(instance(), () => {})).reminders).toBe(0);
    h.t.clock.set(perth(TUESDAY, '07:59'));
    await runMessageTick(instance(), () => {});
    expect(await reminders(job.id)).toEqual({ emails: [], texts: [] });
    h.t.clock.set(perth(TUESDAY, '08:00'));
    await runMessageTick(instance(), () => {});
    expect((await reminders(job.id)).emails).toHaveLength(1);
  });

  it('honours STOP: a number that opted out gets no reminder text, but still the email', async () => {
    await h.t.db.insert(smsOptOuts).values({ phone: '+61498765432' }).onConflictDoNothing();
    const job = await newJob({ scheduledDay: TUESDAY, timeSlot: '2-4 PM', slotPlace: 2, contactPhone: '0498 765 432', contactEmail: 'stopped@example.com' });
    h.t.clock.set(perth(MONDAY, '16:10'));
    await sendVisitReminders(instance());
    const { emails, texts } = await reminders(job.id);
    expect(texts).toEqual([]);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.to).toBe('stopped@example.com');
  });

  it('is switched off in Settings: none goes', async () => {
    await setMessages({ remindersOn: false });
    try {
      const job = await newJob({ scheduledDay: TUESDAY, timeSlot: '2-4 PM', slotPlace: 3 });
      h.t.clock.set(perth(MONDAY, '16:20'));
      await sendVisitReminders(instance());
      expect(await reminders(job.id)).toEqual({ emails: [], texts: [] });
    } finally {
      await setMessages({ remindersOn: true });
    }
  });
});
