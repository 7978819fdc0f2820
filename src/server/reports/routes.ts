import type { FastifyPluginAsync } from 'fastify';
import { reports } from '../../shared/contracts/reports';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import * as service from './service';
import { tyreCsv, tyreReport } from './tyres';

export function reportRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    addRoute(app, reports.gst, async ({ query }) => service.gstReport(deps, query));
    addRoute(app, reports.gstCsv, async ({ query }) => service.gstCsv(deps, query));
    addRoute(app, reports.payables, async ({ query }) => service.payablesReport(deps, query));
    addRoute(app, reports.payablesCsv, async ({ query }) => service.payablesCsv(deps, query));
    addRoute(app, reports.profitAndLoss, async ({ query }) => service.profitAndLossReport(deps, query));
    addRoute(app, reports.profitAndLossCsv, async ({ query }) => service.profitAndLossCsv(deps, query));
    addRoute(app, reports.receivables, async ({ query }) => service.receivablesReport(deps, query));
    addRoute(app, reports.receivablesCsv, async ({ query }) => service.receivablesCsv(deps, query));
    addRoute(app, reports.tyres, async ({ query }) => tyreReport(deps, query));
    addRoute(app, reports.tyresCsv, async ({ query }) => tyreCsv(deps, query));
  };
}
