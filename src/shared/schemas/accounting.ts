import { z } from 'zod';
import {
  ACCOUNTING_EXPORT_FORMATS,
  ACCOUNTING_PAYMENT_METHODS,
  type AccountingMapping,
  type AccountingPaymentMethod,
  EXPENSE_MODES,
  SYNC_KINDS,
  SYNC_STATES,
} from '../domain/accounting';
import { EXPENSE_CATEGORIES } from '../domain/expense-categories';
import { day as businessDay } from './fields';

/** The accounting link's shapes (docs/decisions/417-accounting-export.md, 418-xero-sync.md). */

const code = z.string().trim().min(1, 'Choose an account').max(10);
const taxType = z.string().trim().min(1, 'Choose a tax type').max(40);

/** The rules of the owner's mapping (`AccountingMapping`): an account code or a tax type in each place. */
export const accountingMapping = z.object({
  revenue: code,
  tyreSales: code,
  tyresAtCost: code,
  expenses: z.object(
    Object.fromEntries(EXPENSE_CATEGORIES.map((c) => [c, code])) as Record<
      (typeof EXPENSE_CATEGORIES)[number],
      typeof code
    >,
  ),
  payments: z.object(
    Object.fromEntries(ACCOUNTING_PAYMENT_METHODS.map((m) => [m, code])) as Record<
      AccountingPaymentMethod,
      typeof code
    >,
  ),
  taxTypes: z.object({ sales: taxType, purchases: taxType, salesNoGst: taxType, purchasesNoGst: taxType }),
  expenseMode: z.enum(EXPENSE_MODES),
  myobSales: code,
}) satisfies z.ZodType<AccountingMapping>;

export const accountingExportQuery = z
  .object({
    from: businessDay('Choose the first day'),
    to: businessDay('Choose the last day'),
    format: z.enum(ACCOUNTING_EXPORT_FORMATS),
  })
  .refine((q) => q.from <= q.to, { message: 'The last day must not be before the first', path: ['to'] });

export const accountingSyncRow = z.object({
  id: z.string(),
  kind: z.enum(SYNC_KINDS),
  label: z.string(),
  state: z.enum(SYNC_STATES),
  xeroId: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  failedSince: z.string().nullable(),
});
export type AccountingSyncRow = z.output<typeof accountingSyncRow>;

export const accountingLogQuery = z.object({ state: z.enum(SYNC_STATES).optional() });

const counts = z.object({ waiting: z.number().int(), sent: z.number().int(), failed: z.number().int() });

export const accountingOverview = z.object({
  connection: z.object({
    connected: z.boolean(),
    organisationName: z.string().nullable(),
    connectedAt: z.string().nullable(),
    /** Why sync stopped (tokens refused); the owner connects again. */
    error: z.string().nullable(),
    /** The labelled stand-in runs: no Xero credentials are set. */
    simulated: z.boolean(),
  }),
  mapping: accountingMapping,
  counts,
  /** Something has failed for a day or more: the banner. */
  failingForADay: z.boolean(),
});
export type AccountingOverview = z.output<typeof accountingOverview>;

export const accountingConnectStart = z.object({ authorizeUrl: z.string() });

export const xeroCallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

export const accountingSyncResult = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
  waiting: z.number().int(),
});

/** A chart account or tax type of the connected organisation, for the mapping's choices. */
export const accountingChoices = z.object({
  accounts: z.array(z.object({ code: z.string(), name: z.string(), type: z.string() })),
  taxTypes: z.array(z.object({ code: z.string(), name: z.string(), rate: z.number() })),
});
