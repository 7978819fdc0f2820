import { z } from 'zod';
import { pageQuery, pageSizeQuery } from './fields';

export const MESSAGE_CHANNELS = ['sms', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const CHANNEL_MESSAGE = 'Channel must be sms or email';

export const messageListQuery = z.object({
  channel: z.enum(MESSAGE_CHANNELS, { message: CHANNEL_MESSAGE }),
  page: pageQuery(),
  pageSize: pageSizeQuery(),
});

/**
 * One outgoing message to a customer, text or email, as admins read it under Settings:
 * 'pending' waits for its time or a retry, 'sent' left through the provider, 'stored' was kept in
 * the local outbox (no provider configured), 'failed' was given up after its retries.
 */
export const outgoingMessage = z.object({
  id: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  kind: z.string(),
  jobId: z.string().nullable(),
  to: z.string(),
  /** The email's subject; null for a text. */
  subject: z.string().nullable(),
  text: z.string(),
  status: z.enum(['pending', 'sent', 'stored', 'failed']),
  attempts: z.number(),
  lastError: z.string().nullable(),
  /** When it goes (or is next tried), while pending. */
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutgoingMessage = z.infer<typeof outgoingMessage>;

/** How each channel delivers: through a provider, or only kept in the local outbox. */
export const messageDelivery = z.object({ sms: z.enum(['twilio', 'local']), email: z.enum(['smtp', 'local']) });
export type MessageDelivery = z.infer<typeof messageDelivery>;
