import { EXPENSE_CATEGORIES } from './expense-categories';
import type { Cents } from './money';
import { ONSITE_PAYMENT_METHODS } from './services';

/**
 * The books kept in step with Xero, and the export for any other package
 * (docs/decisions/417-accounting-export.md, docs/decisions/418-xero-sync.md).
 */

/** How a payment reached the business: the on-site methods, and a card paid online (prepaid or the pay link). */
export const ACCOUNTING_PAYMENT_METHODS = [...ONSITE_PAYMENT_METHODS, 'online'] as const;
export type AccountingPaymentMethod = (typeof ACCOUNTING_PAYMENT_METHODS)[number];

/** Expenses go to Xero as spend money (paid from the bank account) or as bills (ACCPAY), as the owner chooses. */
export const EXPENSE_MODES = ['spend-money', 'bills'] as const;

/**
 * The owner's mapping: account codes and tax types of the connected organisation. The defaults
 * are the codes of Xero's standard Australian chart of accounts and its AU tax types. Its rules
 * (`accountingMapping`) are in shared/schemas/accounting.ts, so screens that only show it load no zod.
 */
export type AccountingMapping = {
  /** Sales of service lines (callout, labour, battery, notes). */
  revenue: string;
  /** Sales of tyre lines. */
  tyreSales: string;
  /** Supplier bills: tyres and parts bought for a job, at cost. */
  tyresAtCost: string;
  expenses: Record<(typeof EXPENSE_CATEGORIES)[number], string>;
  /** The bank (or clearing) account each kind of payment lands in. */
  payments: Record<AccountingPaymentMethod, string>;
  /** Tax types: on sales and purchases while registered for GST, and on both before the registration date. */
  taxTypes: { sales: string; purchases: string; salesNoGst: string; purchasesNoGst: string };
  expenseMode: (typeof EXPENSE_MODES)[number];
  /** MYOB's income account for the MYOB sales export (its own numbering, e.g. 4-1000). */
  myobSales: string;
};

export const DEFAULT_ACCOUNTING_MAPPING: AccountingMapping = {
  revenue: '200',
  tyreSales: '200',
  tyresAtCost: '310',
  expenses: {
    'cost-of-goods-sold': '310',
    fuel: '449',
    rent: '469',
    utilities: '445',
    marketing: '400',
    insurance: '433',
    subscriptions: '485',
    admin: '453',
    tools: '473',
    vehicle: '449',
    misc: '429',
  },
  payments: {
    cash: '090',
    card: '090',
    eftpos: '090',
    payid: '090',
    bnpl: '090',
    'bank-transfer': '090',
    online: '090',
  },
  taxTypes: { sales: 'OUTPUT', purchases: 'INPUT', salesNoGst: 'BASEXCLUDED', purchasesNoGst: 'BASEXCLUDED' },
  expenseMode: 'spend-money',
  myobSales: '4-1000',
};

/** A stored mapping read with today's defaults for anything it lacks (a category added later). */
export function mappingWithDefaults(stored: unknown): AccountingMapping {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Partial<AccountingMapping>;
  const d = DEFAULT_ACCOUNTING_MAPPING;
  return {
    ...d,
    ...s,
    expenses: { ...d.expenses, ...s.expenses },
    payments: { ...d.payments, ...s.payments },
    taxTypes: { ...d.taxTypes, ...s.taxTypes },
  };
}

/** Xero's names of its AU tax types, as its CSV import reads them (the API takes the codes). */
export const XERO_TAX_TYPE_NAMES: Readonly<Record<string, string>> = {
  OUTPUT: 'GST on Income',
  INPUT: 'GST on Expenses',
  EXEMPTOUTPUT: 'GST Free Income',
  EXEMPTEXPENSES: 'GST Free Expenses',
  BASEXCLUDED: 'BAS Excluded',
  INPUTTAXED: 'Input Taxed',
  CAPEXINPUT: 'GST on Capital',
  EXEMPTCAPITAL: 'GST Free Capital',
};

/**
 * A document's GST spread over its lines so the lines add up to the document's own GST to the cent
 * (decision 417): each line's share is round(line / 11), and the rounding left over goes to the
 * largest line. Lines are GST-inclusive cents; a discount line is negative.
 */
export function splitGst(lineTotals: readonly Cents[], gst: Cents): Cents[] {
  if (lineTotals.length === 0) return [];
  const shares = lineTotals.map((t) => Math.round(t / 11));
  const left = gst - shares.reduce((a, b) => a + b, 0);
  if (left !== 0) {
    let largest = 0;
    lineTotals.forEach((t, i) => {
      if (Math.abs(t) > Math.abs(lineTotals[largest]!)) largest = i;
    });
    shares[largest] = shares[largest]! + left;
  }
  return shares;
}

/** A sync record's kinds, in the order a sync sends them (a payment needs its invoice in Xero first). */
export const SYNC_KINDS = [
  'contact',
  'invoice',
  'credit-note',
  'bill',
  'expense',
  'payment',
  'allocation',
  'void',
  'refund',
] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];

export const SYNC_STATES = ['waiting', 'sent', 'failed'] as const;

export const ACCOUNTING_EXPORT_FORMATS = ['xero-invoices', 'xero-bills', 'myob-sales'] as const;
export type AccountingExportFormat = (typeof ACCOUNTING_EXPORT_FORMATS)[number];
