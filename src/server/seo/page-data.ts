import { businessHoursOf } from '../../shared/domain/business-hours';
import type { Config } from '../config';
import type { Settings } from '../settings/store';
import type { Db } from '../db/client';
import type { BusinessInfo } from '../../shared/schemas/site';
import type { PublicRoute } from '../../shared/public-routes';
import type { HomePageData, SuburbPageData } from '../../shared/schemas/suburbs';
import type { SettingsStore } from '../settings/store';
import { listFeaturedAreas, showSuburbPage } from '../suburbs/service';

/**
 * What every page knows about the business: the owner's stored profile (decision 280), read when
 * the page is rendered, so no page keeps an old copy; the rest is the server's configuration.
 */
export function businessInfoOf(config: Config, settings: Settings): BusinessInfo {
  const provider = config.paymentProvider;
  const b = settings.business;
  return {
    name: b.name,
    abn: b.abn,
    phone: b.phone,
    email: b.email,
    publicBaseUrl: config.publicBaseUrl,
    gstRegistered: b.gstRegistered,
    prepaidAvailable: provider !== 'none',
    paymentProvider: provider,
    stripePublishableKey: config.stripe?.publishableKey ?? null,
    googleMapsApiKey: config.googleMapsApiKey ?? null,
    emailDelivery: config.smtpUrl ? 'smtp' : 'stored',
    // Only what checkout can offer is promised: nothing online without a card provider (decision 410).
    onlineMethods:
      provider === 'none'
        ? { afterpay: false, zip: false, wallets: false }
        : {
            afterpay: settings.paymentMethods.afterpay,
            zip: settings.paymentMethods.zip,
            wallets: settings.paymentMethods.wallets,
          },
    hours: businessHoursOf(b.businessDays),
    fees: settings.fees,
  };
}

/** Loads what a public route needs before it is rendered, and decides its HTTP status. */
export async function loadPublicPage(
  route: PublicRoute,
  deps: { db: Db; config: Config; settings: SettingsStore },
): Promise<{ status: number; page?: unknown }> {
  if (route.name === 'not-found') return { status: 404 };
  if (route.name === 'home') return { status: 200, page: await homePageData(deps.db) };
  if (route.name === 'suburb') {
    const suburb = await showSuburbPage(deps, route.slug);
    // Unknown or inactive suburb: the 'Service Area Not Found' fallback with a real 404 (decision 122).
    const page: SuburbPageData = suburb
      ? { kind: 'suburb', found: true, suburb }
      : { kind: 'suburb', found: false, slug: route.slug };
    return { status: suburb ? 200 : 404, page };
  }
  return { status: 200 };
}

/** The home page's suburb boxes follow the active pages at once (decision 284). */
async function homePageData(db: Db): Promise<HomePageData> {
  return { kind: 'home', featured: await listFeaturedAreas(db) };
}
