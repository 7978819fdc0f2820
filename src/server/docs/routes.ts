import type { FastifyPluginAsync } from 'fastify';
import { docs } from '../../shared/contracts/docs';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { buildOpenApiDocument } from './openapi';
import { renderReferencePage } from './reference-page';

/** The API's own description, for admins (and the integrations they will set up). */
export function docsRoutes(deps: AppDeps): FastifyPluginAsync {
  // The owner's business name as stored now (decision 280).
  const document = async () =>
    buildOpenApiDocument({
      title: `${(await deps.settings.current()).business.name} API`,
      serverUrl: deps.config.publicBaseUrl,
    });
  return async (app) => {
    addRoute(app, docs.openApi, async () => document());
    addRoute(app, docs.reference, async () => renderReferencePage(await document()));
  };
}
