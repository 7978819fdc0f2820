import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatCents } from '../../shared/domain/money';
import { CALLBACK_MESSAGE } from '../../shared/domain/pricing';
import { tyrePriceResponse } from '../../shared/schemas/pricing';
import type { AppDeps } from '../app';
import { AppError } from '../http/errors';
import { lookupTyreUnitPriceCents } from './service';

export function pricingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/tyre-pricing/:size',
      { config: { access: 'public' }, schema: { params: z.object({ size: z.string().max(40) }), response: { 200: tyrePriceResponse } } },
      async (request) => {
        const cents = await lookupTyreUnitPriceCents(deps.db, request.params.size);
        // SPEC section 7: the 404 body is the callback-required result the wizard shows.
        if (cents === null) throw new AppError('NOT_FOUND', CALLBACK_MESSAGE, { callbackRequired: true });
        return { price: formatCents(cents) };
      },
    );
  };
}
