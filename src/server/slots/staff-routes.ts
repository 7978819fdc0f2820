import type { FastifyPluginAsync } from 'fastify';
import { staffSlots } from '../../shared/contracts/slots';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { blockDay, blockSlot, listStaffSlotCalendar, unblockDay, unblockSlot } from './staff-service';

/** Time slots as staff manage them (docs/product.md "Time slots and business days"); admin only, by contract. */
export function staffSlotRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    addRoute(app, staffSlots.calendar, async ({ query }) => listStaffSlotCalendar(deps, query.from, query.days));
    addRoute(app, staffSlots.block, async ({ params, body }) => blockSlot(deps, params.date, params.slot, body.reason));
    addRoute(app, staffSlots.unblock, async ({ params }) => unblockSlot(deps, params.date, params.slot));
    addRoute(app, staffSlots.blockDay, async ({ params, body }) => blockDay(deps, params.date, body.reason));
    addRoute(app, staffSlots.unblockDay, async ({ params }) => unblockDay(deps, params.date));
  };
}
