import { z } from 'zod';
import { REGIONS } from '../reference/service-area';
import { notes, oneLineText, pageQuery, pageSizeQuery, stripControls } from './fields';
import { suburbRegion } from './suburbs';

/**
 * The owner's suburb pages (docs/decisions/280-owner-settings-in-the-database.md,
 * docs/decisions/284-suburb-pages-from-the-dashboard.md): the dashboard's list, the add-a-suburb
 * form and the edit form. The forms and the server read these schemas, so a refusal carries the
 * message the form shows.
 */

/** Search engines cut a title after about 60 characters and a description after about 160. */
export const SUBURB_PAGE_LIMITS = { suburb: 60, title: 60, description: 160, content: 10_000 } as const;

export const SUBURB_NAME_RULE = 'Suburb name may hold only letters, spaces, hyphens and apostrophes';
export const POSTCODE_RULE = 'Postcode must be 4 digits from 6000 to 6999 (Western Australia)';
export const REGION_RULE = `Region must be one of ${REGIONS.join(', ')}`;

/** A name whose slug the public route can serve (letters, hyphens): "Halls Head", "O'Connor", "Wattle Grove-North". */
const suburbName = z
  .string({ message: 'Suburb name is required' })
  .overwrite((v) =>
    stripControls(v)
      .trim()
      .replace(/\s+/g, ' ')
      .replace(/[\u2018\u2019`]/g, "'"),
  )
  .min(1, 'Suburb name is required')
  .max(SUBURB_PAGE_LIMITS.suburb, `Suburb name must be at most ${SUBURB_PAGE_LIMITS.suburb} characters`)
  .regex(/^[A-Za-z](?:[A-Za-z' -]*[A-Za-z])?$/, SUBURB_NAME_RULE);

const postcode = z
  .string({ message: 'Postcode is required' })
  .trim()
  .min(1, 'Postcode is required')
  .regex(/^6\d{3}$/, POSTCODE_RULE);
const region = z.enum(suburbRegion.options, { message: REGION_RULE });
const title = oneLineText('Title', SUBURB_PAGE_LIMITS.title, 'Title is required');
const description = oneLineText('Description', SUBURB_PAGE_LIMITS.description, 'Description is required');
const content = notes(SUBURB_PAGE_LIMITS.content, 'Content').pipe(z.string().min(1, 'Content is required'));

/** The edit form: the page's words. */
export const suburbPageForm = z.object({ title, description, content });

/** POST /api/dashboard/suburb-pages: a suburb not yet served, with its page; its slug is made from the name as the site makes it. */
export const createSuburbPageRequest = suburbPageForm.extend({
  suburb: suburbName,
  postcode,
  region,
  isActive: z.boolean({ message: 'Active must be true or false' }).optional(),
});
export type CreateSuburbPageRequest = z.input<typeof createSuburbPageRequest>;

/** PATCH /api/dashboard/suburb-pages/{id}: any of the words, and active or not. */
export const updateSuburbPageRequest = suburbPageForm
  .partial()
  .extend({ isActive: z.boolean({ message: 'Active must be true or false' }).optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Nothing to change: give a title, description, content or active',
  });
export type UpdateSuburbPageRequest = z.input<typeof updateSuburbPageRequest>;

export const SUBURB_PAGE_STATUSES = ['all', 'active', 'inactive'] as const;

export const suburbPageListQuery = z.object({
  search: oneLineText('Search', 100).optional(),
  region: z
    .enum(['all', ...suburbRegion.options], { message: `Region must be all or ${REGIONS.join(', ')}` })
    .optional(),
  status: z.enum(SUBURB_PAGE_STATUSES, { message: 'Status must be all, active or inactive' }).optional(),
  page: pageQuery(),
  pageSize: pageSizeQuery(),
});
export type SuburbPageListQuery = z.input<typeof suburbPageListQuery>;

/** A suburb page as the dashboard edits it: its words as stored, placeholders and all. */
export const adminSuburbPage = z.object({
  id: z.string(),
  suburb: z.string(),
  slug: z.string(),
  postcode: z.string(),
  region: suburbRegion,
  title: z.string(),
  description: z.string(),
  content: z.string(),
  isActive: z.boolean(),
});
export type AdminSuburbPage = z.infer<typeof adminSuburbPage>;

export const suburbPageIdParams = z.object({ id: z.string().max(64) });
