import type { FastifyPluginAsync } from 'fastify';
import { suburbPages } from '../../shared/contracts/suburb-pages';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { createSuburbPage, listSuburbPages, updateSuburbPage } from './admin-service';

/** The owner's suburb pages in the dashboard (docs/decisions/284-suburb-pages-from-the-dashboard.md); admin only. */
export function suburbPageRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    addRoute(app, suburbPages.list, async ({ query }) => listSuburbPages(deps, query));
    addRoute(app, suburbPages.create, async ({ actor, body }) => createSuburbPage(deps, actor, body));
    addRoute(app, suburbPages.update, async ({ actor, params, body }) =>
      updateSuburbPage(deps, actor, params.id, body),
    );
  };
}
