import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobWithDetails } from '../../shared/schemas/jobs';
import type { AppDeps } from '../app';
import { unauthenticated } from '../http/errors';
import { getJobWithDetails, readJobPhoto } from './service';

export function jobRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/dashboard/jobs/:id',
      { config: { access: 'staff' }, schema: { params: z.object({ id: z.string().max(64) }), response: { 200: jobWithDetails } } },
      async (request) => {
        if (!request.user) throw unauthenticated();
        return getJobWithDetails(deps, request.user, request.params.id);
      },
    );

    app.get(
      '/api/dashboard/jobs/:id/photos/:photoId',
      { config: { access: 'staff' }, schema: { params: z.object({ id: z.string().max(64), photoId: z.string().max(64) }) } },
      async (request, reply) => {
        if (!request.user) throw unauthenticated();
        const photo = await readJobPhoto(deps, request.user, request.params.id, request.params.photoId);
        const asciiName = photo.originalName.replace(/[^\w.-]/g, '_');
        return reply
          .type(photo.mimeType)
          .header('Cache-Control', 'private, max-age=3600')
          .header('Content-Disposition', `inline; filename="${asciiName}"`)
          .send(photo.data);
      },
    );
  };
}
