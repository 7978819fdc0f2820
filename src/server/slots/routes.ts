import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TIME_SLOTS } from '../../shared/domain/slots';
import { isoDay, timeSlotItem, timeSlotsQuery } from '../../shared/schemas/slots';
import type { AppDeps } from '../app';
import { listSlotAvailability } from './service';

const slotAvailability = z.object({ slot: z.enum(TIME_SLOTS), isAvailable: z.boolean() });

export function slotRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const availability = (day: string) =>
    listSlotAvailability(deps.db, day, { now: deps.clock.now(), businessDays: deps.config.business.businessDays });

  return async (app) => {
    // SPEC section 7 names three shapes for one question; all three come from listSlotAvailability.
    app.get(
      '/api/time-slots',
      { config: { access: 'public' }, schema: { querystring: timeSlotsQuery, response: { 200: z.array(timeSlotItem) } } },
      async (request) => availability(request.query.date),
    );

    app.get(
      '/api/time-slots/availability',
      { config: { access: 'public' }, schema: { querystring: timeSlotsQuery, response: { 200: z.array(slotAvailability) } } },
      async (request) => (await availability(request.query.date)).map(({ slot, isAvailable }) => ({ slot, isAvailable })),
    );

    app.get(
      '/api/time-slots/:isoDate',
      { config: { access: 'public' }, schema: { params: z.object({ isoDate: isoDay }), response: { 200: z.array(timeSlotItem) } } },
      async (request) => availability(request.params.isoDate),
    );
  };
}
