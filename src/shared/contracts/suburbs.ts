import { z } from 'zod';
import { suburbPage } from '../schemas/suburbs';
import { defineContract } from './contract';

export const suburbs = {
  page: defineContract({
    method: 'GET',
    path: '/api/suburbs/mobile-tyres-:suburb',
    access: 'public',
    summary: "A suburb landing page's content; 404 'Service Area Not Found'.",
    params: z.object({ suburb: z.string().min(1).max(120) }),
    response: suburbPage,
  }),
};
