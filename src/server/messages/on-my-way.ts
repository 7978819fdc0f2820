import { and, desc, eq, gte } from 'drizzle-orm';
import type { OnMyWaySent } from '../../shared/contracts/customer-messages';
import { perthClockTime } from '../../shared/domain/perth-time';
import { isUuid } from '../../shared/schemas/fields';
import { jobs, outboundSms } from '../db/schema';
import { recordHistory } from '../history/history';
import type { SessionUser } from '../http/access';
import { conflict, notFound } from '../http/errors';
import { assertMayView, JOB_NOT_FOUND } from '../jobs/service';
import { queueSms } from '../sms/outbox';
import type { MessageDeps } from './deps';

export const ON_MY_WAY_KIND = 'on-my-way';
/** The arrival the text promises, and how long before another may go for the job (docs/decisions/368-on-my-way-text.md). */
export const ARRIVAL_MINUTES = 30;

export const onMyWayBody = (businessName: string, arrivesAt: Date) =>
  `${businessName.trim()}: your technician is on the way, arriving about ${perthClockTime(arrivesAt)}.`;

/**
 * Texts a job's customer that the technician is on the way (not an automated message: it goes at
 * once, whatever the hour). The admin or the job's technician, for a job in progress; refused when
 * one went for the job in the last 30 minutes (the job's row is locked while that is checked, so two
 * taps send one), when the phone is not a mobile, or when the number replied STOP.
 */
export async function sendOnMyWay(deps: MessageDeps, jobId: string, user: SessionUser): Promise<OnMyWaySent> {
  if (!isUuid(jobId)) throw notFound(JOB_NOT_FOUND);
  const { business } = await deps.settings.current();
  const sent = await deps.db.transaction(async (tx) => {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
    if (!job) throw notFound(JOB_NOT_FOUND);
    assertMayView(user, job);
    if (job.status !== 'in-progress')
      throw conflict('Start the job (en route) before texting the customer that you are on the way.');
    const now = deps.clock.now();
    const [last] = await tx
      .select({ createdAt: outboundSms.createdAt })
      .from(outboundSms)
      .where(
        and(
          eq(outboundSms.jobId, job.id),
          eq(outboundSms.kind, ON_MY_WAY_KIND),
          gte(outboundSms.createdAt, new Date(now.getTime() - ARRIVAL_MINUTES * 60_000)),
        ),
      )
      .orderBy(desc(outboundSms.createdAt))
      .limit(1);
    if (last) throw conflict(`Already texted at ${perthClockTime(last.createdAt)}`);
    const arrivesAt = new Date(now.getTime() + ARRIVAL_MINUTES * 60_000);
    const body = onMyWayBody(business.name, arrivesAt);
    const outcome = await queueSms(tx, deps, {
      jobId: job.id,
      kind: ON_MY_WAY_KIND,
      to: job.contactPhone,
      body,
      automated: false,
    });
    if (outcome === 'not-a-mobile') throw conflict("The customer's phone is not a mobile number: call them instead.");
    if (outcome === 'opted-out') throw conflict('The customer replied STOP to our texts: call them instead.');
    await recordHistory(tx, 'job', job.id, {
      at: now,
      actorId: user.id,
      kind: 'note',
      note: `Texted the customer: on the way, arriving about ${perthClockTime(arrivesAt)}`,
    });
    return { sentAt: now.toISOString(), arrivesAbout: perthClockTime(arrivesAt), body };
  });
  return sent;
}
