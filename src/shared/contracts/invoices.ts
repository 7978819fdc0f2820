import { z } from 'zod';
import { paymentIntentResponse, simulatedCardForm } from '../schemas/payments';
import { errorBody } from '../schemas/errors';
import {
  bulkStatusRequest,
  bulkStatusResult,
  createInvoiceRequest,
  creditNote,
  creditNoteEmailed,
  creditNoteParams,
  creditNoteRequest,
  payTokenParams,
  publicInvoice,
  invoicePaidResponse,
  invoiceDetail,
  invoiceEmailed,
  invoiceGenerated,
  invoiceIdParams,
  invoiceItem,
  invoiceItemParams,
  invoiceJobParams,
  invoiceLineInput,
  invoiceLinePatch,
  invoiceListItem,
  invoiceListQuery,
  invoicePdfParams,
  invoicePdfResult,
  invoicePdfVersion,
  invoiceRemoved,
  invoiceSaved,
  updateInvoiceRequest,
} from '../schemas/invoices';
import { buildUrl, defineContract } from './contract';

const BASE = '/api/dashboard/customer-invoices';

/**
 * Customer invoices (docs/product.md "Customer invoices"): admin only. Totals are always recomputed
 * from the lines; every change is kept in the invoice's history; a PDF once made is never replaced.
 */
export const invoices = {
  generate: defineContract({
    method: 'POST',
    path: `${BASE}/generate/:jobId`,
    access: 'admin',
    affects: ['invoices', 'jobs', 'reports'],
    summary:
      "Creates a completed, invoiced or paid job's invoice from its priced items; a completed job moves to invoiced (paid online: invoice and job paid).",
    params: invoiceJobParams,
    response: invoiceGenerated,
    status: 201,
  }),
  list: defineContract({
    method: 'GET',
    path: BASE,
    access: 'admin',
    summary:
      'Invoices, newest invoice date first, with job number and customer; status (overdue included), search and dates; paged.',
    query: invoiceListQuery,
    response: z.array(invoiceListItem),
    paged: true,
  }),
  get: defineContract({
    method: 'GET',
    path: `${BASE}/:id`,
    access: 'admin',
    summary: 'One invoice with its lines, history and PDF versions.',
    params: invoiceIdParams,
    response: invoiceDetail,
  }),
  items: defineContract({
    method: 'GET',
    path: `${BASE}/:id/items`,
    access: 'admin',
    summary: "An invoice's lines in order.",
    params: invoiceIdParams,
    response: z.array(invoiceItem),
  }),
  byJob: defineContract({
    method: 'GET',
    path: `${BASE}/job/:jobId`,
    access: 'admin',
    summary: "A job's invoices (at most one not cancelled), newest first.",
    params: invoiceJobParams,
    response: z.array(invoiceDetail),
  }),
  create: defineContract({
    method: 'POST',
    path: BASE,
    access: 'admin',
    affects: ['invoices', 'jobs', 'reports'],
    summary:
      'Creates an invoice for a completed, invoiced or paid job, with its lines in one transaction; client totals are ignored.',
    body: createInvoiceRequest,
    response: invoiceSaved,
    status: 201,
  }),
  update: defineContract({
    method: 'PATCH',
    path: `${BASE}/:id`,
    access: 'admin',
    affects: ['invoices', 'jobs', 'reports'],
    summary: 'Changes status or dates (recorded in the history); paid marks the job paid.',
    params: invoiceIdParams,
    body: updateInvoiceRequest,
    response: invoiceSaved,
  }),
  remove: defineContract({
    method: 'DELETE',
    path: `${BASE}/:id`,
    access: 'admin',
    affects: ['invoices', 'jobs', 'reports'],
    summary:
      'Deletes a draft with its lines, history and PDFs (its job can then be deleted); voids a sent, paid or overdue invoice, kept with a VOID PDF version.',
    params: invoiceIdParams,
    response: invoiceRemoved,
  }),
  bulkStatus: defineContract({
    method: 'POST',
    path: `${BASE}/bulk-status`,
    access: 'admin',
    affects: ['invoices', 'jobs', 'reports'],
    summary:
      'Sets one status on many invoices, each on its own; answers which were updated and why the others were not.',
    body: bulkStatusRequest,
    response: bulkStatusResult,
  }),
  makePdf: defineContract({
    method: 'POST',
    path: `${BASE}/:id/pdf`,
    access: 'admin',
    affects: ['invoices'],
    summary:
      'Makes the PDF of the invoice as it is now (a new version only when it changed) and answers where to download it.',
    params: invoiceIdParams,
    response: invoicePdfResult,
  }),
  pdfVersions: defineContract({
    method: 'GET',
    path: `${BASE}/:id/pdfs`,
    access: 'admin',
    summary: "The invoice's PDF versions, newest first, with the one emailed marked.",
    params: invoiceIdParams,
    response: z.array(invoicePdfVersion),
  }),
  pdfFile: defineContract({
    method: 'GET',
    path: `${BASE}/:id/pdfs/:version`,
    access: 'admin',
    summary: "One PDF version's file ('latest' for the newest).",
    params: invoicePdfParams,
    query: z.object({ download: z.enum(['1', 'true']).optional() }),
    responseKind: 'file',
  }),
  email: defineContract({
    method: 'POST',
    path: `${BASE}/:id/email`,
    access: 'admin',
    affects: ['invoices', 'jobs', 'emails'],
    summary: 'Emails the current PDF to the job contact through the outbox; a draft becomes sent.',
    params: invoiceIdParams,
    response: invoiceEmailed,
  }),
  addItem: defineContract({
    method: 'POST',
    path: `${BASE}/:id/items`,
    access: 'admin',
    affects: ['invoices', 'jobs', 'reports'],
    summary: 'Adds a line; totals recomputed.',
    params: invoiceIdParams,
    body: invoiceLineInput,
    response: invoiceItem,
    status: 201,
  }),
  updateItem: defineContract({
    method: 'PATCH',
    path: `${BASE}/:id/items/:itemId`,
    access: 'admin',
    affects: ['invoices', 'jobs', 'reports'],
    summary: 'Changes a line; totals recomputed.',
    params: invoiceItemParams,
    body: invoiceLinePatch,
    response: invoiceItem,
  }),
  removeItem: defineContract({
    method: 'DELETE',
    path: `${BASE}/:id/items/:itemId`,
    access: 'admin',
    affects: ['invoices', 'jobs', 'reports'],
    summary: 'Removes a line; totals recomputed.',
    params: invoiceItemParams,
    responseKind: 'empty',
  }),
  addCreditNote: defineContract({
    method: 'POST',
    path: `${BASE}/:id/credit-notes`,
    access: 'admin',
    affects: ['invoices', 'reports'],
    summary:
      'Issues a credit note (CN-0001, its own sequence) against a sent, paid or overdue invoice: an amount up to what remains of it and a reason, with its own PDF (decision 297).',
    params: invoiceIdParams,
    body: creditNoteRequest,
    response: creditNote,
    status: 201,
  }),
  creditNotes: defineContract({
    method: 'GET',
    path: `${BASE}/:id/credit-notes`,
    access: 'admin',
    summary: "An invoice's credit notes, oldest first.",
    params: invoiceIdParams,
    response: z.array(creditNote),
  }),
  creditNotePdf: defineContract({
    method: 'GET',
    path: `${BASE}/:id/credit-notes/:noteId/pdf`,
    access: 'admin',
    summary: "A credit note's PDF ('Credit Note', or 'Adjustment Note' when registered for GST).",
    params: creditNoteParams,
    query: z.object({ download: z.enum(['1', 'true']).optional() }),
    responseKind: 'file',
  }),
  emailCreditNote: defineContract({
    method: 'POST',
    path: `${BASE}/:id/credit-notes/:noteId/email`,
    access: 'admin',
    affects: ['invoices', 'emails'],
    summary:
      "Emails a credit note's PDF to the job contact through the outbox; a repeat within five minutes sends nothing and answers what was sent.",
    params: creditNoteParams,
    response: creditNoteEmailed,
  }),
  byToken: defineContract({
    method: 'GET',
    path: '/api/invoice-token/:token',
    access: 'public',
    summary:
      "The customer's pay page: the business, the invoice number, lines, amount due and status, for the holder of the invoice's link; a wrong token answers 404 after the same delay (decision 299), or 429 once its address has sent 20 wrong links in a minute, while a right one always opens (decision 397).",
    params: payTokenParams,
    response: publicInvoice,
  }),
  publicPdf: defineContract({
    method: 'GET',
    path: '/api/invoice-token/:token/pdf',
    access: 'public',
    summary: "The invoice's newest PDF, for the holder of its link.",
    params: payTokenParams,
    responseKind: 'file',
  }),
  payIntent: defineContract({
    method: 'POST',
    path: '/api/invoice-token/:token/payment-intent',
    access: 'public',
    summary:
      "Starts the card payment of the invoice's balance due, with the card surcharge added; a paid or void invoice answers 409 (decision 300).",
    params: payTokenParams,
    response: paymentIntentResponse,
  }),
  paySimulated: defineContract({
    method: 'POST',
    path: '/api/invoice-token/:token/simulated-payment',
    access: 'public',
    affects: ['invoices', 'jobs', 'reports'],
    summary:
      'Test mode only: pays the invoice with the simulated card provider through the same handler as the webhook (no real payment is taken).',
    params: payTokenParams,
    body: simulatedCardForm,
    response: invoicePaidResponse,
    otherResponses: { 402: errorBody },
  }),
};

/** Where one PDF version is downloaded ('latest' for the newest): the URL the server answers after making a PDF. */
export function invoicePdfUrl(invoiceId: string, version: number | 'latest'): string {
  return buildUrl(invoices.pdfFile, { params: { id: invoiceId, version: String(version) } });
}
