import { financialYearOf } from '../../../shared/domain/bookkeeping';

export type ReportPeriod = { startDate: string; endDate: string };
type PresetId = 'this-month' | 'last-month' | 'this-quarter' | 'this-fy' | 'last-fy';

const pad = (n: number) => String(n).padStart(2, '0');
/** The last day of a month (1-12) of a year, as a yyyy-MM-dd day. */
const monthEnd = (year: number, month: number) =>
  `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
const monthOf = (year: number, month: number): ReportPeriod => ({
  startDate: `${year}-${pad(month)}-01`,
  endDate: monthEnd(year, month),
});

/**
 * The report periods an owner asks for most, from Perth's today (docs/product.md "Reports",
 * decision 353): the month, the month before, the BAS quarter (Jul-Sep, Oct-Dec, Jan-Mar,
 * Apr-Jun), and the financial year (1 July to 30 June), this one and the last.
 */
export function reportPresets(today: string): { id: PresetId; label: string; period: ReportPeriod }[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const quarterStart = month - ((month - 1) % 3);
  const fy = financialYearOf(today);
  const lastFyStart = Number(fy.startDate.slice(0, 4)) - 1;
  return [
    { id: 'this-month', label: 'This month', period: monthOf(year, month) },
    { id: 'last-month', label: 'Last month', period: month === 1 ? monthOf(year - 1, 12) : monthOf(year, month - 1) },
    {
      id: 'this-quarter',
      label: 'This quarter',
      period: { startDate: `${year}-${pad(quarterStart)}-01`, endDate: monthEnd(year, quarterStart + 2) },
    },
    { id: 'this-fy', label: 'This financial year', period: fy },
    {
      id: 'last-fy',
      label: 'Last financial year',
      period: { startDate: `${lastFyStart}-07-01`, endDate: `${lastFyStart + 1}-06-30` },
    },
  ];
}

/** Which preset a period is, if any: the button shown as chosen. */
export function presetOf(period: ReportPeriod, today: string): PresetId | undefined {
  return reportPresets(today).find(
    (p) => p.period.startDate === period.startDate && p.period.endDate === period.endDate,
  )?.id;
}
