import type { FastifyPluginAsync } from 'fastify';
import { tyres } from '../../shared/contracts/tyres';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { listFittedTyres, recordFittedTyres } from './fitted';
import { listStock } from './stock';
import { readTyreSettings, updateTyreSettings } from './tyre-settings';

/** The tyre trade's records (docs/decisions/414-tyre-records.md). */
export function tyreRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    addRoute(app, tyres.fittedTyres, async ({ actor, params }) => listFittedTyres(deps, actor, params.id));
    addRoute(app, tyres.recordFittedTyres, async ({ actor, params, body }) =>
      recordFittedTyres(deps, actor, params.id, body),
    );
    addRoute(app, tyres.settings, async () => readTyreSettings(deps.db));
    addRoute(app, tyres.updateSettings, async ({ actor, body }) =>
      updateTyreSettings(deps.db, actor, deps.clock.now(), body),
    );
    addRoute(app, tyres.stock, async ({ query }) => listStock(deps.db, query.location));
  };
}
