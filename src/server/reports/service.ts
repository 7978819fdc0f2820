import type { z } from 'zod';
import { resolveReportRange, twelveMonthsEnding } from '../../shared/domain/bookkeeping';
import { isTaxInvoice } from '../../shared/domain/settings';
import { perthToday } from '../../shared/domain/perth-time';
import type {
  GstReport,
  PayablesReport,
  ProfitAndLossReport,
  ReceivablesReport,
  reportQuery,
} from '../../shared/schemas/reports';
import type { AppDeps } from '../deps';
import type { FileReply } from '../http/contract-routes';
import { computeGstReport, computePayablesReport, computeProfitAndLoss, computeReceivables } from './compute';
import { gstCsvSections, payablesCsvSections, profitAndLossCsvSections, receivablesCsvSections, toCsv } from './csv';
import {
  CREDIT_NOTES_STREAM,
  loadCreditNotes,
  loadExpenses,
  loadInvoices,
  loadPurchases,
  loadRevenueLines,
  loadSales,
} from './ledger';

/** Each report: load its rows for the range (Perth dates, default this financial year), compute once. */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'settings'>;
type Query = z.output<typeof reportQuery>;

function rangeAndToday(deps: Deps, query: Query) {
  const today = perthToday(deps.clock.now());
  return { today, range: resolveReportRange(query, today) };
}

export async function gstReport(deps: Deps, query: Query): Promise<GstReport> {
  const { today, range } = rangeAndToday(deps, query);
  // The watch looks at the 12 months to the range's end, or to today when the range runs on past it.
  const turnoverWindow = twelveMonthsEnding(range.endDate < today ? range.endDate : today);
  const [invoices, credits, purchases, expenses, turnoverInvoices] = await Promise.all([
    loadInvoices(deps.db, range, { withTechnician: false }),
    loadCreditNotes(deps.db, range),
    loadPurchases(deps.db, range),
    loadExpenses(deps.db, range),
    loadSales(deps.db, turnoverWindow),
  ]);
  // A credit note lowers the GST collected in its own period (decision 297). A period that ends
  // before the registration date was not registered, so it has no GST to pay (decision 377).
  const gstRegistered = isTaxInvoice((await deps.settings.current()).business, range.endDate);
  return computeGstReport({
    range,
    gstRegistered,
    invoices: [...invoices, ...credits],
    purchases,
    expenses,
    turnoverWindow,
    turnoverInvoices,
  });
}

export async function payablesReport(deps: Deps, query: Query): Promise<PayablesReport> {
  const { today, range } = rangeAndToday(deps, query);
  const [purchases, expenses] = await Promise.all([loadPurchases(deps.db, range), loadExpenses(deps.db, range)]);
  return computePayablesReport({ range, asOf: today, purchases, expenses });
}

export async function profitAndLossReport(deps: Deps, query: Query): Promise<ProfitAndLossReport> {
  const { range } = rangeAndToday(deps, query);
  const [invoices, credits, purchases, expenses, revenueLines] = await Promise.all([
    loadInvoices(deps.db, range, { issuedOnly: true }),
    loadCreditNotes(deps.db, range),
    loadPurchases(deps.db, range),
    loadExpenses(deps.db, range),
    loadRevenueLines(deps.db, range),
  ]);
  // Credit notes are negative revenue on their own date, under their own stream (decision 297).
  const lines = [
    ...revenueLines,
    ...credits.map((r) => ({ category: CREDIT_NOTES_STREAM, total: r.total, day: r.invoiceDate })),
  ];
  const { business } = await deps.settings.current();
  return computeProfitAndLoss({
    range,
    business,
    invoices: [...invoices, ...credits],
    purchases,
    expenses,
    revenueLines: lines,
  });
}

export async function receivablesReport(deps: Deps, query: Query): Promise<ReceivablesReport> {
  const { today, range } = rangeAndToday(deps, query);
  const asOf = range.endDate < today ? range.endDate : today;
  return computeReceivables({
    range,
    asOf,
    invoices: await loadInvoices(deps.db, { startDate: range.startDate, endDate: asOf }, { outstandingAt: asOf }),
  });
}

export function csvFile(
  name: string,
  title: string,
  report: { startDate: string; endDate: string },
  sections: Parameters<typeof toCsv>[2],
): FileReply {
  // A byte-order mark so spreadsheet programs read the file as UTF-8 (supplier names with accents).
  const data = Buffer.from(`\uFEFF${toCsv(title, report, sections)}`, 'utf8');
  return {
    data,
    contentType: 'text/csv; charset=utf-8',
    filename: `${name}-${report.startDate}-to-${report.endDate}.csv`,
    disposition: 'attachment',
  };
}

export const gstCsv = async (deps: Deps, q: Query) => {
  const r = await gstReport(deps, q);
  return csvFile(
    'gst-report',
    r.gstRegistered ? 'GST report' : 'GST report (tracking only: not registered for GST)',
    r,
    gstCsvSections(r),
  );
};
export const payablesCsv = async (deps: Deps, q: Query) => {
  const r = await payablesReport(deps, q);
  return csvFile('payables-report', 'Purchases and payables', r, payablesCsvSections(r));
};
export const profitAndLossCsv = async (deps: Deps, q: Query) => {
  const r = await profitAndLossReport(deps, q);
  return csvFile('profit-and-loss', 'Profit and loss', r, profitAndLossCsvSections(r));
};
export const receivablesCsv = async (deps: Deps, q: Query) => {
  const r = await receivablesReport(deps, q);
  return csvFile('receivables', 'Receivables', r, receivablesCsvSections(r));
};
