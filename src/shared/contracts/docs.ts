import { z } from 'zod';
import { defineContract } from './contract';

/** The API described for the owner's future integrations (accounting, SMS). */
export const docs = {
  openApi: defineContract({
    method: 'GET',
    path: '/api/admin/openapi.json',
    access: 'admin',
    summary: 'This API as an OpenAPI 3.1 document.',
    response: z.record(z.string(), z.unknown()),
  }),
  reference: defineContract({
    method: 'GET',
    path: '/api/admin/api-reference',
    access: 'admin',
    summary: 'This API as a readable page.',
    responseKind: 'html',
  }),
};
