import { count } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../client';
import { suburbLandingPages, tyreStockPricing } from '../schema';
import { SERVICE_AREA, suburbSlug } from '../../../shared/reference/service-area';
import { buildLandingPage } from '../../suburbs/landing-content';
import { countAdmins, countUsers, createUser, findUserByUsername } from '../../auth/users';
import { TYRE_PRICE_LIST } from './tyre-prices';
import { readSettings, seedSettings, storeFirstStartSettings } from '../../settings/store';
import { landingBusinessOf, placeholderValuesOf, replaceStoredCopies } from '../../suburbs/stored-copies';

export type SeedReport = {
  tyrePrices: number;
  suburbPages: number;
  adminCreated: string | null;
  usersExist: boolean;
  /** Staff exist but no admin, and none could be made from ADMIN_USERNAME/ADMIN_PASSWORD. */
  noAdmin: boolean;
};

/** Reference data loaded on first start of an empty database; safe to run on every start. */
export async function seedReferenceData(db: Db, config: Config): Promise<SeedReport> {
  const report: SeedReport = { tyrePrices: 0, suburbPages: 0, adminCreated: null, usersExist: false, noAdmin: false };
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

  // The owner from ADMIN_USERNAME/ADMIN_PASSWORD while no admin exists: staff seeded without one (the
  // demo's technicians, loaded before the first start) must not lock the owner out (decision 111).
  const people = await countUsers(db);
  const first = config.firstAdmin;
  if ((await countAdmins(db)) === 0 && first && !(await findUserByUsername(db, first.username))) {
    await createUser({ db, config }, { ...first, role: 'admin' });
    report.adminCreated = first.username;
  }
  report.usersExist = people > 0 || report.adminCreated !== null;
  report.noAdmin = people > 0 && report.adminCreated === null && (await countAdmins(db)) === 0;
  return report;
}
