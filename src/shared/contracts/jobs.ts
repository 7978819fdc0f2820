import { z } from 'zod';
import { jobWithDetails } from '../schemas/jobs';
import { defineContract } from './contract';

const jobId = z.string().max(64);

/** The dashboard's jobs (docs/product.md "Job statuses and their moves"). */
export const jobs = {
  get: defineContract({
    method: 'GET',
    path: '/api/dashboard/jobs/:id',
    access: 'staff',
    summary: 'One job with its customer, vehicle and photos (a technician: only jobs assigned to them).',
    params: z.object({ id: jobId }),
    response: jobWithDetails,
  }),
  photo: defineContract({
    method: 'GET',
    path: '/api/dashboard/jobs/:id/photos/:photoId',
    access: 'staff',
    summary: "A job photo's image.",
    params: z.object({ id: jobId, photoId: z.string().max(64) }),
    responseKind: 'file',
  }),
};
