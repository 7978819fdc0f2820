import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app';

export function bookingRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
