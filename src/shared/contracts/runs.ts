import { dayRun, runParams, runQuery } from '../schemas/runs';
import { defineContract } from './contract';

/**
 * A technician's day run (docs/product.md "Staff dashboard"; decision 315): an admin reads anyone's,
 * a technician only their own. No write names this area: its reads sit under
 * /api/dashboard/technicians, the jobs area's technicians list, so every job write that affects
 * `jobs` reads the run again too (decision 278).
 */
export const runs = {
  dayRun: defineContract({
    method: 'GET',
    path: '/api/dashboard/technicians/:id/run',
    access: 'staff',
    summary:
      "A technician's live jobs on a day in slot order, with one Google Maps directions link through every stop.",
    params: runParams,
    query: runQuery,
    response: dayRun,
  }),
  runSheet: defineContract({
    method: 'GET',
    path: '/api/dashboard/technicians/:id/run.pdf',
    access: 'staff',
    summary: 'The same run as a printable run sheet (PDF), a line for signature and notes under each stop.',
    params: runParams,
    query: runQuery,
    responseKind: 'file',
  }),
};
