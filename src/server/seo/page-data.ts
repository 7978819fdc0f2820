import type { Config } from '../config';
import type { Db } from '../db/client';
import type { BusinessInfo } from '../../shared/schemas/site';
import type { PublicRoute } from '../../shared/public-routes';
import type { HomePageData, SuburbPageData } from '../../shared/schemas/suburbs';
import type { SettingsStore } from '../settings/store';
import { listFeaturedAreas, showSuburbPage } from '../suburbs/service';

export function businessInfoOf(config: Config): BusinessInfo {
  const provider = config.paymentProvider;
  return {
    name: config.business.name,
    abn: config.business.abn,
    phone: config.business.phone,
    email: config.business.email,
    publicBaseUrl: config.publicBaseUrl,
    gstRegistered: config.business.gstRegistered,
    prepaidAvailable: provider !== 'none',
    paymentProvider: provider,
    stripePublishableKey: config.stripe?.publishableKey ?? null,
    googleMapsApiKey: config.googleMapsApiKey ?? null,
    emailDelivery: config.smtpUrl ? 'smtp' : 'stored',
    hours: config.business.hours,
  };
}

/** Loads what a public route needs before it is rendered, and decides its HTTP status. */
export async function loadPublicPage(route: PublicRoute, deps: { db: Db; config: Config; settings: SettingsStore }): Promise<{ status: number; page?: unknown }> {
  if (route.name === 'not-found') return { status: 404 };
  if (route.name === 'home') return { status: 200, page: await homePageData(deps.db) };
  if (route.name === 'suburb') {
    const suburb = await showSuburbPage(deps, route.slug);
    // Unknown or inactive suburb: the 'Service Area Not Found' fallback with a real 404 (decision 122).
    const page: SuburbPageData = suburb ? { kind: 'suburb', found: true, suburb } : { kind: 'suburb', found: false, slug: route.slug };
    return { status: suburb ? 200 : 404, page };
  }
  return { status: 200 };
}

/** The home page's suburb boxes follow the active pages at once (decision 284). */
async function homePageData(db: Db): Promise<HomePageData> {
  return { kind: 'home', featured: await listFeaturedAreas(db) };
}
