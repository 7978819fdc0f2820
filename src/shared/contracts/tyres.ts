import { z } from 'zod';
import { jobIdParams } from '../schemas/jobs';
import { manageTokenParams } from '../schemas/manage';
import {
  fittedTyre,
  customerTyre,
  fittedTyresRequest,
  reorderQuery,
  stockLine,
  stockMovementRequest,
  stockQuery,
  stockRulesRequest,
  tyreAvailability,
  tyreAvailabilityQuery,
  tyreSettings,
  tyreSettingsRequest,
  warrantyClaim,
  warrantyClaimRequest,
  warrantyQuery,
  warrantyTyre,
} from '../schemas/tyres';
import {
  jobPart,
  jobPartRequest,
  tyrePart,
  tyrePartIdParams,
  jobPartLineParams,
  tyrePartRequest,
  tyrePartUpdateRequest,
} from '../schemas/tyre-parts';
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
  warranty: defineContract({
    method: 'GET',
    path: '/api/dashboard/warranty',
    access: 'admin',
    summary:
      "A customer's fitted tyres found by registration, phone or job number, with each warranty's end and whether it is still in force.",
    query: warrantyQuery,
    response: z.array(warrantyTyre),
  }),
  claimWarranty: defineContract({
    method: 'POST',
    path: '/api/dashboard/warranty/claims',
    access: 'admin',
    affects: ['tyres', 'jobs', 'slots', 'staffSlots'],
    summary:
      "Opens a new job for a warranty claim on a fitted tyre, linked to the job that fitted it, priced by the owner's rule (labour free by default).",
    body: warrantyClaimRequest,
    response: warrantyClaim,
    status: 201,
  }),
  manageTyres: defineContract({
    method: 'GET',
    path: '/api/manage/:token/tyres',
    access: 'public',
    summary: "The tyres fitted on the customer's car behind a manage link, with each warranty's end date.",
    params: manageTokenParams,
    response: z.array(customerTyre),
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
  updateStockRules: defineContract({
    method: 'PUT',
    path: '/api/dashboard/stock',
    access: 'admin',
    affects: ['tyres'],
    summary: 'Sets the reorder minimum and supplier of sizes and brands; answers the stock.',
    body: stockRulesRequest,
    response: z.array(stockLine),
  }),
  moveStock: defineContract({
    method: 'POST',
    path: '/api/dashboard/stock/movements',
    access: 'staff',
    affects: ['tyres'],
    summary:
      "A load (depot to van), a return (van to depot) or a stock take (the owner's; the difference goes to the audit log). Refused when it would make stock negative.",
    body: stockMovementRequest,
    response: z.array(stockLine),
    status: 201,
  }),
  reorder: defineContract({
    method: 'GET',
    path: '/api/dashboard/stock/reorder',
    access: 'admin',
    summary:
      "What to order: sizes and brands below the owner's minimum across the vans and the depot, by supplier; JSON, or CSV with ?format=csv.",
    query: reorderQuery,
    responseKind: 'file',
  }),
  // Valves and TPMS sensors (docs/decisions/432-valves-and-tpms-sensors.md).
  parts: defineContract({
    method: 'GET',
    path: '/api/dashboard/tyre-parts',
    access: 'staff',
    summary:
      "The owner's valves and TPMS sensors with their retail price (GST included) and, to an admin, purchase price.",
    response: z.array(tyrePart),
  }),
  addPart: defineContract({
    method: 'POST',
    path: '/api/dashboard/tyre-parts',
    access: 'admin',
    affects: ['tyres'],
    summary:
      'Adds a valve or TPMS sensor to the price list (kind, name, retail price, purchase price); kept in the audit log.',
    body: tyrePartRequest,
    response: tyrePart,
    status: 201,
  }),
  updatePart: defineContract({
    method: 'PATCH',
    path: '/api/dashboard/tyre-parts/:id',
    access: 'admin',
    affects: ['tyres'],
    summary:
      "Changes a part's name or prices, or takes it off the phones' list (isActive false); kept in the audit log.",
    params: tyrePartIdParams,
    body: tyrePartUpdateRequest,
    response: tyrePart,
  }),
  jobParts: defineContract({
    method: 'GET',
    path: '/api/dashboard/jobs/:id/parts',
    access: 'staff',
    summary: "The valves and TPMS sensors added to a job, priced as when added; an admin or the job's technician.",
    params: jobIdParams,
    response: z.array(jobPart),
  }),
  addJobPart: defineContract({
    method: 'POST',
    path: '/api/dashboard/jobs/:id/parts',
    access: 'staff',
    affects: ['tyres', 'jobs'],
    summary:
      "Adds a quantity (1-20) of a part of the price list to a job, before its invoice; the job's invoice lists it as its own line. An admin or the job's technician. Answers the job's parts.",
    params: jobIdParams,
    body: jobPartRequest,
    response: z.array(jobPart),
    status: 201,
  }),
  removeJobPart: defineContract({
    method: 'DELETE',
    path: '/api/dashboard/jobs/:id/parts/:lineId',
    access: 'staff',
    affects: ['tyres', 'jobs'],
    summary:
      "Takes a part's line off a job, before its invoice (a part added by mistake); the job's history says so. An admin or the job's technician. Answers the job's parts.",
    params: jobPartLineParams,
    response: z.array(jobPart),
  }),
  availability: defineContract({
    method: 'GET',
    path: '/api/tyre-availability',
    access: 'public',
    summary:
      'Whether new tyres of a size are in stock (a booking reserves them) or to be ordered, and the first day a visit can fit them (today, or today plus the lead time).',
    query: tyreAvailabilityQuery,
    response: tyreAvailability,
  }),
};
