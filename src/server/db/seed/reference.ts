import { count } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../client';
import { suburbLandingPages, tyreStockPricing } from '../schema';
import { SERVICE_AREA, suburbSlug } from '../../../shared/reference/service-area';
import { buildLandingPage } from '../../suburbs/landing-content';
import { countUsers, createUser } from '../../auth/users';
import { TYRE_PRICE_LIST } from './tyre-prices';
import { readSettings, seedSettings, storeFirstStartSettings } from '../../settings/store';
import { landingBusinessOf, placeholderValuesOf, replaceStoredCopies } from '../../suburbs/stored-copies';

export type SeedReport = { tyrePrices: number; suburbPages: number; adminCreated: string | null; usersExist: boolean };

/** Reference data loaded on first start of an empty database; safe to run on every start. */
export async function seedReferenceData(db: Db, config: Config): Promise<SeedReport> {
  const report: SeedReport = { tyrePrices: 0, suburbPages: 0, adminCreated: null, usersExist: false };
  await storeFirstStartSettings(db, config, new Date());

  const [prices] = await db.select({ n: count() }).from(tyreStockPricing);
  if ((prices?.n ?? 0) === 0) {
    await db.insert(tyreStockPricing).values(TYRE_PRICE_LIST.map((t) => ({ ...t })));
    report.tyrePrices = TYRE_PRICE_LIST.length;
  }

  // Pages hold placeholders where they show the business's name, phone and opening days, filled
  // when a page is rendered (docs/decisions/285-suburb-page-placeholders.md).
  const stored = placeholderValuesOf(await readSettings(db, config));
  const [pages] = await db.select({ n: count() }).from(suburbLandingPages);
  if ((pages?.n ?? 0) === 0) {
    const business = landingBusinessOf(stored);
    const rows = SERVICE_AREA.map((s) => {
      const page = buildLandingPage(s, SERVICE_AREA, business);
      return {
        suburb: s.name,
        postcode: s.postcode,
        region: s.region,
        slug: suburbSlug(s.name),
        metaTitle: page.metaTitle,
        metaDescription: page.metaDescription,
        content: page.content,
        isActive: true,
      };
    });
    await db.insert(suburbLandingPages).values(rows).onConflictDoNothing();
    report.suburbPages = rows.length;
  } else {
    // Pages written before placeholders (or by hand) lose their copies of the settings, on every start.
    await db.transaction((tx) => replaceStoredCopies(tx, stored, [stored, placeholderValuesOf(seedSettings(config))]));
  }

  if ((await countUsers(db)) === 0) {
    if (config.firstAdmin) {
      await createUser({ db, config }, { ...config.firstAdmin, role: 'admin' });
      report.adminCreated = config.firstAdmin.username;
      report.usersExist = true;
    }
  } else {
    report.usersExist = true;
  }
  return report;
}
