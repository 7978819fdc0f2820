import { eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Executor } from '../db/client';
import { outboundSms, smsOptOuts } from '../db/schema';
import { nextSendTime } from '../messages/send-window';
import { australianMobile } from '../../shared/domain/phone';

/** The confirmation of a booking just made: sent at once, even to a number that replied STOP. */
export const SMS_CONFIRMATION_KIND = 'booking-confirmation';

export type QueuedSms = {
  jobId?: string;
  kind: string;
  /** As the customer wrote it; normalised here. */
  to: string;
  body: string;
  /** A message that must go once only (e.g. `reminder:<jobId>`): a second one with the key is a 'duplicate'. */
  dedupeKey?: string;
  /** Automated messages wait for 8 am Perth when queued outside 8 am-8 pm (messages/send-window.ts). */
  automated: boolean;
};

export type QueueSmsOutcome = 'queued' | 'not-a-mobile' | 'opted-out' | 'duplicate';

/**
 * Writes a text message into the SMS outbox, in the caller's transaction when it has one; the
 * delivery loop (sms/delivery.ts) sends it afterwards, so a provider that is down never fails the
 * caller (docs/decisions/362-sms-channel.md). Only Australian mobiles get texts; a number that
 * replied STOP gets none but the confirmation of a booking just made. Nothing is thrown for any of
 * these: the outcome says what happened. The caller kicks delivery after its commit.
 */
export async function queueSms(exec: Executor, deps: { clock: Clock }, msg: QueuedSms): Promise<QueueSmsOutcome> {
  const to = australianMobile(msg.to);
  if (!to) return 'not-a-mobile';
  if (msg.kind !== SMS_CONFIRMATION_KIND) {
    const [optedOut] = await exec
      .select({ phone: smsOptOuts.phone })
      .from(smsOptOuts)
      .where(eq(smsOptOuts.phone, to))
      .limit(1);
    if (optedOut) return 'opted-out';
  }
  const now = deps.clock.now();
  // DO NOTHING on the dedupe key: a repeat changes nothing and never aborts the caller's transaction.
  const inserted = await exec
    .insert(outboundSms)
    .values({
      jobId: msg.jobId ?? null,
      kind: msg.kind,
      to,
      body: msg.body,
      status: 'pending',
      dedupeKey: msg.dedupeKey ?? null,
      createdAt: now,
      nextAttemptAt: msg.automated ? nextSendTime(now) : now,
    })
    .onConflictDoNothing({ target: outboundSms.dedupeKey })
    .returning({ id: outboundSms.id });
  return inserted.length > 0 ? 'queued' : 'duplicate';
}
