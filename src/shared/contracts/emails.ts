import { z } from 'zod';
import { emailDelivery, outboxEmail, outboxQuery } from '../schemas/emails';
import { defineContract } from './contract';

export const emails = {
  delivery: defineContract({
    method: 'GET',
    path: '/api/admin/email-delivery',
    access: 'admin',
    summary: 'Whether customer emails leave the machine (SMTP) or are only stored for admins to read.',
    response: emailDelivery,
  }),
  outbox: defineContract({
    method: 'GET',
    path: '/api/admin/outbox',
    access: 'admin',
    summary: 'The latest customer emails, newest first, as stored in the outbox (decision 170).',
    query: outboxQuery,
    response: z.array(outboxEmail),
  }),
};
