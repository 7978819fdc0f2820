import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { timeSlotItem, timeSlotsQuery } from '../../shared/schemas/slots';
import type { AppDeps } from '../app';
import { listSlotAvailability } from './service';

export function slotRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/time-slots',
      { config: { access: 'public' }, schema: { querystring: timeSlotsQuery, response: { 200: z.array(timeSlotItem) } } },
      async (request) =>
        listSlotAvailability(deps.db, request.query.date, { now: deps.clock.now(), businessDays: deps.config.business.businessDays }),
    );
  };
}
