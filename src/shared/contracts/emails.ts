import { z } from 'zod';
import { outboxEmail, outboxQuery } from '../schemas/emails';
import { defineContract } from './contract';

export const emails = {
  outbox: defineContract({
    method: 'GET',
    path: '/api/admin/outbox',
    access: 'admin',
    summary: 'The latest customer emails, newest first, as stored in the outbox (decision 170).',
    query: outboxQuery,
    response: z.array(outboxEmail),
  }),
};
