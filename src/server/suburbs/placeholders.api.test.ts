import { eq, like } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPlaceholders } from '../../shared/domain/business-placeholders';
import { matchPublicPath } from '../../shared/public-routes';
import type { SuburbPageData } from '../../shared/schemas/suburbs';
import { suburbLandingPages } from '../db/schema';
import { seedReferenceData } from '../db/seed/reference';
import { loadPublicPage } from '../seo/page-data';
import { createPageCache } from '../site/page-cache';
import { createSettingsStore, readSettings, writeSetting } from '../settings/store';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { publicChangesHeard } from '../../../tests/helpers/public-changes';

/**
 * No stored copy of a setting (docs/decisions/285-suburb-page-placeholders.md): a suburb page
 * shows the business's phone as it is now, through the API and the rendered page, also after the
 * page was kept rendered; pages stored with literal copies lose them at the next start.
 */

let t: TestApp;
const OLD_PHONE = '08 5550 1234';
const NEW_PHONE = '0499 876 543';

beforeAll(async () => {
  t = await createTestApp({ env: { BUSINESS_PHONE: OLD_PHONE } });
  await seedReferenceData(t.db, t.config);
});
afterAll(async () => {
  await t?.close();
});

const countOf = (text: string, part: string) => text.split(part).length - 1;

async function storePhone(phone: string) {
  const { business } = await readSettings(t.db, t.config);
  await writeSetting(t.db, 'business', { ...business, phone }, null, t.clock.now());
  await publicChangesHeard(t.app, t.db);
}

describe('a changed business phone on the suburb pages', () => {
  it('the stored pages hold no copy of the phone or the name', async () => {
    const copies = await t.db
      .select({ slug: suburbLandingPages.slug })
      .from(suburbLandingPages)
      .where(like(suburbLandingPages.content, `%${OLD_PHONE}%`));
    expect(copies).toEqual([]);
    const named = await t.db
      .select({ slug: suburbLandingPages.slug })
      .from(suburbLandingPages)
      .where(like(suburbLandingPages.content, `%${t.config.business.name}%`));
    expect(named).toEqual([]);
  });

  it('shows the new number and not the old on the API and the rendered page, also once the page was kept rendered', async () => {
    // The page cache as the production site uses it, over this app's database and its changes.
    const settings = createSettingsStore({ db: t.db, config: t.config }, t.app.publicChanges);
    const site = Fastify();
    const pages = createPageCache(t.app.publicChanges);
    let renders = 0;
    site.get('/*', async (request, reply) =>
      pages.send(request, reply, request.url, async () => {
        renders++;
        const { status, page } = await loadPublicPage(matchPublicPath(request.url), {
          db: t.db,
          config: t.config,
          settings,
        });
        const data = page as SuburbPageData;
        return {
          status,
          html: data.found ? `<h1>${data.suburb.title}</h1>${data.suburb.content}` : 'Service Area Not Found',
        };
      }),
    );
    try {
      const first = await site.inject('/suburb/mandurah');
      expect(first.statusCode).toBe(200);
      expect(countOf(first.body, OLD_PHONE)).toBeGreaterThanOrEqual(1);
      expect((await site.inject('/suburb/mandurah')).body).toBe(first.body);
      expect(renders).toBe(1);
      const apiBefore = (await t.app.inject({ method: 'GET', url: '/api/suburbs/mobile-tyres-mandurah' })).json() as {
        content: string;
      };
      expect(apiBefore.content).toContain(OLD_PHONE);

      await storePhone(NEW_PHONE);

      const after = await site.inject('/suburb/mandurah');
      expect(renders).toBe(2);
      expect(after.body).toContain(NEW_PHONE);
      expect(after.body).not.toContain(OLD_PHONE);
      expect(countOf(after.body, NEW_PHONE)).toBe(countOf(first.body, OLD_PHONE));
      const api = (await t.app.inject({ method: 'GET', url: '/api/suburbs/mobile-tyres-mandurah' })).json() as {
        content: string;
        title: string;
      };
      expect(api.content).toContain(NEW_PHONE);
      expect(`${api.title} ${api.content}`).not.toContain(OLD_PHONE);
      expect(api.content).not.toMatch(/\{(phone|business|days|days-short)\}/);
    } finally {
      await site.close();
      await storePhone(OLD_PHONE);
    }
  });

  it('states the prepayment discount in force, never a stored amount', async () => {
    const saving = async () => {
      const pages = await t.db
        .select({
          content: suburbLandingPages.content,
          metaDescription: suburbLandingPages.metaDescription,
          slug: suburbLandingPages.slug,
        })
        .from(suburbLandingPages);
      const offering = pages.find((p) => p.content.includes('{prepaid-discount}'))!;
      expect(pages.filter((p) => p.content.includes('$30') || p.metaDescription.includes('$30'))).toEqual([]);
      return (
        (await t.app.inject({ method: 'GET', url: `/api/suburbs/mobile-tyres-${offering.slug}` })).json() as {
          content: string;
        }
      ).content;
    };
    expect(await saving()).toMatch(/save \$30\./);
    const { fees } = await readSettings(t.db, t.config);
    await writeSetting(t.db, 'fees', { ...fees, prepaidDiscount: 2500 }, null, t.clock.now());
    await publicChangesHeard(t.app, t.db);
    try {
      const content = await saving();
      expect(content).toMatch(/save \$25\./);
      expect(content).not.toContain('$30');
    } finally {
      await writeSetting(t.db, 'fees', fees, null, t.clock.now());
      await publicChangesHeard(t.app, t.db);
    }
  });

  it('a page stored with literal copies, from an older start, gets its placeholders back at the next start and keeps them', async () => {
    const [row] = await t.db.select().from(suburbLandingPages).where(eq(suburbLandingPages.slug, 'joondalup'));
    const business = {
      name: t.config.business.name,
      phone: '0411 000 999',
      businessDays: t.config.business.businessDays,
      prepaidDiscount: 3000,
    };
    // As the seed wrote every page before placeholders: the environment's phone of that day, twice.
    const literal = {
      metaTitle: fillPlaceholders(row!.metaTitle, business),
      metaDescription: fillPlaceholders(row!.metaDescription, business),
      content: fillPlaceholders(row!.content, business),
    };
    expect(countOf(literal.content, '0411 000 999')).toBeGreaterThanOrEqual(1);
    await t.db.update(suburbLandingPages).set(literal).where(eq(suburbLandingPages.id, row!.id));

    await seedReferenceData(t.db, t.config);
    const [fixed] = await t.db.select().from(suburbLandingPages).where(eq(suburbLandingPages.id, row!.id));
    expect(fixed).toEqual(row);
    await seedReferenceData(t.db, t.config);
    expect((await t.db.select().from(suburbLandingPages).where(eq(suburbLandingPages.id, row!.id)))[0]).toEqual(row);

    const shown = (await t.app.inject({ method: 'GET', url: '/api/suburbs/mobile-tyres-joondalup' })).json() as {
      content: string;
    };
    expect(shown.content).toContain(OLD_PHONE);
    expect(shown.content).not.toContain('0411 000 999');
  });
});
