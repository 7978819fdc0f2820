import type { FastifyPluginAsync } from 'fastify';
import { jobs } from '../../shared/contracts/jobs';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { getJobWithDetails, readJobPhoto } from './service';

export function jobRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    addRoute(app, jobs.get, async ({ actor, params }) => getJobWithDetails(deps, actor, params.id));

    addRoute(app, jobs.photo, async ({ actor, params }) => {
      const photo = await readJobPhoto(deps, actor, params.id, params.photoId);
      return { data: photo.data, contentType: photo.mimeType, filename: photo.originalName, cacheControl: 'private, max-age=3600' };
    });
  };
}
