import { z } from 'zod';
import {
  bulkChangeRequest,
  bulkChangeResult,
  importQuery,
  importResult,
  tyrePrice,
  tyrePriceIdParams,
  tyrePriceListQuery,
  tyrePriceRequest,
  tyrePriceUpdateRequest,
} from '../schemas/tyre-prices';
import { defineContract } from './contract';

/**
 * The owner's price list and the supplier CSV import (decisions 280-283). Admin only: purchase
 * prices and margins are the business's, and a technician gets 403. Every write changes what the
 * public price lookup answers, so each affects `pricing` too.
 */
export const tyrePrices = {
  list: defineContract({
    method: 'GET',
    path: '/api/dashboard/tyre-prices',
    access: 'admin',
    summary:
      'The price list by size, brand and model, searched by size, brand or model; inactive rows included and marked; paged.',
    query: tyrePriceListQuery,
    response: z.array(tyrePrice),
    paged: true,
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/dashboard/tyre-prices',
    access: 'admin',
    affects: ['tyrePrices', 'pricing'],
    summary: 'Adds a row to the price list; 409 when the size, brand and model are already listed.',
    body: tyrePriceRequest,
    response: tyrePrice,
    status: 201,
  }),
  update: defineContract({
    method: 'PATCH',
    path: '/api/dashboard/tyre-prices/:id',
    access: 'admin',
    affects: ['tyrePrices', 'pricing'],
    summary: 'Edits any field of a row; isActive alone activates or deactivates it.',
    params: tyrePriceIdParams,
    body: tyrePriceUpdateRequest,
    response: tyrePrice,
  }),
  bulkChange: defineContract({
    method: 'POST',
    path: '/api/dashboard/tyre-prices/bulk',
    access: 'admin',
    affects: ['tyrePrices', 'pricing'],
    summary:
      'Changes the retail or purchase price of every row matching a brand, rim size or search by a percentage or an amount; dryRun lists each change without writing it.',
    body: bulkChangeRequest,
    response: bulkChangeResult,
  }),
  importFile: defineContract({
    method: 'POST',
    path: '/api/dashboard/tyre-prices/import',
    access: 'admin',
    affects: ['tyrePrices', 'pricing'],
    summary:
      'Imports a supplier CSV (multipart, field file: size, brand, model, purchase price, retail price, optional stock). dryRun (the default) answers what would change; a file with refused lines writes nothing (400) unless skipRefused.',
    query: importQuery,
    body: z.object({ file: z.string().meta({ format: 'binary' }) }),
    multipart: true,
    response: importResult,
    otherResponses: { 400: importResult.extend({ error: z.literal('VALIDATION'), message: z.string() }) },
  }),
};
