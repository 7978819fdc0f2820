import { randomBytes } from 'node:crypto';
import { and, between, eq, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import type { ServiceType } from '../../shared/domain/services';
import { addDays, perthToday } from '../../shared/domain/perth-time';
import { customers, jobs, outboundEmails, outboundSms } from '../db/schema';
import { queueSms } from '../sms/outbox';
import type { MessageDeps } from './deps';
import { queueEmailOnce } from './queue-once';
import { isWithinSendWindow } from './send-window';
import { issueManageToken } from '../jobs/manage-link';
import { bookAgainUrlOf, RETURN_VISITS, returnVisitEmail, returnVisitSms } from './texts';

export const RETURN_VISIT_KIND = 'return-visit';
export const returnVisitKey = (jobId: string) => `return-visit:${jobId}`;
/** A return visit more overdue than this when the reminders began (or after the server was down) gets none. */
const CATCH_UP_DAYS = 30;

/** The day `months` before `day` (YYYY-MM-DD); the 31st of a shorter month rolls into the next. */
export function monthsBeforeDay(day: string, months: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
}

export const unsubscribeUrlOf = (config: { publicBaseUrl: string }, token: string) =>
  `${config.publicBaseUrl.replace(/\/+$/, '')}/unsubscribe/${token}`;

/**
 * Return-visit reminders, only for jobs whose customer ticked "Remind me when my tyres or battery
 * are due for a check": new tyres 6 months after the job (rotation and pressure check), a battery
 * 12 months after. Each names the business and carries the customer's one-click unsubscribe link;
 * an unsubscribed customer gets none (checked under the customer's row lock, which the unsubscribe
 * takes too). Answers how many were sent.
 */
export async function sendReturnVisitReminders(deps: MessageDeps): Promise<number> {
  const now = deps.clock.now();
  const { messages, business } = await deps.settings.current();
  if (!messages.returnVisitsOn || !isWithinSendWindow(now)) return 0;
  const today = perthToday(now);
  const windows = (Object.entries(RETURN_VISITS) as [ServiceType, { months: number }][]).map(
    ([service, { months }]) => {
      const latest = monthsBeforeDay(today, months);
      return and(eq(jobs.serviceType, service), between(jobs.scheduledDay, addDays(latest, -CATCH_UP_DAYS), latest));
    },
  );
  const due = await deps.db
    .select({ id: jobs.id, customerId: jobs.customerId })
    .from(jobs)
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .where(
      and(
        eq(jobs.returnVisitOptIn, true),
        inArray(jobs.status, ['completed', 'invoiced', 'paid']),
        or(...windows),
        isNull(customers.returnVisitsUnsubscribedAt),
        notExists(
          deps.db
            .select({ id: outboundEmails.id })
            .from(outboundEmails)
            .where(eq(outboundEmails.dedupeKey, sql`'return-visit:' || ${jobs.id}`)),
        ),
        notExists(
          deps.db
            .select({ id: outboundSms.id })
            .from(outboundSms)
            .where(eq(outboundSms.dedupeKey, sql`'return-visit:' || ${jobs.id}`)),
        ),
      ),
    );
  let sent = 0;
  for (const job of due) {
    const queued = await deps.db.transaction(async (tx) => {
      const [customer] = await tx.select().from(customers).where(eq(customers.id, job.customerId)).for('update');
      if (!customer || customer.returnVisitsUnsubscribedAt) return false;
      let token = customer.unsubscribeToken;
      if (!token) {
        token = randomBytes(24).toString('base64url');
        await tx.update(customers).set({ unsubscribeToken: token }).where(eq(customers.id, customer.id));
      }
      const [v] = await tx.select().from(jobs).where(eq(jobs.id, job.id));
      if (!v) return false;
      const unsubscribeUrl = unsubscribeUrlOf(deps.config, token);
      // "Book again" through a fresh link of this job's own: its earlier manage link lapsed long ago (decision 412).
      const bookAgainUrl = bookAgainUrlOf(deps.config, await issueManageToken(tx, v.id, deps.config.secrets));
      const email = v.contactEmail
        ? await queueEmailOnce(tx, deps.clock, {
            kind: RETURN_VISIT_KIND,
            jobId: v.id,
            to: v.contactEmail,
            dedupeKey: returnVisitKey(v.id),
            ...returnVisitEmail(business, v, { bookUrl: deps.config.publicBaseUrl, unsubscribeUrl, bookAgainUrl }),
          })
        : false;
      const sms = await queueSms(tx, deps, {
        jobId: v.id,
        kind: RETURN_VISIT_KIND,
        to: v.contactPhone,
        body: returnVisitSms(business, v, { unsubscribeUrl, bookAgainUrl }),
        dedupeKey: returnVisitKey(v.id),
        automated: true,
      });
      return email || sms === 'queued';
    });
    if (queued) sent++;
  }
  return sent;
}
