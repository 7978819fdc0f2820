import { gstOf } from './gst';
import type { Cents } from './money';
import { addDays, isIsoDay } from './perth-time';

/**
 * Pure rules of the bookkeeping screens and reports (docs/product.md "Purchase invoices and
 * expenses" and "Reports"): the financial year, report ranges, percentages, due-date badges,
 * receivable ages and a job's profit. Days are Perth dates, `yyyy-MM-dd`.
 */

/** Australia's financial year, 1 July to 30 June, that contains a Perth day. */
export function financialYearOf(day: string): { startDate: string; endDate: string } {
  const year = Number(day.slice(0, 4));
  const startYear = Number(day.slice(5, 7)) >= 7 ? year : year - 1;
  return { startDate: `${startYear}-07-01`, endDate: `${startYear + 1}-06-30` };
}

/** A report's range: both ends given, or filled from this financial year (docs/product.md "Reports"). */
export function resolveReportRange(
  query: { startDate?: string | undefined; endDate?: string | undefined },
  today: string,
): { startDate: string; endDate: string } {
  const fy = financialYearOf(query.endDate ?? query.startDate ?? today);
  return { startDate: query.startDate ?? fy.startDate, endDate: query.endDate ?? fy.endDate };
}

export function isWithin(day: string, range: { startDate: string; endDate: string }): boolean {
  return day >= range.startDate && day <= range.endDate;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  if (!isIsoDay(from) || !isIsoDay(to)) throw new Error(`Invalid day: ${from} / ${to}`);
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Calendar months touched by a range, `yyyy-MM`, in order. */
export function monthsOf(range: { startDate: string; endDate: string }): string[] {
  const months: string[] = [];
  let y = Number(range.startDate.slice(0, 4));
  let m = Number(range.startDate.slice(5, 7));
  const last = range.endDate.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > last) break;
    months.push(month);
    m += 1;
    if (m === 13) {
      m = 1;
      y += 1;
    }
  }
  return months;
}

/** The 12 calendar months ending with the month of `day`: the GST turnover watch's window. */
export function twelveMonthsEnding(day: string): { startDate: string; endDate: string } {
  let y = Number(day.slice(0, 4));
  let m = Number(day.slice(5, 7)) - 11;
  if (m < 1) {
    m += 12;
    y -= 1;
  }
  return { startDate: `${y}-${String(m).padStart(2, '0')}-01`, endDate: day };
}

/** The last day of a `yyyy-MM` month. */
export function lastDayOfMonth(month: string): string {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
}

/**
 * `part` as a percentage of `whole` with two decimals, half away from zero; 0 when the whole is 0
 * (docs/product.md "Reports": margins are 0 when revenue is 0). Integer maths: no drift.
 */
export function percentOf(part: Cents, whole: Cents): number {
  if (whole === 0) return 0;
  const negative = part < 0 !== whole < 0;
  const hundredths = Math.floor((Math.abs(part) * 10_000 * 2 + Math.abs(whole)) / (2 * Math.abs(whole)));
  const value = hundredths / 100;
  return negative && value !== 0 ? -value : value;
}

/** The GST-inclusive breakdown the forms show: ex-GST, GST (one eleventh) and inc-GST. */
export function gstBreakdown(totalIncGst: Cents, gstGiven?: Cents): { exGst: Cents; gst: Cents; incGst: Cents } {
  const gst = gstGiven ?? gstOf(totalIncGst);
  return { exGst: totalIncGst - gst, gst, incGst: totalIncGst };
}

/** The upcoming-payment badge (docs/product.md "Reports"): 7 days or fewer red, 14 or fewer yellow, else grey. */
export type DueTone = 'red' | 'yellow' | 'grey';
export function dueTone(daysUntilDue: number): DueTone {
  return daysUntilDue <= 7 ? 'red' : daysUntilDue <= 14 ? 'yellow' : 'grey';
}

/** How far past its due date an unpaid customer invoice is (decision 213). */
export const AGE_BUCKETS = ['current', '1-30', '31-60', '61+'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
export const AGE_BUCKET_LABELS: Record<AgeBucket, string> = {
  current: 'Current',
  '1-30': '1-30 days overdue',
  '31-60': '31-60 days overdue',
  '61+': '61+ days overdue',
};

export function ageBucket(dueDate: string | null, asOf: string): { bucket: AgeBucket; daysOverdue: number } {
  const daysOverdue = dueDate ? Math.max(0, daysBetween(dueDate, asOf)) : 0;
  const bucket: AgeBucket =
    daysOverdue === 0 ? 'current' : daysOverdue <= 30 ? '1-30' : daysOverdue <= 60 ? '31-60' : '61+';
  return { bucket, daysOverdue };
}

/**
 * A job's profit (docs/product.md "Purchase invoices and expenses"): its invoice total minus its
 * purchase invoices. Before an invoice exists the job's quoted value stands in, marked as an
 * estimate (decision 212); with neither there is no profit to show.
 */
export type JobProfit = {
  revenue: Cents | null;
  revenueSource: 'invoice' | 'quote' | null;
  costs: Cents;
  profit: Cents | null;
  margin: number | null;
};
export function jobProfit(input: {
  invoiceTotal: Cents | null;
  quotedValue: Cents | null;
  purchaseTotals: readonly Cents[];
}): JobProfit {
  const costs = input.purchaseTotals.reduce((a, c) => a + c, 0);
  const revenueSource = input.invoiceTotal !== null ? 'invoice' : input.quotedValue !== null ? 'quote' : null;
  const revenue = input.invoiceTotal ?? input.quotedValue;
  if (revenue === null) return { revenue: null, revenueSource: null, costs, profit: null, margin: null };
  return { revenue, revenueSource, costs, profit: revenue - costs, margin: percentOf(revenue - costs, revenue) };
}

/** The $75,000 GST registration threshold the turnover watch compares 12 months of sales with. */
export const GST_REGISTRATION_THRESHOLD: Cents = 7_500_000;

/**
 * The amounts of a supplier bill or a business expense (docs/product.md "Purchase invoices and
 * expenses"): GST is one eleventh of the GST-inclusive total unless given, and never more than the
 * total; null when the GST given is. One rule for both, on create and on edit (decision 260).
 */
export function billAmounts(total: Cents, gstGiven: Cents | null): { total: Cents; gst: Cents; exGst: Cents } | null {
  const gst = gstGiven ?? gstOf(total);
  if (gst > total) return null;
  return { total, gst, exGst: total - gst };
}
