import { z } from 'zod';
import { wholeNumber } from './fields';

/** One stored customer email, as admins read it under Settings (decision 170). */
export const outboxEmail = z.object({
  id: z.string(),
  kind: z.string(),
  jobId: z.string().nullable(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  text: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
});
export type OutboxEmail = z.infer<typeof outboxEmail>;

export const outboxQuery = z.object({ limit: wholeNumber('Limit', 1, 200).default(50) });

/** 'smtp' when SMTP_URL is set; 'stored' when every email is only kept in the outbox. */

/** How customer emails leave, and whether this browser session has put the notice about it away (so the server's page already leaves it out). */
export const emailDelivery = z.object({ mode: z.enum(['smtp', 'stored']), noticePutAway: z.boolean() });
