import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { suburbPage } from '../../shared/schemas/suburbs';
import type { AppDeps } from '../app';
import { AppError } from '../http/errors';
import { getSuburbPage } from './service';

export function suburbRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/suburbs/mobile-tyres-:suburb',
      { config: { access: 'public' }, schema: { params: z.object({ suburb: z.string().min(1).max(120) }), response: { 200: suburbPage } } },
      async (request) => {
        const page = await getSuburbPage(deps.db, request.params.suburb);
        // SPEC 8: the public wording for an unknown suburb.
        if (!page) throw new AppError('NOT_FOUND', 'Service Area Not Found');
        return page;
      },
    );
  };
}
