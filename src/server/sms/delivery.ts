import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { outboundSms, smsOptOuts } from '../db/schema';
import {
  claimDue,
  createDeliveryPasses,
  retryDelayMs,
  type DeliveryPasses,
  type DeliveryReport,
} from '../emails/delivery-passes';
import { SmsSendError, TWILIO_UNSUBSCRIBED, type SmsSender } from './provider';

/**
 * The SMS outbox's delivery, through the same passes as the email outbox's (emails/delivery-passes.ts,
 * docs/decisions/363-sms-delivery.md): texts are written to outbound_sms first (sms/outbox.ts
 * queueSms) and delivered here afterwards, so a provider that is down never fails a booking. Each
 * message is claimed alone with SKIP LOCKED and a lease, so several passes, in several instances,
 * send it exactly once; failures are retried with backoff and kept with their last error.
 */
export type SmsOutbox = DeliveryPasses & {
  /** 'local': no SMS provider configured, texts are kept for staff to read. */
  readonly provider: SmsSender['kind'];
};

export const MAX_SMS_ATTEMPTS = 8;

type SmsRow = typeof outboundSms.$inferSelect;
/** A provider's refusal may quote the number: kept out of the log line (the outbox row has it for staff). */
const withoutNumbers = (text: string) => text.replace(/\+?\d[\d\s]{7,}\d/g, '<number>').slice(0, 500);

export function createSmsOutbox(deps: { db: Db; clock: Clock; sender: SmsSender; log: FastifyBaseLogger }): SmsOutbox {
  const { db, clock, sender, log } = deps;

  const claimOne = (): Promise<SmsRow | undefined> => claimDue(db, outboundSms, clock.now());

  /** Still ours: pending, and no later claim has bumped the attempt number since we took it. */
  async function settle(sms: SmsRow, values: Partial<typeof outboundSms.$inferInsert>): Promise<boolean> {
    const updated = await db
      .update(outboundSms)
      .set(values)
      .where(and(eq(outboundSms.id, sms.id), eq(outboundSms.status, 'pending'), eq(outboundSms.attempts, sms.attempts)))
      .returning({ id: outboundSms.id });
    if (updated.length === 0)
      log.warn(
        { smsId: sms.id, attempts: sms.attempts },
        'SMS claim was lost (lease expired and another pass took it); result not recorded',
      );
    return updated.length > 0;
  }

  async function deliverOne(sms: SmsRow, report: DeliveryReport): Promise<void> {
    let providerId: string | null;
    try {
      ({ providerId } = await sender.send({ to: sms.to, body: sms.body }));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const givenUp = sms.attempts >= MAX_SMS_ATTEMPTS || (err instanceof SmsSendError && err.permanent);
      const recorded = await settle(sms, {
        status: givenUp ? 'failed' : 'pending',
        lastError: message.slice(0, 1000),
        nextAttemptAt: givenUp ? null : new Date(clock.now().getTime() + retryDelayMs(sms.attempts)),
      });
      // A STOP Twilio heard and our webhook did not (down, or not yet pointed at us): kept, so no later text is tried.
      if (err instanceof SmsSendError && err.code === TWILIO_UNSUBSCRIBED)
        await db.insert(smsOptOuts).values({ phone: sms.to, createdAt: clock.now() }).onConflictDoNothing();
      if (recorded)
        log.warn(
          { smsId: sms.id, jobId: sms.jobId, attempts: sms.attempts, err: withoutNumbers(message) },
          givenUp ? 'SMS delivery failed; giving up' : 'SMS delivery failed; will retry',
        );
      report.failed++;
      return;
    }
    if (sender.kind === 'local') {
      await settle(sms, { status: 'stored', lastError: null, nextAttemptAt: null });
      log.info(
        { smsId: sms.id, jobId: sms.jobId, kind: sms.kind },
        'SMS not sent: no SMS provider configured (local outbox)',
      );
      report.stored++;
    } else {
      await settle(sms, { status: 'sent', sentAt: clock.now(), providerId, lastError: null, nextAttemptAt: null });
      report.sent++;
    }
  }

  return {
    provider: sender.kind,
    ...createDeliveryPasses({ clock, log, what: 'SMS', claim: claimOne, deliver: deliverOne }),
  };
}
