import type { Config } from '../config';
import type { Db } from '../db/client';
import type { BusinessInfo } from '../../shared/schemas/site';
import type { PublicRoute } from '../../shared/public-routes';

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
  };
}

/** Loads what a public route needs before it is rendered, and decides its HTTP status. */
export async function loadPublicPage(route: PublicRoute, _deps: { db: Db; config: Config }): Promise<{ status: number; page?: unknown }> {
  if (route.name === 'not-found') return { status: 404 };
  return { status: 200 };
}
