import { and, eq, exists, inArray, notExists, sql } from 'drizzle-orm';
import { addDays, perthMoment, perthToday } from '../../shared/domain/perth-time';
import { hasSlotPassed } from '../../shared/domain/slots';
import { jobs, outboundEmails, outboundSms } from '../db/schema';
import { issueManageToken } from '../jobs/manage-link';
import { manageLinkFor } from '../manage/token';
import { queueSms } from '../sms/outbox';
import type { MessageDeps } from './deps';
import { queueEmailOnce, queuedEither, withdrawPending } from './queue-once';
import { isWithinSendWindow } from './send-window';
import { reminderEmail, reminderSms } from './texts';

export const REMINDER_KIND = 'visit-reminder';
/**
 * A reminder is once per job AND visit: its key names the visit's day and window, so a visit moved
 * after its reminder went gets its own reminder the day before the new date, still once
 * (docs/decisions/375-a-moved-visit-gets-its-own-reminder.md).
 */
export const reminderKey = (visit: { id: string; scheduledDay: string; timeSlot: string }) =>
  `reminder:${visit.id}:${visit.scheduledDay}:${visit.timeSlot}`;
/** The same key, worked out by the database for the job's row as it is now. */
const reminderKeyOfRow = sql`'reminder:' || ${jobs.id} || ':' || ${jobs.scheduledDay}::text || ':' || ${jobs.timeSlot}`;
const MOVED = 'Not sent: the visit was moved';

/** The reminder time of the settings ("16:00", Perth) on a day, as an instant. */
const reminderTimeOn = (day: string, time: string) =>
  perthMoment(day, Number(time.slice(0, 2)), Number(time.slice(3, 5)));

/**
 * The visit reminder (docs/decisions/366-automated-messages-once-and-in-hours.md): the day before
 * the visit at the set time, Perth, an SMS and an email with the window and the manage link.
 * Queued only within 8 am-8 pm, so it goes at once; one due outside waits for 8 am (the visit's own
 * morning, while its slot has not started). Never for a cancelled job: the job's row is locked and
 * read again before queueing, and a reminder still waiting when its job is cancelled is taken back.
 * A booking made after the reminder time gets none: its confirmation has just gone.
 * Answers how many jobs were reminded.
 */
export async function sendVisitReminders(deps: MessageDeps): Promise<number> {
  const now = deps.clock.now();
  const { messages, business } = await deps.settings.current();
  await withdrawCancelledReminders(deps);
  await withdrawMovedReminders(deps);
  if (!messages.remindersOn || !isWithinSendWindow(now)) return 0;
  const today = perthToday(now);
  const tomorrow = addDays(today, 1);
  const days = now >= reminderTimeOn(today, messages.reminderTime) ? [today, tomorrow] : [today];
  const due = await deps.db
    .select({ id: jobs.id, day: jobs.scheduledDay, slot: jobs.timeSlot, createdAt: jobs.createdAt })
    .from(jobs)
    .where(
      and(
        eq(jobs.status, 'new'),
        inArray(jobs.scheduledDay, days),
        notExists(
          deps.db
            .select({ id: outboundEmails.id })
            .from(outboundEmails)
            .where(eq(outboundEmails.dedupeKey, reminderKeyOfRow)),
        ),
        notExists(
          deps.db.select({ id: outboundSms.id }).from(outboundSms).where(eq(outboundSms.dedupeKey, reminderKeyOfRow)),
        ),
      ),
    );
  let reminded = 0;
  for (const job of due) {
    if (hasSlotPassed(job.day, job.slot, now)) continue;
    if (job.createdAt >= reminderTimeOn(addDays(job.day, -1), messages.reminderTime)) continue;
    const sent = await deps.db.transaction(async (tx) => {
      // The job's row, locked: a cancel waits for this transaction, or this one sees the cancel; two instances take turns.
      const [v] = await tx.select().from(jobs).where(eq(jobs.id, job.id)).for('update');
      if (!v || v.status !== 'new' || (await queuedEither(tx, reminderKey(v)))) return false;
      // A fresh link: only the hash of the confirmation's is kept (docs/decisions/367-reminder-carries-a-fresh-manage-link.md).
      const manageUrl = manageLinkFor(deps.config, await issueManageToken(tx, v.id, deps.config.secrets));
      const email = v.contactEmail
        ? await queueEmailOnce(tx, deps.clock, {
            kind: REMINDER_KIND,
            jobId: v.id,
            to: v.contactEmail,
            dedupeKey: reminderKey(v),
            ...reminderEmail(business, v, manageUrl),
          })
        : false;
      const sms = await queueSms(tx, deps, {
        jobId: v.id,
        kind: REMINDER_KIND,
        to: v.contactPhone,
        body: reminderSms(business, v, manageUrl),
        dedupeKey: reminderKey(v),
        automated: true,
      });
      return email || sms === 'queued';
    });
    if (sent) reminded++;
  }
  return reminded;
}

/** Reminders not yet gone for jobs cancelled since they were queued are taken back. */
async function withdrawCancelledReminders(deps: MessageDeps): Promise<void> {
  await withdrawPending(
    deps.db,
    deps.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.status, 'cancelled')),
    [REMINDER_KIND],
    'Not sent: the visit was cancelled',
  );
}

/**
 * Reminders not yet gone for a visit since moved (their key names the old day or window) are taken
 * back: the old time must not reach the customer; the new visit gets its own reminder.
 */
async function withdrawMovedReminders(deps: MessageDeps): Promise<void> {
  const set = { status: 'failed' as const, lastError: MOVED, nextAttemptAt: null };
  // The message's own job, whose visit no longer matches the key the message was queued under.
  const moved = (message: typeof outboundEmails | typeof outboundSms) =>
    exists(
      deps.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.id, message.jobId), sql`${message.dedupeKey} <> ${reminderKeyOfRow}`)),
    );
  await deps.db
    .update(outboundEmails)
    .set(set)
    .where(and(eq(outboundEmails.kind, REMINDER_KIND), eq(outboundEmails.status, 'pending'), moved(outboundEmails)));
  await deps.db
    .update(outboundSms)
    .set(set)
    .where(and(eq(outboundSms.kind, REMINDER_KIND), eq(outboundSms.status, 'pending'), moved(outboundSms)));
}
