import type { FastifyPluginAsync } from 'fastify';
import { expenses } from '../../shared/contracts/expenses';
import { purchaseInvoices } from '../../shared/contracts/purchase-invoices';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { createExpense, deleteExpense, listExpenses, markExpensePaid, updateExpense } from './expenses';
import { createPurchaseInvoice, deletePurchaseInvoice, listPurchaseInvoicesForJob, summariseJobProfit, updatePurchaseInvoice } from './supplier-bills';

/** The bills area: a job's supplier bills (/purchase-invoices) and the business's expenses (/business-expenses). */
export function billRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    addRoute(app, purchaseInvoices.listForJob, async ({ params }) => listPurchaseInvoicesForJob(deps, params.jobId));
    addRoute(app, purchaseInvoices.jobProfit, async ({ params }) => summariseJobProfit(deps, params.jobId));
    addRoute(app, purchaseInvoices.create, async ({ body }) => createPurchaseInvoice(deps, body));
    addRoute(app, purchaseInvoices.update, async ({ params, body }) => updatePurchaseInvoice(deps, params.id, body));
    addRoute(app, purchaseInvoices.remove, async ({ params }) => deletePurchaseInvoice(deps, params.id));

    addRoute(app, expenses.list, async ({ query }) => listExpenses(deps, query));
    addRoute(app, expenses.create, async ({ body }) => createExpense(deps, body));
    addRoute(app, expenses.update, async ({ params, body }) => updateExpense(deps, params.id, body));
    addRoute(app, expenses.markPaid, async ({ params }) => markExpensePaid(deps, params.id));
    addRoute(app, expenses.remove, async ({ params }) => deleteExpense(deps, params.id));
  };
}
