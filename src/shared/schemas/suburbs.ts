import { z } from 'zod';

export const suburbRegion = z.enum(['Perth Metro', 'Peel Region', 'Hills and Extended']);

/** GET /api/suburbs/mobile-tyres-{suburb} and the suburb landing page's embedded data (docs/product.md "Public pages"). */
export const suburbPage = z.object({
  suburb: z.string(),
  slug: z.string(),
  postcode: z.string(),
  region: suburbRegion,
  title: z.string(),
  description: z.string(),
  /** Paragraphs separated by blank lines. */
  content: z.string(),
  nearby: z.array(z.object({ suburb: z.string(), slug: z.string(), postcode: z.string() })).optional(),
});
export type SuburbPage = z.infer<typeof suburbPage>;

/** What the server embeds as PageData.page on a suburb route: the page, or the slug that matched nothing. */
export type SuburbPageData =
  | { kind: 'suburb'; found: true; suburb: SuburbPage }
  | { kind: 'suburb'; found: false; slug: string };

/** One coverage box on the home page: a region and its featured suburbs (42 in three boxes: docs/product.md "Public pages"). */
export type FeaturedArea = { region: z.infer<typeof suburbRegion>; suburbs: { name: string; slug: string }[] };

/** The home page's embedded data: the featured suburbs, sent as data so the suburb list stays out of the JS bundle. */
export type HomePageData = { kind: 'home'; featured: FeaturedArea[] };
