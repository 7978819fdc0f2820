import type { FastifyPluginAsync } from 'fastify';
import { purchases } from '../../shared/contracts/purchases';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { createPurchaseInvoice, deletePurchaseInvoice, listPurchaseInvoicesForJob, summariseJobProfit, updatePurchaseInvoice } from './service';

export function purchaseRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    addRoute(app, purchases.listForJob, async ({ params }) => listPurchaseInvoicesForJob(deps, params.jobId));
    addRoute(app, purchases.jobProfit, async ({ params }) => summariseJobProfit(deps, params.jobId));
    addRoute(app, purchases.create, async ({ body }) => createPurchaseInvoice(deps, body));
    addRoute(app, purchases.update, async ({ params, body }) => updatePurchaseInvoice(deps, params.id, body));
    addRoute(app, purchases.remove, async ({ params }) => deletePurchaseInvoice(deps, params.id));
  };
}
