import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, smsOptOuts } from '../db/schema';
import { setJobState } from '../../../tests/helpers/job-state';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { messagesHarness, perth } from '../../../tests/helpers/messages-harness';
import { hashManageToken } from '../manage/token';
import { runMessageTick } from './scheduler';
import { REMINDER_KIND, sendVisitReminders } from './visit-reminders';

const TUESDAY = '2026-11-24';
const MONDAY = '2026-11-23';
const WEDNESDAY = '2026-11-25';
const THURSDAY = '2026-11-26';

describe('the visit reminder the day before', () => {
  const { h, instance, request, newJob, emailsOf, textsOf, setMessages } = messagesHarness();
  /** Staff sign in when they act: the clock jumps days ahead, past a session signed in on Monday morning. */
  const reschedule = async (jobId: string, scheduledDate: string, timeSlot: string) => {
    const staff = await signedInStaff(h.t, { role: 'admin' });
    return request('PUT', `/api/dashboard/jobs/${jobId}/reschedule`, { scheduledDate, timeSlot }, staff.cookie);
  };
  const reminders = async (jobId: string) => ({
    emails: (await emailsOf(jobId)).filter((e) => e.kind === REMINDER_KIND),
    texts: (await textsOf(jobId)).filter((s) => s.kind === REMINDER_KIND),
  });

  it('goes at the set time (4 pm Perth) and not before: an email and a text with the window and a working manage link, once', async () => {
    const job = await newJob({
      scheduledDay: TUESDAY,
      timeSlot: '10-12 AM',
      contactEmail: 'kim.reminded@example.com',
      contactPhone: '0412 345 678',
    });
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
    expect(emails[0]!).toMatchObject({
      to: 'kim.reminded@example.com',
      dedupeKey: `reminder:${job.id}:${TUESDAY}:10-12 AM`,
    });
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

  it('goes again for a visit moved after its reminder: once for the new date, across instances, and never once the job is cancelled', async () => {
    const job = await newJob({
      scheduledDay: TUESDAY,
      timeSlot: '8-10 AM',
      contactEmail: 'moved@example.com',
      contactPhone: '0412 000 111',
    });
    h.t.clock.set(perth(MONDAY, '16:00'));
    expect(await sendVisitReminders(instance())).toBe(1);

    // Staff move the visit to Thursday after the reminder went.
    const moved = await reschedule(job.id, THURSDAY, '2-4 PM');
    expect(moved.statusCode, moved.body).toBe(200);
    h.t.clock.set(perth(MONDAY, '16:30'));
    expect(await sendVisitReminders(instance())).toBe(0);
    h.t.clock.set(perth(WEDNESDAY, '15:59'));
    expect(await sendVisitReminders(instance())).toBe(0);

    // The day before the new date: one reminder for Thursday, whichever instances run the pass.
    h.t.clock.set(perth(WEDNESDAY, '16:00'));
    const passes = await Promise.all([sendVisitReminders(instance()), sendVisitReminders(instance())]);
    expect(passes.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await sendVisitReminders(instance())).toBe(0);
    const { emails, texts } = await reminders(job.id);
    expect(emails.map((e) => e.subject.includes('Thu 26 Nov, 2 pm - 4 pm'))).toEqual([false, true]);
    expect(texts.map((t) => t.body.includes('Thu 26 Nov, 2 pm - 4 pm'))).toEqual([false, true]);

    // Moved again after the second reminder, then cancelled: nothing more goes.
    const again = await reschedule(job.id, '2026-11-27', '2-4 PM');
    expect(again.statusCode, again.body).toBe(200);
    await setJobState(h.t.db, job.id, { status: 'cancelled', cancelledAt: h.t.clock.now() });
    h.t.clock.set(perth(THURSDAY, '16:00'));
    expect(await sendVisitReminders(instance())).toBe(0);
    expect((await reminders(job.id)).emails).toHaveLength(2);
  });

  it('takes back a reminder not yet gone when its visit is moved: the old time never reaches the customer', async () => {
    const job = await newJob({
      scheduledDay: TUESDAY,
      timeSlot: '8-10 AM',
      slotPlace: 2,
      contactEmail: 'moved.early@example.com',
      contactPhone: '0412 000 222',
    });
    h.t.clock.set(perth(MONDAY, '16:00'));
    await sendVisitReminders(instance());
    expect((await reminders(job.id)).emails[0]!.status).toBe('pending');
    // Moved to another window of the same day before the outbox sent it (straight in the row: a move
    // through the API would also run the outbox, and the reminder would be gone before the pass).
    await setJobState(h.t.db, job.id, { timeSlot: '10-12 AM' });

    // Still the day before: the next pass takes the old one back and reminds of the new window, once.
    h.t.clock.set(perth(MONDAY, '16:01'));
    expect(await sendVisitReminders(instance())).toBe(1);
    expect(await sendVisitReminders(instance())).toBe(0);
    const { emails, texts } = await reminders(job.id);
    expect(emails.map((e) => [e.status, e.lastError])).toEqual([
      ['failed', 'Not sent: the visit was moved'],
      ['pending', null],
    ]);
    expect(texts.map((t) => t.status)).toEqual(['failed', 'pending']);
    expect(emails[1]!.subject).toContain('Tue 24 Nov, 10 am - 12 pm');
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
    const job = await newJob({
      scheduledDay: TUESDAY,
      timeSlot: '2-4 PM',
      slotPlace: 2,
      contactPhone: '0498 765 432',
      contactEmail: 'stopped@example.com',
    });
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
