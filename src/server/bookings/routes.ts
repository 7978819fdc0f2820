import type { FastifyPluginAsync } from 'fastify';
import { bookings, staffBookings } from '../../shared/contracts/bookings';
import type { AppDeps } from '../deps';
import { addRoute, type ContractHandler } from '../http/contract-routes';
import { BOOKING_LIMIT, createBookingLimiter } from './booking-limit';
import { createPublicBooking, createStaffBooking, isStaffBookingBody, quoteBooking } from './service';

export function bookingRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    const limiter = createBookingLimiter(
      {
        db: deps.db,
        clock: deps.clock,
        phone: async () => (await deps.settings.current()).business.phone,
        log: deps.log,
      },
      { ...BOOKING_LIMIT, max: deps.config.bookingsPerAddress },
    );

    // Decisions 160, 221: public callers get a number of quotes and bookings per address per 15 minutes, counted
    // across instances (in the booking's own transaction, docs/decisions/396-fast-quote.md); signed-in staff are exempt.
    addRoute(app, bookings.quote, async ({ actor, body, request }) =>
      // Decision 198: live holds are capped per public address too; staff quoting for a caller are not.
      quoteBooking(deps, body, {
        clientAddress: actor ? null : request.ip,
        attempt: actor ? null : { limiter, key: request.ip },
      }),
    );

    const staffBooking: ContractHandler<typeof staffBookings.create> = async ({ actor, body }) =>
      createStaffBooking(deps, body, actor);
    addRoute(app, staffBookings.create, staffBooking);

    // POST /api/bookings also takes the staff booking from signed-in staff (decisions 130, 276).
    addRoute(
      app,
      bookings.create,
      async ({ actor, body, request }) => createPublicBooking(deps, body, actor ? null : { limiter, key: request.ip }),
      {
        sharedWith: {
          contract: staffBookings.create,
          when: (request) => isStaffBookingBody(request.body),
          handler: staffBooking,
        },
      },
    );
  };
}
