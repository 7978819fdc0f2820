import type { FastifyPluginAsync } from 'fastify';
import { expenses } from '../../shared/contracts/expenses';
import type { AppDeps } from '../deps';
import { addRoute } from '../http/contract-routes';
import { createExpense, deleteExpense, listExpenses, markExpensePaid, updateExpense } from './service';

export function expenseRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    addRoute(app, expenses.list, async ({ query }) => listExpenses(deps, query));
    addRoute(app, expenses.create, async ({ body }) => createExpense(deps, body));
    addRoute(app, expenses.update, async ({ params, body }) => updateExpense(deps, params.id, body));
    addRoute(app, expenses.markPaid, async ({ params }) => markExpensePaid(deps, params.id));
    addRoute(app, expenses.remove, async ({ params }) => deleteExpense(deps, params.id));
  };
}
