import { stringify } from 'csv-stringify/sync';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  splitGst,
  XERO_TAX_TYPE_NAMES,
  type AccountingMapping,
  type AccountingExportFormat,
} from '../../shared/domain/accounting';
import type { InvoiceLineCategory } from '../../shared/domain/invoices';
import { formatCents, toCents, type Cents } from '../../shared/domain/money';
import { isTaxInvoice, type BusinessProfile } from '../../shared/domain/settings';
import type { AppDeps } from '../deps';
import { creditNotes, customerInvoiceItems, customerInvoices, jobs } from '../db/schema';
import type { FileReply } from '../http/contract-routes';
import type { Range } from '../reports/compute';
import { loadCreditNotes, loadExpenses, loadInvoices, loadPurchases } from '../reports/ledger';
import { currentMapping } from './setup';

/**
 * The period's books as CSV files in Xero's and MYOB's import layouts (docs/decisions/417-accounting-export.md).
 * The rows are read by the same ledger loads as the GST report, so the GST of the files adds up to
 * the report's to the cent: issued invoices by invoice date, credit notes by their own date as
 * negative rows, supplier bills and expenses by their date.
 */

type Deps = Pick<AppDeps, 'db' | 'settings'>;

/** Xero's sales invoice import template, in its order (the starred columns are the ones it requires). */
export const XERO_INVOICE_COLUMNS = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
] as const;

/** Xero's bill import template. */
export const XERO_BILL_COLUMNS = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  '*InvoiceDate',
  '*DueDate',
  'InventoryItemCode',
  'Description',
  '*Quantity',
  '*UnitAmount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
] as const;

/** The columns of MYOB AccountRight's service sales import that these invoices fill. */
export const MYOB_SALES_COLUMNS = [
  'Co./Last Name',
  'First Name',
  'Invoice #',
  'Date',
  'Customer PO',
  'Description',
  'Account #',
  'Amount',
  'Inc-Tax Amount',
  'Job',
  'Journal Memo',
  'Tax Code',
  'Non-GST Amount',
  'GST Amount',
  'Sale Status',
] as const;

/** Xero's AU import reads dates as day/month/year. */
const auDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const m = formatCents;

type SaleLine = { description: string; quantity: number; unit: Cents; total: Cents; category: InvoiceLineCategory };

/** A sale (invoice or credit note) as the export writes it: its lines carry their share of its GST. */
export type SaleDocument = {
  number: string;
  reference: string;
  contactName: string;
  contactEmail: string;
  date: string;
  dueDate: string;
  taxed: boolean;
  gst: Cents;
  lines: { description: string; quantity: number; unit: Cents; accountCode: string; taxType: string; gst: Cents }[];
};

export type PurchaseDocument = {
  contactName: string;
  number: string;
  date: string;
  dueDate: string;
  description: string;
  total: Cents;
  gst: Cents;
  accountCode: string;
  taxType: string;
  taxed: boolean;
};

/** The issued invoices and the credit notes of a range, as documents for Xero (the file and the sync alike). */
export async function loadSales(
  deps: Deps,
  range: Range,
  mapping: AccountingMapping,
  opts: { ids?: readonly string[] } = {},
): Promise<SaleDocument[]> {
  const business = (await deps.settings.current()).business;
  const [invoices, credits] = await Promise.all([
    loadInvoices(deps.db, range, { issuedOnly: true, withTechnician: false }),
    loadCreditNotes(deps.db, range),
  ]);
  const wanted = opts.ids ? new Set(opts.ids) : null;
  const keep = <T extends { id: string }>(rows: T[]) => (wanted ? rows.filter((r) => wanted.has(r.id)) : rows);
  const inv = keep(invoices);
  const cr = keep(credits);
  const [lines, creditDetails] = await Promise.all([
    inv.length
      ? deps.db
          .select()
          .from(customerInvoiceItems)
          .where(
            inArray(
              customerInvoiceItems.customerInvoiceId,
              inv.map((r) => r.id),
            ),
          )
          .orderBy(asc(customerInvoiceItems.position))
      : Promise.resolve([]),
    cr.length
      ? deps.db
          .select({ id: creditNotes.id, reason: creditNotes.reason, invoiceNumber: customerInvoices.invoiceNumber })
          .from(creditNotes)
          .innerJoin(customerInvoices, eq(customerInvoices.id, creditNotes.customerInvoiceId))
          .where(
            inArray(
              creditNotes.id,
              cr.map((r) => r.id),
            ),
          )
      : Promise.resolve([]),
  ]);
  const emails = await contactEmails(
    deps,
    [...inv, ...cr].map((r) => r.jobId).filter((id): id is string => !!id),
  );
  const linesOf = new Map<string, SaleLine[]>();
  for (const l of lines) {
    const list = linesOf.get(l.customerInvoiceId) ?? [];
    list.push({
      description: l.description,
      quantity: l.quantity,
      unit: toCents(l.unitPrice),
      total: toCents(l.totalPrice),
      category: l.category as InvoiceLineCategory,
    });
    linesOf.set(l.customerInvoiceId, list);
  }
  const detailOf = new Map(creditDetails.map((d) => [d.id, d]));
  const tax = (taxed: boolean) => (taxed ? mapping.taxTypes.sales : mapping.taxTypes.salesNoGst);
  const account = (category: InvoiceLineCategory) => (category === 'tyre' ? mapping.tyreSales : mapping.revenue);

  const sales: SaleDocument[] = inv.map((r) => {
    const taxed = isTaxInvoice(business, r.invoiceDate);
    const gst = taxed ? r.gst : 0;
    // A line of no money (a note) says something to the customer, not to the books.
    const own = (linesOf.get(r.id) ?? []).filter((l) => l.total !== 0);
    const docLines = own.length
      ? own
      : [
          {
            description: `Invoice ${r.invoiceNumber}`,
            quantity: 1,
            unit: r.total,
            total: r.total,
            category: 'labour' as const,
          },
        ];
    const shares = splitGst(
      docLines.map((l) => l.total),
      gst,
    );
    return {
      number: r.invoiceNumber,
      reference: r.invoiceNumber,
      contactName: r.customerName,
      contactEmail: (r.jobId && emails.get(r.jobId)) || '',
      date: r.invoiceDate,
      dueDate: r.dueDate ?? r.invoiceDate,
      taxed,
      gst,
      lines: docLines.map((l, i) => ({
        description: l.description,
        // A line's quantity times its unit price is its total; a priced line of one carries the total itself.
        quantity: l.quantity * l.unit === l.total ? l.quantity : 1,
        unit: l.quantity * l.unit === l.total ? l.unit : l.total,
        accountCode: account(l.category),
        taxType: tax(taxed),
        gst: shares[i]!,
      })),
    };
  });
  for (const r of cr) {
    const taxed = isTaxInvoice(business, r.invoiceDate);
    const detail = detailOf.get(r.id);
    const gst = taxed ? r.gst : 0;
    sales.push({
      number: r.invoiceNumber,
      reference: detail?.invoiceNumber ?? '',
      contactName: r.customerName,
      contactEmail: (r.jobId && emails.get(r.jobId)) || '',
      date: r.invoiceDate,
      dueDate: r.invoiceDate,
      taxed,
      gst,
      lines: [
        {
          description: `Credit note against ${detail?.invoiceNumber ?? 'an invoice'}: ${detail?.reason ?? ''}`.trim(),
          quantity: 1,
          unit: r.total,
          accountCode: mapping.revenue,
          taxType: tax(taxed),
          gst,
        },
      ],
    });
  }
  return sales;
}

async function contactEmails(deps: Deps, jobIds: string[]): Promise<Map<string, string>> {
  if (!jobIds.length) return new Map();
  const rows = await deps.db
    .select({ id: jobs.id, email: jobs.contactEmail })
    .from(jobs)
    .where(inArray(jobs.id, [...new Set(jobIds)]));
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** Supplier bills and expenses of a range (the bill file), each one line with its own GST. */
export async function loadPurchaseDocuments(
  deps: Deps,
  range: Range,
  mapping: AccountingMapping,
): Promise<(PurchaseDocument & { id: string; kind: 'bill' | 'expense' })[]> {
  const business: BusinessProfile = (await deps.settings.current()).business;
  const [purchases, expenses] = await Promise.all([loadPurchases(deps.db, range), loadExpenses(deps.db, range)]);
  const tax = (taxed: boolean) => (taxed ? mapping.taxTypes.purchases : mapping.taxTypes.purchasesNoGst);
  return [
    ...purchases.map((p) => {
      const taxed = isTaxInvoice(business, p.invoiceDate);
      return {
        id: p.id,
        kind: 'bill' as const,
        contactName: p.supplierName,
        number: p.invoiceNumber,
        date: p.invoiceDate,
        dueDate: p.dueDate ?? p.invoiceDate,
        description: `Supplier bill ${p.invoiceNumber}`,
        total: p.total,
        gst: taxed ? p.gst : 0,
        accountCode: mapping.tyresAtCost,
        taxType: tax(taxed),
        taxed,
      };
    }),
    ...expenses.map((e) => {
      const taxed = isTaxInvoice(business, e.expenseDate);
      return {
        id: e.id,
        kind: 'expense' as const,
        contactName: e.supplierName,
        number: e.invoiceNumber ?? expenseNumber(e.id),
        date: e.expenseDate,
        dueDate: e.dueDate ?? e.expenseDate,
        description: e.description,
        total: e.total,
        gst: taxed ? e.gst : 0,
        accountCode: mapping.expenses[e.category as keyof AccountingMapping['expenses']] ?? mapping.expenses.misc,
        taxType: tax(taxed),
        taxed,
      };
    }),
  ];
}

/** An expense kept without the supplier's number still needs one in Xero: its own, from its id. */
export const expenseNumber = (id: string) => `EXP-${id.slice(0, 8).toUpperCase()}`;

const taxName = (code: string) => XERO_TAX_TYPE_NAMES[code] ?? code;

export function xeroInvoicesCsv(sales: readonly SaleDocument[]): string {
  const rows = sales.flatMap((s) =>
    s.lines.map((l) => {
      const row: Record<(typeof XERO_INVOICE_COLUMNS)[number], string> = {
        '*ContactName': s.contactName,
        EmailAddress: s.contactEmail,
        POAddressLine1: '',
        POAddressLine2: '',
        POAddressLine3: '',
        POAddressLine4: '',
        POCity: '',
        PORegion: '',
        POPostalCode: '',
        POCountry: '',
        '*InvoiceNumber': s.number,
        Reference: s.reference,
        '*InvoiceDate': auDate(s.date),
        '*DueDate': auDate(s.dueDate),
        InventoryItemCode: '',
        '*Description': l.description,
        '*Quantity': String(l.quantity),
        '*UnitAmount': m(l.unit),
        Discount: '',
        '*AccountCode': l.accountCode,
        '*TaxType': taxName(l.taxType),
        TaxAmount: m(l.gst),
        TrackingName1: '',
        TrackingOption1: '',
        TrackingName2: '',
        TrackingOption2: '',
        Currency: 'AUD',
        BrandingTheme: '',
      };
      return XERO_INVOICE_COLUMNS.map((c) => row[c]);
    }),
  );
  return stringify([[...XERO_INVOICE_COLUMNS], ...rows]);
}

export function xeroBillsCsv(docs: readonly PurchaseDocument[]): string {
  const rows = docs.map((d) => {
    const row: Record<(typeof XERO_BILL_COLUMNS)[number], string> = {
      '*ContactName': d.contactName,
      EmailAddress: '',
      POAddressLine1: '',
      POAddressLine2: '',
      POAddressLine3: '',
      POAddressLine4: '',
      POCity: '',
      PORegion: '',
      POPostalCode: '',
      POCountry: '',
      '*InvoiceNumber': d.number,
      '*InvoiceDate': auDate(d.date),
      '*DueDate': auDate(d.dueDate),
      InventoryItemCode: '',
      Description: d.description,
      '*Quantity': '1',
      '*UnitAmount': m(d.total),
      '*AccountCode': d.accountCode,
      '*TaxType': taxName(d.taxType),
      TaxAmount: m(d.gst),
      TrackingName1: '',
      TrackingOption1: '',
      TrackingName2: '',
      TrackingOption2: '',
      Currency: 'AUD',
    };
    return XERO_BILL_COLUMNS.map((c) => row[c]);
  });
  return stringify([[...XERO_BILL_COLUMNS], ...rows]);
}

/** MYOB's sales import: one row per line, a blank row between sales; amounts ex and inc GST. */
export function myobSalesCsv(sales: readonly SaleDocument[], mapping: AccountingMapping): string {
  const records: string[][] = [[...MYOB_SALES_COLUMNS]];
  sales.forEach((s, i) => {
    if (i > 0) records.push(MYOB_SALES_COLUMNS.map(() => ''));
    for (const l of s.lines) {
      const total = l.quantity * l.unit;
      const row: Record<(typeof MYOB_SALES_COLUMNS)[number], string> = {
        'Co./Last Name': s.contactName,
        'First Name': '',
        'Invoice #': s.number,
        Date: auDate(s.date),
        'Customer PO': s.reference === s.number ? '' : s.reference,
        Description: l.description,
        'Account #': mapping.myobSales,
        Amount: m(total - l.gst),
        'Inc-Tax Amount': m(total),
        Job: '',
        'Journal Memo': `Sale; ${s.contactName}`,
        'Tax Code': s.taxed ? 'GST' : 'N-T',
        'Non-GST Amount': s.taxed ? '0.00' : m(total),
        'GST Amount': m(l.gst),
        'Sale Status': 'I',
      };
      records.push(MYOB_SALES_COLUMNS.map((c) => row[c]));
    }
  });
  return stringify(records);
}

export async function accountingExport(
  deps: Deps,
  query: { from: string; to: string; format: AccountingExportFormat },
): Promise<FileReply> {
  const range = { startDate: query.from, endDate: query.to };
  const mapping = await currentMapping(deps);
  let text: string;
  if (query.format === 'xero-bills') text = xeroBillsCsv(await loadPurchaseDocuments(deps, range, mapping));
  else {
    const sales = await loadSales(deps, range, mapping);
    text = query.format === 'xero-invoices' ? xeroInvoicesCsv(sales) : myobSalesCsv(sales, mapping);
  }
  return {
    // A byte-order mark so spreadsheet programs read the file as UTF-8, as the reports' CSVs do.
    data: Buffer.from(`\uFEFF${text}`, 'utf8'),
    contentType: 'text/csv; charset=utf-8',
    filename: `${query.format}-${query.from}-to-${query.to}.csv`,
    disposition: 'attachment',
  };
}
