import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { suburbLandingPages } from '../db/schema';
import { fillPlaceholders } from '../../shared/domain/business-placeholders';
import { placeholderValuesOf } from './stored-copies';
import {
  FEATURED_SUBURBS,
  findSuburbBySlug,
  REGIONS,
  SERVICE_AREA,
  suburbSlug,
} from '../../shared/reference/service-area';
import type { FeaturedArea, SuburbPage } from '../../shared/schemas/suburbs';
import type { AppDeps } from '../deps';
import { suburbRegion } from '../../shared/schemas/suburbs';
import { nearbySuburbs } from './landing-content';

/**
 * Accepts "mandurah", "Mandurah", and the legacy first-space-only form ("white-gum valley"). The
 * slug arrives decoded by the router and is not decoded again (docs/decisions/335-a-path-is-decoded-once.md).
 */
export function canonicalSuburbSlug(slug: string): string {
  const known = findSuburbBySlug(slug);
  return known ? suburbSlug(known.name) : suburbSlug(slug);
}

/**
 * A landing page's columns under their wire names (the meta title and description are the page's
 * title and description), so a row read with them is the page as it is (decision 260; held by
 * shapes.test.ts). The region is text in the table and checked against the known regions here.
 */
export const SUBURB_PAGE_COLUMNS = {
  suburb: suburbLandingPages.suburb,
  slug: suburbLandingPages.slug,
  postcode: suburbLandingPages.postcode,
  region: suburbLandingPages.region,
  title: suburbLandingPages.metaTitle,
  description: suburbLandingPages.metaDescription,
  content: suburbLandingPages.content,
};

/**
 * The active landing page for a suburb slug, with its nearest served neighbours; undefined when
 * unknown or inactive. Its words are as stored, with placeholders: visitors get `showSuburbPage`.
 */
export async function getSuburbPage(db: Db, rawSlug: string): Promise<SuburbPage | undefined> {
  const slug = canonicalSuburbSlug(rawSlug);
  // A slug is letters, digits and hyphens: anything else ("%27" left from a twice-encoded path) is no page, not a query.
  if (!/^[\p{L}\p{N}-]{1,100}$/u.test(slug)) return undefined;
  const [row] = await db
    .select(SUBURB_PAGE_COLUMNS)
    .from(suburbLandingPages)
    .where(and(eq(suburbLandingPages.slug, slug), eq(suburbLandingPages.isActive, true)))
    .limit(1);
  if (!row) return undefined;
  const region = suburbRegion.safeParse(row.region);
  const ref = findSuburbBySlug(row.slug);
  let nearby: SuburbPage['nearby'];
  if (ref) {
    const candidates = nearbySuburbs(ref, SERVICE_AREA, 6).map((s) => suburbSlug(s.name));
    const active = await db
      .select({
        suburb: suburbLandingPages.suburb,
        slug: suburbLandingPages.slug,
        postcode: suburbLandingPages.postcode,
      })
      .from(suburbLandingPages)
      .where(and(inArray(suburbLandingPages.slug, candidates), eq(suburbLandingPages.isActive, true)));
    nearby = candidates.flatMap((c) => active.filter((a) => a.slug === c));
  }
  return { ...row, region: region.success ? region.data : 'Perth Metro', ...(nearby ? { nearby } : {}) };
}

/** Every active suburb page, for the sitemap. */
export async function listActiveSuburbSlugs(db: Db): Promise<string[]> {
  const rows = await db
    .select({ slug: suburbLandingPages.slug })
    .from(suburbLandingPages)
    .where(eq(suburbLandingPages.isActive, true))
    .orderBy(asc(suburbLandingPages.slug));
  return rows.map((r) => r.slug);
}

/**
 * A suburb's page as a visitor reads it: the placeholders filled from the business profile as it
 * is now (docs/decisions/285-suburb-page-placeholders.md), so a changed phone shows at once.
 */
export async function showSuburbPage(
  deps: Pick<AppDeps, 'db' | 'settings'>,
  rawSlug: string,
): Promise<SuburbPage | undefined> {
  const page = await getSuburbPage(deps.db, rawSlug);
  if (!page) return undefined;
  const values = placeholderValuesOf(await deps.settings.current());
  return {
    ...page,
    title: fillPlaceholders(page.title, values),
    description: fillPlaceholders(page.description, values),
    content: fillPlaceholders(page.content, values),
  };
}

/**
 * The home page's suburb boxes (docs/product.md "Public pages"; decision 284): the featured suburbs
 * whose page is active, then the active suburbs the owner added, each box in name order.
 */
export async function listFeaturedAreas(db: Db): Promise<FeaturedArea[]> {
  const active = await db
    .select({ suburb: suburbLandingPages.suburb, slug: suburbLandingPages.slug, region: suburbLandingPages.region })
    .from(suburbLandingPages)
    .where(eq(suburbLandingPages.isActive, true))
    .orderBy(asc(suburbLandingPages.suburb));
  const activeSlugs = new Set(active.map((a) => a.slug));
  return REGIONS.map((region) => ({
    region,
    suburbs: [
      ...FEATURED_SUBURBS[region]
        .map((s) => ({ name: s.name, slug: suburbSlug(s.name) }))
        .filter((s) => activeSlugs.has(s.slug)),
      ...active
        .filter((a) => a.region === region && !findSuburbBySlug(a.slug))
        .map((a) => ({ name: a.suburb, slug: a.slug })),
    ],
  }));
}
