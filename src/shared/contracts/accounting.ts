import { z } from 'zod';
import {
  accountingChoices,
  accountingMapping,
  accountingConnectStart,
  accountingExportQuery,
  accountingLogQuery,
  accountingOverview,
  accountingSyncResult,
  accountingSyncRow,
  xeroCallbackQuery,
} from '../schemas/accounting';
import { defineContract } from './contract';

/**
 * The books kept in step with Xero and the export for any other package, admin only
 * (docs/decisions/417-accounting-export.md, docs/decisions/418-xero-sync.md).
 */
export const accounting = {
  overview: defineContract({
    method: 'GET',
    path: '/api/dashboard/accounting',
    access: 'admin',
    summary: 'The Xero connection, the account mapping and the sync records counted by state.',
    response: accountingOverview,
  }),
  choices: defineContract({
    method: 'GET',
    path: '/api/dashboard/accounting/choices',
    access: 'admin',
    summary: "The connected organisation's own accounts and tax types, for the mapping.",
    response: accountingChoices,
  }),
  saveMapping: defineContract({
    method: 'PUT',
    path: '/api/dashboard/accounting/mapping',
    access: 'admin',
    summary: "Saves the account codes and tax types, each checked against the organisation's own lists.",
    body: accountingMapping,
    response: accountingMapping,
    affects: ['accounting'],
  }),
  connect: defineContract({
    method: 'POST',
    path: '/api/dashboard/accounting/xero/connect',
    access: 'admin',
    summary: "Starts connecting Xero (OAuth 2.0 with PKCE): answers the address of Xero's consent page.",
    response: accountingConnectStart,
    affects: ['accounting'],
  }),
  callback: defineContract({
    method: 'GET',
    path: '/api/xero/callback',
    access: 'public',
    summary:
      'Where Xero sends the owner back: the code is exchanged (with the PKCE verifier) and the tokens kept sealed.',
    query: xeroCallbackQuery,
    responseKind: 'html',
  }),
  disconnect: defineContract({
    method: 'DELETE',
    path: '/api/dashboard/accounting/xero',
    access: 'admin',
    summary: 'Disconnects Xero: the tokens are revoked and forgotten; what was sent stays recorded.',
    responseKind: 'empty',
    affects: ['accounting'],
  }),
  sync: defineContract({
    method: 'POST',
    path: '/api/dashboard/accounting/sync',
    access: 'admin',
    summary: 'Sends what is waiting to Xero now.',
    response: accountingSyncResult,
    affects: ['accounting'],
  }),
  log: defineContract({
    method: 'GET',
    path: '/api/dashboard/accounting/log',
    access: 'admin',
    summary: "The sync log: each record's state, its Xero id, Xero's own message when it was refused.",
    query: accountingLogQuery,
    response: z.array(accountingSyncRow),
  }),
  retry: defineContract({
    method: 'POST',
    path: '/api/dashboard/accounting/log/:id/retry',
    access: 'admin',
    summary: 'Sends a failed record again at the next sync.',
    params: z.object({ id: z.string().max(64) }),
    response: accountingSyncRow,
    affects: ['accounting'],
  }),
  export: defineContract({
    method: 'GET',
    path: '/api/dashboard/accounting/export',
    access: 'admin',
    summary:
      "The period's invoices and credit notes (xero-invoices, myob-sales) or supplier bills and expenses (xero-bills) as CSV in the package's import layout.",
    query: accountingExportQuery,
    responseKind: 'file',
  }),
};
