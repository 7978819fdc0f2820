import type { FastifyPluginAsync } from 'fastify';
import { bookings } from '../../shared/contracts/bookings';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { BOOKING_LIMIT, createBookingLimiter } from './booking-limit';
import { createBooking, quoteBooking } from './service';

export function bookingRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    const limiter = createBookingLimiter({ clock: deps.clock, phone: deps.config.business.phone }, { ...BOOKING_LIMIT, max: deps.config.bookingsPerAddress });

    // Decision 160: public callers get a number of quotes and bookings per address per 15 minutes; signed-in staff are exempt.
    addRoute(app, bookings.quote, async ({ actor, body, request }) => {
      if (!actor) limiter.hit(request.ip);
      // Decision 198: live holds are capped per public address too; staff quoting for a caller are not.
      return quoteBooking(deps, body, { clientAddress: actor ? null : request.ip });
    });

    addRoute(app, bookings.create, async ({ actor, body, request }) => {
      if (!actor) limiter.hit(request.ip);
      return createBooking(deps, actor, body);
    });
  };
}
