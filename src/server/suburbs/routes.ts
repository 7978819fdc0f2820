import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app';

export function suburbRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
