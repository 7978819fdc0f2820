import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingCreatedResponse, publicBookingRequest, quoteResponse, staffBookingRequest } from '../../shared/schemas/booking';
import type { AppDeps } from '../app';
import { resolveSessionUser } from '../auth/sessions';
import { createPublicBooking, createStaffBooking, quoteBooking } from './service';

/** The admin form always sends vehicle.color (blank when not filled in); the public wizard never does. */
function hasVehicleColor(body: unknown): boolean {
  const vehicle = (body as { vehicle?: unknown }).vehicle;
  return typeof vehicle === 'object' && vehicle !== null && 'color' in vehicle;
}

export function bookingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Bodies are parsed in the handler with the shared schemas (not the route schema) so the
    // 400 carries SPEC section 5's message for the first failing field, exactly as the form shows it.
    app.post('/api/bookings/quote', { config: { access: 'public' }, schema: { response: { 200: quoteResponse } } }, async (request) =>
      quoteBooking(deps, publicBookingRequest.parse(request.body ?? {})),
    );

    app.post('/api/bookings', { config: { access: 'public' }, schema: { response: { 200: bookingCreatedResponse } } }, async (request) => {
      const body = request.body ?? {};
      const user = await resolveSessionUser(deps, request);
      if (user?.isActive && (hasVehicleColor(body) || !publicBookingRequest.safeParse(body).success)) {
        return createStaffBooking(deps, staffBookingRequest.parse(body));
      }
      // Staff using the public wizard in the same browser send the public shape (no colour): book it as public.
      return createPublicBooking(deps, publicBookingRequest.parse(body));
    });
  };
}
