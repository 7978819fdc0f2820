import { z } from 'zod';
import { messageDelivery, messageListQuery, outgoingMessage } from '../schemas/messages';
import { defineContract } from './contract';

export const messages = {
  list: defineContract({
    method: 'GET',
    path: '/api/dashboard/messages',
    access: 'admin',
    summary:
      'The outgoing text messages or emails to customers and their state (pending, sent, stored, failed), newest first; paged.',
    query: messageListQuery,
    response: z.array(outgoingMessage),
    paged: true,
  }),
  delivery: defineContract({
    method: 'GET',
    path: '/api/dashboard/messages/delivery',
    access: 'admin',
    summary: 'Whether texts and emails leave through a provider (Twilio, SMTP) or are only kept in the local outbox.',
    response: messageDelivery,
  }),
  smsInbound: defineContract({
    method: 'POST',
    path: '/api/sms/inbound',
    access: 'webhook',
    affects: ['messages'],
    summary:
      "Twilio's inbound text webhook, verified by X-Twilio-Signature: STOP opts the number out of texts, START opts it back in. Answers empty TwiML.",
    responseKind: 'file',
  }),
};
