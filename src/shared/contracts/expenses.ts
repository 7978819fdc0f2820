import { z } from 'zod';
import {
  businessExpense,
  expenseIdParams,
  expenseSupplier,
  expenseListQuery,
  expenseRequest,
  expenseUpdateRequest,
} from '../schemas/bills';
import { defineContract } from './contract';

/** Business expenses, the overheads (docs/product.md "Purchase invoices and expenses"); admin only. */
export const expenses = {
  list: defineContract({
    method: 'GET',
    path: '/api/dashboard/business-expenses',
    access: 'admin',
    summary: 'Expenses, newest first, filtered by category, paid or unpaid, search text and dates; paged.',
    query: expenseListQuery,
    response: z.array(businessExpense),
    paged: true,
  }),
  suppliers: defineContract({
    method: 'GET',
    path: '/api/dashboard/business-expenses/suppliers',
    access: 'admin',
    summary:
      "The suppliers of past expenses, latest first, each with its latest expense's category and paid state, which the form proposes (decision 419).",
    response: z.array(expenseSupplier),
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/dashboard/business-expenses',
    access: 'admin',
    affects: ['expenses', 'reports'],
    summary: 'Adds an expense; GST is one eleventh of the amount unless given.',
    body: expenseRequest,
    response: businessExpense,
    status: 201,
  }),
  update: defineContract({
    method: 'PATCH',
    path: '/api/dashboard/business-expenses/:id',
    access: 'admin',
    affects: ['expenses', 'reports'],
    summary: 'Edits an expense; a new amount without a GST amount gets one eleventh.',
    params: expenseIdParams,
    body: expenseUpdateRequest,
    response: businessExpense,
  }),
  markPaid: defineContract({
    method: 'PATCH',
    path: '/api/dashboard/business-expenses/:id/mark-paid',
    access: 'admin',
    affects: ['expenses', 'reports'],
    summary: 'Marks an unpaid expense paid now (an expense already paid keeps its date).',
    params: expenseIdParams,
    response: businessExpense,
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/dashboard/business-expenses/:id',
    access: 'admin',
    affects: ['expenses', 'reports'],
    summary: 'Deletes an expense.',
    params: expenseIdParams,
    responseKind: 'empty',
  }),
};
