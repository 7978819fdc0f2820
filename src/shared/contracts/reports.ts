import type { z } from 'zod';
import { gstReport, payablesReport, profitAndLossReport, receivablesReport, reportQuery } from '../schemas/reports';
import { tyreReport } from '../schemas/tyre-reports';
import { defineContract } from './contract';

/**
 * The reports (docs/product.md "Reports"), admin only. Each has its JSON and, at the same path with
 * `.csv`, a download of the same figures (decision 211).
 */
const report = <const P extends string, R extends z.ZodType>(path: P, summary: string, response: R) => ({
  json: defineContract({ method: 'GET', path, access: 'admin', summary, query: reportQuery, response }),
  csv: defineContract({
    method: 'GET',
    path: `${path}.csv` as const,
    access: 'admin',
    summary: `${summary} As CSV.`,
    query: reportQuery,
    responseKind: 'file',
  }),
});

const gst = report(
  '/api/dashboard/reports/gst',
  'GST collected and paid, the BAS worksheet and the GST-turnover watch for a range of Perth dates.',
  gstReport,
);
const payables = report(
  '/api/dashboard/reports/purchases-payables',
  'Purchase invoices and expenses: paid, owed, overdue, due in the next 30 days, by supplier and category.',
  payablesReport,
);
const pnl = report(
  '/api/dashboard/reports/enhanced-pl',
  'Profit and loss: revenue, job costs, expenses, margins, by month, category, technician and service.',
  profitAndLossReport,
);
const receivables = report(
  '/api/dashboard/reports/receivables',
  'Unpaid customer invoices by age (current, 1-30, 31-60, 61+ days overdue).',
  receivablesReport,
);

// docs/decisions/424-tyre-reports.md
const tyres = report(
  '/api/dashboard/reports/tyres',
  'Tyres fitted by month, size and brand; the stock held now at cost (the price list purchase price); warranty claims opened.',
  tyreReport,
);

export const reports = {
  gst: gst.json,
  gstCsv: gst.csv,
  payables: payables.json,
  payablesCsv: payables.csv,
  profitAndLoss: pnl.json,
  profitAndLossCsv: pnl.csv,
  receivables: receivables.json,
  receivablesCsv: receivables.csv,
  tyres: tyres.json,
  tyresCsv: tyres.csv,
};
