import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bookingCreatedResponse, publicBookingRequest, quoteResponse, staffBookingRequest } from '../../shared/schemas/booking';
import type { AppDeps } from '../app';
import { resolveSessionUser } from '../auth/sessions';
import { AppError } from '../http/errors';
import { BOOKING_LIMIT, createBookingLimiter } from './booking-limit';
import { createPublicBooking, createStaffBooking, quoteBooking } from './service';

/** The admin form always sends vehicle.color (blank when not filled in); the public wizard never does. */
function hasVehicleColor(body: unknown): boolean {
  const vehicle = (body as { vehicle?: unknown }).vehicle;
  return typeof vehicle === 'object' && vehicle !== null && 'color' in vehicle;
}

export function bookingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const limiter = createBookingLimiter({ clock: deps.clock, phone: deps.config.business.phone }, { ...BOOKING_LIMIT, max: deps.config.bookingsPerAddress });

    /** Decision 160: public callers get 20 quotes/bookings per address per 15 minutes; signed-in staff are exempt. */
    function limitPublic(request: FastifyRequest, reply: FastifyReply): void {
      try {
        limiter.hit(request.ip);
      } catch (err) {
        if (err instanceof AppError && err.code === 'RATE_LIMITED') reply.header('Retry-After', String(err.extra.retryAfterSeconds));
        throw err;
      }
    }

    // Bodies are parsed in the handler with the shared schemas (not the route schema) so the
    // 400 carries SPEC section 5's message for the first failing field, exactly as the form shows it.
    app.post('/api/bookings/quote', { config: { access: 'public' }, schema: { response: { 200: quoteResponse } } }, async (request, reply) => {
      const user = await resolveSessionUser(deps, request);
      if (!user?.isActive) limitPublic(request, reply);
      return quoteBooking(deps, publicBookingRequest.parse(request.body ?? {}));
    });

    app.post('/api/bookings', { config: { access: 'public' }, schema: { response: { 200: bookingCreatedResponse } } }, async (request, reply) => {
      const body = request.body ?? {};
      const user = await resolveSessionUser(deps, request);
      if (user?.isActive && (hasVehicleColor(body) || !publicBookingRequest.safeParse(body).success)) {
        return createStaffBooking(deps, staffBookingRequest.parse(body), { role: user.role });
      }
      if (!user?.isActive) limitPublic(request, reply);
      // Staff using the public wizard in the same browser send the public shape (no colour): book it as public.
      return createPublicBooking(deps, publicBookingRequest.parse(body));
    });
  };
}
