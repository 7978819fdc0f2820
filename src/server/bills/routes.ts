import type { FastifyPluginAsync } from 'fastify';
import { expenses } from '../../shared/contracts/expenses';
import { purchaseInvoices } from '../../shared/contracts/purchase-invoices';
import type { AppDeps } from '../deps';
import { draftSupplierBill, listExpenseSuppliers } from './drafts';
import { addRoute } from '../http/contract-routes';
import { createExpense, deleteExpense, listExpenses, markExpensePaid, updateExpense } from './expenses';
import {
  createPurchaseInvoice,
  deletePurchaseInvoice,
  listPurchaseInvoicesForJob,
  summariseJobProfit,
  updatePurchaseInvoice,
} from './supplier-bills';

/** The bills area: a job's supplier bills (/purchase-invoices) and the business's expenses (/business-expenses). */
export function billRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    addRoute(app, purchaseInvoices.listForJob, async ({ params }) => listPurchaseInvoicesForJob(deps, params.jobId));
    addRoute(app, purchaseInvoices.draftForJob, async ({ params }) => draftSupplierBill(deps, params.jobId));
    addRoute(app, purchaseInvoices.jobProfit, async ({ params }) => summariseJobProfit(deps, params.jobId));
    addRoute(app, purchaseInvoices.create, async ({ actor, body }) => createPurchaseInvoice(deps, actor.id, body));
    addRoute(app, purchaseInvoices.update, async ({ actor, params, body }) =>
      updatePurchaseInvoice(deps, actor.id, params.id, body),
    );
    addRoute(app, purchaseInvoices.remove, async ({ actor, params }) =>
      deletePurchaseInvoice(deps, actor.id, params.id),
    );

    addRoute(app, expenses.list, async ({ query }) => listExpenses(deps, query));
    addRoute(app, expenses.suppliers, async () => listExpenseSuppliers(deps));
    addRoute(app, expenses.create, async ({ actor, body }) => createExpense(deps, actor.id, body));
    addRoute(app, expenses.update, async ({ actor, params, body }) => updateExpense(deps, actor.id, params.id, body));
    addRoute(app, expenses.markPaid, async ({ actor, params }) => markExpensePaid(deps, actor.id, params.id));
    addRoute(app, expenses.remove, async ({ actor, params }) => deleteExpense(deps, actor.id, params.id));
  };
}
