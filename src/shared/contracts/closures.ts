import { z } from 'zod';
import {
  closure,
  closureCreated,
  closureIdParams,
  closureJobsConflict,
  closureListQuery,
  createClosureRequest,
} from '../schemas/closures';
import type { ContractDef } from './contract';
import { defineContract } from './contract';

/**
 * The owner's closures (decision 280; docs/decisions/287-closures-in-the-business-calendar.md):
 * days the business is shut beyond its opening days. Admin only, like every owner's setting.
 */
export const closures = {
  list: defineContract({
    method: 'GET',
    path: '/api/dashboard/closures',
    access: 'admin',
    summary: 'Closures that have not ended, first day first; with past=true the ended ones follow, latest first.',
    query: closureListQuery,
    response: z.array(closure),
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/dashboard/closures',
    access: 'admin',
    affects: ['closures', 'slots', 'staffSlots', 'jobs', 'invoices', 'reports', 'settings'],
    summary:
      "Closes a day or a range with a reason. Days holding live jobs answer 409 listing them unless jobs is 'keep' (the jobs stay) or 'cancel' (each cancelled with the policy refund and its customer emailed, all or nothing).",
    body: createClosureRequest,
    response: closureCreated,
    status: 201,
    otherResponses: { 409: closureJobsConflict },
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/dashboard/closures/:id',
    access: 'admin',
    affects: ['closures', 'slots', 'staffSlots', 'settings'],
    summary: 'Reopens the days of a closure.',
    params: closureIdParams,
    responseKind: 'empty',
  }),
} satisfies Record<string, ContractDef>;
