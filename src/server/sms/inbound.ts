import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { smsOptOuts } from '../db/schema';
import { australianMobile } from '../../shared/domain/phone';

/** Replies that opt a number out of texts: the keywords carriers and Twilio honour (docs/decisions/364-sms-replies.md). */
export const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
/** Replies that opt it back in; Twilio itself resumes delivery on these too. */
export const START_WORDS = ['START', 'UNSTOP', 'YES'] as const;

export type ReplyOutcome = 'opted-out' | 'opted-in' | 'ignored';

/** What a reply's text asks for: only the whole reply counts ("stop." too), not a word inside a sentence. */
export function replyIntent(body: string): 'stop' | 'start' | null {
  const word = body
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  if ((STOP_WORDS as readonly string[]).includes(word)) return 'stop';
  if ((START_WORDS as readonly string[]).includes(word)) return 'start';
  return null;
}

/**
 * Records a customer's reply: STOP keeps every later text but a booking confirmation from the
 * number (sms/outbox.ts queueSms), START lets them through again. Anything else is left for staff
 * to read on their phone; nothing is stored.
 */
export async function recordReply(
  exec: Executor,
  reply: { from: string; body: string },
  now: Date,
): Promise<ReplyOutcome> {
  const intent = replyIntent(reply.body);
  // Twilio sends E.164; a number that is not an Australian mobile was never texted by us.
  const phone = australianMobile(reply.from);
  if (!intent || !phone) return 'ignored';
  if (intent === 'stop') {
    await exec.insert(smsOptOuts).values({ phone, createdAt: now }).onConflictDoNothing();
    return 'opted-out';
  }
  await exec.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
  return 'opted-in';
}
