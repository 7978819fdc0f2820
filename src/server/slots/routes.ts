import type { FastifyPluginAsync } from 'fastify';
import { slots } from '../../shared/contracts/slots';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { listSlotAvailability } from './service';

export function slotRoutes(deps: AppDeps): FastifyPluginAsync {
  const availability = (day: string) =>
    listSlotAvailability(deps.db, day, { now: deps.clock.now(), businessDays: deps.config.business.businessDays });

  return async (app) => {
    // Three shapes for one question; all three come from listSlotAvailability.
    addRoute(app, slots.list, async ({ query }) => availability(query.date));
    addRoute(app, slots.availability, async ({ query }) => (await availability(query.date)).map(({ slot, isAvailable }) => ({ slot, isAvailable })));
    addRoute(app, slots.forDay, async ({ params }) => availability(params.isoDate));
  };
}
