import { z } from 'zod';
import { jobIdParams } from '../schemas/jobs';
import {
  fittedTyre,
  fittedTyresRequest,
  stockLine,
  stockQuery,
  tyreSettings,
  tyreSettingsRequest,
} from '../schemas/tyres';
import { defineContract } from './contract';

/**
 * The tyre trade's own records (docs/decisions/414-tyre-records.md): the tyres fitted on each job,
 * the warranty they carry, and the stock on each van and in the depot. A technician records tyres
 * on their own jobs only; stock counts, minimums and the tyre settings are the owner's.
 */
export const tyres = {
  fittedTyres: defineContract({
    method: 'GET',
    path: '/api/dashboard/jobs/:id/fitted-tyres',
    access: 'staff',
    summary:
      "The tyres fitted on a job, by position, with their DOT date, age mark and warranty end; an admin or the job's technician.",
    params: jobIdParams,
    response: z.array(fittedTyre),
  }),
  recordFittedTyres: defineContract({
    method: 'POST',
    path: '/api/dashboard/jobs/:id/fitted-tyres',
    access: 'staff',
    affects: ['tyres', 'jobs'],
    summary:
      "Records tyres fitted on a job (position once per job, size the price list reads, DOT week 01-53 not in the future, the old tyre kept or left for disposal); a tyre over six years old needs confirmOverAge; fromVanId takes it from that van's stock. Answers the job's tyres.",
    params: jobIdParams,
    body: fittedTyresRequest,
    response: z.array(fittedTyre),
    status: 201,
  }),
  settings: defineContract({
    method: 'GET',
    path: '/api/dashboard/tyre-settings',
    access: 'staff',
    summary:
      "The owner's tyre settings: warranty months, claims' labour, order lead time, disposal levy, reorder minimum.",
    response: tyreSettings,
  }),
  updateSettings: defineContract({
    method: 'PUT',
    path: '/api/dashboard/tyre-settings',
    access: 'admin',
    affects: ['tyres', 'pricing'],
    summary: "Changes the owner's tyre settings; kept in the audit log.",
    body: tyreSettingsRequest,
    response: tyreSettings,
  }),
  stock: defineContract({
    method: 'GET',
    path: '/api/dashboard/stock',
    access: 'staff',
    summary: 'Tyres on each van and in the depot by size and brand (one place with ?location=van-2).',
    query: stockQuery,
    response: z.array(stockLine),
  }),
};
