import { and, eq, gte, inArray, lte, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { customers, jobs, outboundEmails, outboundSms } from '../db/schema';
import { queueSms } from '../sms/outbox';
import type { MessageDeps } from './deps';
import { queueEmailOnce } from './queue-once';
import { isWithinSendWindow } from './send-window';
import { issueManageToken } from '../jobs/manage-link';
import { bookAgainUrlOf, reviewEmail, reviewSms } from './texts';

export const REVIEW_KIND = 'review-request';
export const reviewKey = (jobId: string) => `review:${jobId}`;
/** A customer is asked for a review at most once in this many months (docs/decisions/366-automated-messages-once-and-in-hours.md). */
export const REVIEW_EVERY_MONTHS = 6;
/** A job paid longer ago than this when the requests began (or after the server was down) gets none. */
const CATCH_UP_DAYS = 7;

const monthsBefore = (at: Date, months: number) => {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
};

/** Whether the customer was sent a review request, by email or text, for any of their jobs since `since`. */
async function askedSince(exec: Executor, customerId: string, since: Date): Promise<boolean> {
  const theirJobs = exec.select({ id: jobs.id }).from(jobs).where(eq(jobs.customerId, customerId));
  const [email] = await exec
    .select({ id: outboundEmails.id })
    .from(outboundEmails)
    .where(
      and(
        eq(outboundEmails.kind, REVIEW_KIND),
        gte(outboundEmails.createdAt, since),
        inArray(outboundEmails.jobId, theirJobs),
      ),
    )
    .limit(1);
  if (email) return true;
  const [text] = await exec
    .select({ id: outboundSms.id })
    .from(outboundSms)
    .where(
      and(eq(outboundSms.kind, REVIEW_KIND), gte(outboundSms.createdAt, since), inArray(outboundSms.jobId, theirJobs)),
    )
    .limit(1);
  return Boolean(text);
}

/**
 * The thank-you with the Google review link from the business profile, the set number of hours
 * after a job is paid, only when a review link is set, and at most once per customer in six months:
 * the customer's row is locked while that is checked, so two jobs paid together, or two instances,
 * ask once. Answers how many were asked.
 */
export async function sendReviewRequests(deps: MessageDeps): Promise<number> {
  const now = deps.clock.now();
  const { messages, business } = await deps.settings.current();
  if (!messages.reviewRequestsOn || !business.reviewUrl.trim() || !isWithinSendWindow(now)) return 0;
  const paidBy = new Date(now.getTime() - messages.reviewDelayHours * 3_600_000);
  const paidFrom = new Date(paidBy.getTime() - CATCH_UP_DAYS * 86_400_000);
  const since = monthsBefore(now, REVIEW_EVERY_MONTHS);
  const due = await deps.db
    .select({ id: jobs.id, customerId: jobs.customerId })
    .from(jobs)
    .where(
      and(
        eq(jobs.status, 'paid'),
        lte(jobs.paidAt, paidBy),
        gte(jobs.paidAt, paidFrom),
        notExists(
          deps.db
            .select({ id: outboundEmails.id })
            .from(outboundEmails)
            .where(eq(outboundEmails.dedupeKey, sql`'review:' || ${jobs.id}`)),
        ),
        notExists(
          deps.db
            .select({ id: outboundSms.id })
            .from(outboundSms)
            .where(eq(outboundSms.dedupeKey, sql`'review:' || ${jobs.id}`)),
        ),
      ),
    )
    .orderBy(jobs.paidAt);
  let asked = 0;
  for (const job of due) {
    const sent = await deps.db.transaction(async (tx) => {
      await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, job.customerId)).for('update');
      if (await askedSince(tx, job.customerId, since)) return false;
      const [v] = await tx.select().from(jobs).where(eq(jobs.id, job.id));
      if (!v || v.status !== 'paid') return false;
      // The thank-you carries "Book again" through a fresh link of this job's own (decision 412).
      const bookAgainUrl = v.contactEmail
        ? bookAgainUrlOf(deps.config, await issueManageToken(tx, v.id, deps.config.secrets))
        : undefined;
      const email = v.contactEmail
        ? await queueEmailOnce(tx, deps.clock, {
            kind: REVIEW_KIND,
            jobId: v.id,
            to: v.contactEmail,
            dedupeKey: reviewKey(v.id),
            ...reviewEmail(business, v, bookAgainUrl),
          })
        : false;
      const sms = await queueSms(tx, deps, {
        jobId: v.id,
        kind: REVIEW_KIND,
        to: v.contactPhone,
        body: reviewSms(business),
        dedupeKey: reviewKey(v.id),
        automated: true,
      });
      return email || sms === 'queued';
    });
    if (sent) asked++;
  }
  return asked;
}
