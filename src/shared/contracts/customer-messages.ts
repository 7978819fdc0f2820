import { z } from 'zod';
import { jobIdParams } from '../schemas/jobs';
import { defineContract } from './contract';

/** What the "on my way" text answers: when it was queued, the arrival time it promised, and its words. */
export const onMyWaySent = z.object({ sentAt: z.string(), arrivesAbout: z.string(), body: z.string() });
export type OnMyWaySent = z.infer<typeof onMyWaySent>;

/**
 * Messages staff send to a job's customer from the server (docs/decisions/368-on-my-way-text.md):
 * the admin or the job's technician texts "on the way" from the job dialog.
 */
export const customerMessages = {
  onMyWay: defineContract({
    method: 'POST',
    path: '/api/dashboard/jobs/:id/on-my-way',
    access: 'staff',
    affects: ['jobs', 'customerMessages'],
    summary:
      'Texts the customer of a job in progress "{business}: your technician is on the way, arriving about {time}" (now + 30 minutes, Perth), at once. The admin or the assigned technician only; 409 when one was sent for the job within 30 minutes, or the phone takes no texts.',
    params: jobIdParams,
    response: onMyWaySent,
  }),
};
