import type { FastifyPluginAsync } from 'fastify';
import { runs } from '../../shared/contracts/runs';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { renderRunSheetPdf } from './run-sheet-pdf';
import { dayRun } from './service';

export function runRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    addRoute(app, runs.dayRun, async ({ actor, params, query }) => dayRun(deps, actor, params.id, query.date));
    addRoute(app, runs.runSheet, async ({ actor, params, query }) => {
      const run = await dayRun(deps, actor, params.id, query.date);
      const { business } = await deps.settings.current();
      return {
        data: await renderRunSheetPdf(run, business.name),
        contentType: 'application/pdf',
        filename: `run-sheet-${run.technician.username}-${run.date}.pdf`,
        cacheControl: 'private, no-store',
      };
    });
  };
}
