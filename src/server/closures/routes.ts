import type { FastifyPluginAsync } from 'fastify';
import { closures } from '../../shared/contracts/closures';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { createClosure, listClosures, removeClosure } from './service';

/** The owner's closures: admin only, like every owner's setting (decision 280). */
export function closureRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    addRoute(app, closures.list, async ({ query }) => listClosures(deps, { past: query.past === 'true' }));
    addRoute(app, closures.create, async ({ body, actor }) => createClosure(deps, actor, body));
    addRoute(app, closures.remove, async ({ params, actor }) => removeClosure(deps, actor, params.id));
  };
}
