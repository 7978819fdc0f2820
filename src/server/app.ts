import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { Config } from './config';
import type { Clock } from './clock';
import { systemClock } from './clock';
import type { Db } from './db/client';
import { registerAccessControl } from './http/access';
import { resolveSessionUser } from './auth/sessions';
import { AppError, registerErrorHandling } from './http/errors';
import { registerSecurity } from './http/security';
import { authRoutes } from './auth/routes';
import { bookingRoutes } from './bookings/routes';
import { jobRoutes } from './jobs/routes';
import { paymentRoutes } from './payments/routes';
import { photoRoutes } from './photos/routes';
import { pricingRoutes } from './pricing/routes';
import { seoRoutes } from './seo/routes';
import { slotRoutes } from './slots/routes';
import { suburbRoutes } from './suburbs/routes';
import { teamRoutes } from './team/routes';
import { registerWeb, type WebMode } from './site/serve';

export type AppDeps = {
  config: Config;
  db: Db;
  clock: Clock;
};

export type BuildAppOptions = {
  config: Config;
  db: Db;
  clock?: Clock;
  /** 'none' for API tests, 'dev' for Vite middleware, 'prod' for the built assets. */
  web?: WebMode;
  logger?: FastifyBaseLogger;
};

/** Builds the whole server without listening, so tests run it in-process. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const deps: AppDeps = { config: opts.config, db: opts.db, clock: opts.clock ?? systemClock };
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    trustProxy: opts.config.trustProxy,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurity(app, opts.config);
  await app.register((await import('@fastify/cookie')).default);
  registerAccessControl(app, (request) => resolveSessionUser(deps, request));

  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  app.get('/healthz', async (_request, reply) => {
    try {
      await deps.db.execute(sql`select 1`);
      return { status: 'ok', database: 'reachable' };
    } catch (err) {
      app.log.error({ err }, 'health check failed');
      return reply.status(503).send({ status: 'error', database: 'unreachable' });
    }
  });

  // One plugin per business area; each route inside states its access level.
  for (const area of [authRoutes, teamRoutes, slotRoutes, pricingRoutes, bookingRoutes, photoRoutes, jobRoutes, paymentRoutes, suburbRoutes, seoRoutes]) {
    await app.register(area(deps));
  }

  // Unknown API paths answer JSON, never the HTML app.
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api') || request.url.startsWith('/ws')) {
      throw new AppError('NOT_FOUND', `No API route ${request.method} ${request.url.split('?')[0]}`);
    }
    return reply.status(404).type('text/plain').send('Not found');
  });

  await registerWeb(app, { mode: opts.web ?? 'none', config: opts.config, db: deps.db });
  return app;
}
