import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { SERVICE_AREA, suburbSlug } from '../../shared/reference/service-area';
import type {
  AdminSuburbPage,
  createSuburbPageRequest,
  suburbPageListQuery,
  updateSuburbPageRequest,
} from '../../shared/schemas/suburb-pages';
import { suburbRegion } from '../../shared/schemas/suburbs';
import { isUuid } from '../../shared/schemas/fields';
import { withPlaceholders } from '../../shared/domain/business-placeholders';
import { placeholderValuesOf } from './stored-copies';
import type { Executor } from '../db/client';
import { suburbLandingPages } from '../db/schema';
import type { AppDeps } from '../deps';
import { recordSettingChanges, type SettingChange } from '../history/history';
import { conflict, notFound } from '../http/errors';
import type { SessionUser } from '../http/access';
import { seedSettings } from '../settings/store';
import { contentChange } from './content-change';

/**
 * The owner's suburb pages (docs/decisions/284-suburb-pages-from-the-dashboard.md): list, add,
 * edit and (de)activate, each change with its settings history lines in the same transaction
 * (decision 280). A change NOTIFYs `pages:*` through the table's trigger, so the public page, the
 * sitemap and the home page's boxes follow at once on every instance.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'settings' | 'config'>;
type Row = typeof suburbLandingPages.$inferSelect;

const NOT_FOUND = 'Suburb page not found.';

function toAdminPage(row: Row): AdminSuburbPage {
  const region = suburbRegion.safeParse(row.region);
  return {
    id: row.id,
    suburb: row.suburb,
    slug: row.slug,
    postcode: row.postcode,
    region: region.success ? region.data : 'Perth Metro',
    title: row.metaTitle,
    description: row.metaDescription,
    content: row.content,
    isActive: row.isActive,
  };
}

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** By suburb name, filtered by search (name, postcode, slug), region and status, with the total for X-Total-Count. */
export async function listSuburbPages(
  deps: Pick<Deps, 'db'>,
  query: z.output<typeof suburbPageListQuery>,
): Promise<{ items: AdminSuburbPage[]; total: number }> {
  const where: SQL[] = [];
  if (query.region && query.region !== 'all') where.push(eq(suburbLandingPages.region, query.region));
  if (query.status === 'active') where.push(eq(suburbLandingPages.isActive, true));
  if (query.status === 'inactive') where.push(eq(suburbLandingPages.isActive, false));
  if (query.search) {
    const like = likeText(query.search);
    where.push(
      or(
        ilike(suburbLandingPages.suburb, like),
        ilike(suburbLandingPages.postcode, like),
        ilike(suburbLandingPages.slug, like),
      )!,
    );
  }
  const filter = where.length ? and(...where) : undefined;
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select()
      .from(suburbLandingPages)
      .where(filter)
      .orderBy(asc(suburbLandingPages.suburb), asc(suburbLandingPages.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db.select({ n: count() }).from(suburbLandingPages).where(filter),
  ]);
  return { items: rows.map(toAdminPage), total: counted?.n ?? 0 };
}

/** Every value a text may hold a copy of: the profile as it is now and the environment's first-start values. */
async function knownValues(deps: Deps) {
  return [placeholderValuesOf(await deps.settings.current()), placeholderValuesOf(seedSettings(deps.config))];
}

/** A name or slug already served is refused with the page it clashes with (docs/decisions/284-suburb-pages-from-the-dashboard.md). */
async function assertNoClash(exec: Executor, suburb: string, slug: string): Promise<void> {
  const [same] = await exec
    .select({ suburb: suburbLandingPages.suburb, slug: suburbLandingPages.slug })
    .from(suburbLandingPages)
    .where(or(eq(suburbLandingPages.slug, slug), sql`lower(${suburbLandingPages.suburb}) = lower(${suburb})`))
    .limit(1);
  if (same?.slug === slug)
    throw conflict(`Slug "${slug}" is already the page of ${same.suburb}`, {
      fields: { suburb: `Slug "${slug}" is already the page of ${same.suburb}` },
    });
  if (same)
    throw conflict(`${same.suburb} already has a suburb page`, {
      fields: { suburb: `${same.suburb} already has a suburb page` },
    });
  const curated = SERVICE_AREA.find((s) => suburbSlug(s.name) === slug);
  // A curated suburb keeps its own name for its slug: a page under it would be one the site already links to.
  if (curated && curated.name.toLowerCase() !== suburb.toLowerCase())
    throw conflict(`Slug "${slug}" is already the page of ${curated.name}`, {
      fields: { suburb: `Slug "${slug}" is already the page of ${curated.name}` },
    });
}

export async function createSuburbPage(
  deps: Deps,
  actor: SessionUser,
  body: z.output<typeof createSuburbPageRequest>,
): Promise<AdminSuburbPage> {
  const slug = suburbSlug(body.suburb);
  const known = await knownValues(deps);
  const at = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await assertNoClash(tx, body.suburb, slug);
    const [row] = await tx
      .insert(suburbLandingPages)
      .values({
        suburb: body.suburb,
        slug,
        postcode: body.postcode,
        region: body.region,
        metaTitle: withPlaceholders(body.title, known),
        metaDescription: withPlaceholders(body.description, known),
        content: withPlaceholders(body.content, known),
        isActive: body.isActive ?? true,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning();
    // Added at the same moment by someone else: the same refusal as above.
    if (!row)
      throw conflict(`Slug "${slug}" is already the page of ${body.suburb}`, {
        fields: { suburb: `Slug "${slug}" is already the page of ${body.suburb}` },
      });
    await recordSettingChanges(tx, [
      {
        subject: `suburb-page:${row.id}`,
        label: row.suburb,
        at,
        actorId: actor.id,
        kind: 'created',
        to: `/suburb/${row.slug}`,
        note: `${row.suburb} ${row.postcode}, ${row.region}, ${row.isActive ? 'active' : 'inactive'}`,
      },
    ]);
    return toAdminPage(row);
  });
}

export async function updateSuburbPage(
  deps: Deps,
  actor: SessionUser,
  id: string,
  body: z.output<typeof updateSuburbPageRequest>,
): Promise<AdminSuburbPage> {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  const known = await knownValues(deps);
  const at = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(suburbLandingPages).where(eq(suburbLandingPages.id, id)).for('update');
    if (!row) throw notFound(NOT_FOUND);
    const next = {
      metaTitle: body.title === undefined ? row.metaTitle : withPlaceholders(body.title, known),
      metaDescription: body.description === undefined ? row.metaDescription : withPlaceholders(body.description, known),
      content: body.content === undefined ? row.content : withPlaceholders(body.content, known),
      isActive: body.isActive ?? row.isActive,
    };
    const line = (change: Omit<SettingChange, 'subject' | 'label' | 'at' | 'actorId'>): SettingChange => ({
      subject: `suburb-page:${row.id}`,
      label: row.suburb,
      at,
      actorId: actor.id,
      ...change,
    });
    const changes: SettingChange[] = [];
    if (next.metaTitle !== row.metaTitle)
      changes.push(line({ kind: 'changed', field: 'Title', from: row.metaTitle, to: next.metaTitle }));
    if (next.metaDescription !== row.metaDescription)
      changes.push(
        line({ kind: 'changed', field: 'Description', from: row.metaDescription, to: next.metaDescription }),
      );
    if (next.content !== row.content)
      changes.push(line({ kind: 'changed', field: 'Content', ...contentChange(row.content, next.content) }));
    if (next.isActive !== row.isActive)
      changes.push(
        line({
          kind: next.isActive ? 'activated' : 'deactivated',
          field: 'Active',
          from: row.isActive ? 'Yes' : 'No',
          to: next.isActive ? 'Yes' : 'No',
        }),
      );
    // Nothing changed: nothing written, so no page cache is emptied and no history line says otherwise.
    if (changes.length === 0) return toAdminPage(row);
    const [updated] = await tx.update(suburbLandingPages).set(next).where(eq(suburbLandingPages.id, id)).returning();
    await recordSettingChanges(tx, changes);
    return toAdminPage(updated!);
  });
}
