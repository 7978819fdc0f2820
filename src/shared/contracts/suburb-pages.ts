import { z } from 'zod';
import {
  adminSuburbPage,
  createSuburbPageRequest,
  suburbPageIdParams,
  suburbPageListQuery,
  updateSuburbPageRequest,
} from '../schemas/suburb-pages';
import type { ContractDef } from './contract';
import { defineContract } from './contract';

/**
 * The owner's suburb pages (docs/decisions/280-owner-settings-in-the-database.md,
 * docs/decisions/284-suburb-pages-from-the-dashboard.md). Admin only. A change shows at once on
 * the public page, the sitemap and the home page's suburb boxes.
 */
export const suburbPages = {
  list: defineContract({
    method: 'GET',
    path: '/api/dashboard/suburb-pages',
    access: 'admin',
    summary:
      'Suburb pages by name, filtered by search text (name, postcode, slug), region and active or inactive; paged.',
    query: suburbPageListQuery,
    response: z.array(adminSuburbPage),
    paged: true,
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/dashboard/suburb-pages',
    access: 'admin',
    affects: ['suburbPages', 'suburbs', 'settings'],
    summary:
      "Adds a suburb and its page; the slug is made from the name as the site makes it; 409 when the name or slug is already a page's.",
    body: createSuburbPageRequest,
    response: adminSuburbPage,
    status: 201,
  }),
  update: defineContract({
    method: 'PATCH',
    path: '/api/dashboard/suburb-pages/:id',
    access: 'admin',
    affects: ['suburbPages', 'suburbs', 'settings'],
    summary: "Edits a suburb page's title, description or content, or activates or deactivates it.",
    params: suburbPageIdParams,
    body: updateSuburbPageRequest,
    response: adminSuburbPage,
  }),
} satisfies Record<string, ContractDef>;
