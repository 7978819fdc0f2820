import { z } from 'zod';
import {
  createPurchaseInvoiceRequest,
  jobIdParams,
  jobProfitSummary,
  purchaseIdParams,
  purchaseInvoice,
  supplierBillDraft,
  updatePurchaseInvoiceRequest,
} from '../schemas/bills';
import { defineContract } from './contract';

/**
 * A job's supplier bills (docs/product.md "Purchase invoices and expenses"). Admin only: they are
 * the business's costs and margins, which a technician's screens do not show (decision 212).
 */
export const purchaseInvoices = {
  listForJob: defineContract({
    method: 'GET',
    path: '/api/dashboard/purchase-invoices/job/:jobId',
    access: 'admin',
    summary: "A job's purchase invoices, oldest first.",
    params: jobIdParams,
    response: z.array(purchaseInvoice),
  }),
  jobProfit: defineContract({
    method: 'GET',
    path: '/api/dashboard/purchase-invoices/job/:jobId/profit',
    access: 'admin',
    summary:
      "A job's costs (ex-GST, GST, inc-GST) and profit: its invoice total (or its quote before one exists) minus its purchase invoices.",
    params: jobIdParams,
    response: jobProfitSummary,
  }),
  draftForJob: defineContract({
    method: 'GET',
    path: '/api/dashboard/purchase-invoices/job/:jobId/draft',
    access: 'admin',
    summary:
      "A new supplier bill as its form opens: the job's tyres at the price list's purchase price (empty when it has none) and the last supplier for that brand (decision 419).",
    params: jobIdParams,
    response: supplierBillDraft,
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/dashboard/purchase-invoices',
    access: 'admin',
    affects: ['purchaseInvoices', 'reports'],
    summary:
      'Adds a supplier bill to a job; GST is one eleventh of the total unless given; 409 when the supplier already has that number.',
    body: createPurchaseInvoiceRequest,
    response: purchaseInvoice,
    status: 201,
  }),
  update: defineContract({
    method: 'PATCH',
    path: '/api/dashboard/purchase-invoices/:id',
    access: 'admin',
    affects: ['purchaseInvoices', 'reports'],
    summary: 'Edits a supplier bill; isPaid alone toggles paid (paidAt now, or cleared).',
    params: purchaseIdParams,
    body: updatePurchaseInvoiceRequest,
    response: purchaseInvoice,
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/dashboard/purchase-invoices/:id',
    access: 'admin',
    affects: ['purchaseInvoices', 'reports'],
    summary: 'Deletes a supplier bill.',
    params: purchaseIdParams,
    responseKind: 'empty',
  }),
};
