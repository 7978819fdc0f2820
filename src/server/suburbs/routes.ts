import type { FastifyPluginAsync } from 'fastify';
import { suburbs } from '../../shared/contracts/suburbs';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { AppError } from '../http/errors';
import { showSuburbPage } from './service';

export function suburbRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    addRoute(app, suburbs.page, async ({ params }) => {
      const page = await showSuburbPage(deps, params.suburb);
      if (!page) throw new AppError('NOT_FOUND', 'Service Area Not Found');
      return page;
    });
  };
}
