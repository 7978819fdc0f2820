import type { FastifyPluginAsync } from 'fastify';
import { pricing } from '../../shared/contracts/pricing';
import { formatCents } from '../../shared/domain/money';
import { CALLBACK_MESSAGE } from '../../shared/domain/pricing';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { AppError } from '../http/errors';
import { lookupTyreUnitPriceCents } from './service';

export function pricingRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    addRoute(app, pricing.tyrePrice, async ({ params }) => {
      const cents = await lookupTyreUnitPriceCents(deps.db, params.size);
      // The 404 body is the callback-required result the wizard shows (docs/product.md "Prices and fees").
      if (cents === null) throw new AppError('NOT_FOUND', CALLBACK_MESSAGE, { callbackRequired: true });
      return { price: formatCents(cents) };
    });
  };
}
