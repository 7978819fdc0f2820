import { useQuery } from '@tanstack/react-query';
import { toCents } from '../../../shared/domain/money';
import { categoryLabel, serviceLabel } from '../../../shared/domain/reports';
import type { ProfitAndLossReport, ReportQuery } from '../../../shared/schemas/reports';
import { api } from '../../lib/api';
import { CategoryBars, MonthlyBars } from './lazy-charts';
import {
  ChartFrame,
  chartDollars,
  CsvLink,
  DataTable,
  Figure,
  Figures,
  money,
  percent,
  ReportEmpty,
  ReportError,
  ReportSkeleton,
} from './report-parts';

/**
 * The technicians' rows and a last row of the P&L's own totals: they come from the same ledger, so
 * the rows add up to it (docs/product.md "Reports", decision 213) and the owner can see they do.
 */
function withTotal(r: ProfitAndLossReport): ProfitAndLossReport['byTechnician'] {
  if (r.byTechnician.length === 0) return [];
  const jobCount = r.byTechnician.reduce((n, x) => n + x.jobCount, 0);
  return [
    ...r.byTechnician,
    {
      technicianId: 'all',
      technicianName: 'All technicians (gross profit)',
      jobCount,
      revenue: r.revenue.totalRevenue,
      jobCosts: r.expenses.jobCosts,
      profit: r.profit.grossProfit,
    },
  ];
}

/** Profit and loss (docs/product.md "Reports"): revenue, job costs, expenses, margins and where they come from. */
export function ProfitAndLossPanel({ range }: { range: ReportQuery }) {
  const report = useQuery(api.reports.profitAndLoss.query({ query: range }));
  // Whether the period was registered for GST: the GST report's flag, the same query as the headline figures.
  const gst = useQuery(api.reports.gst.query({ query: range }));
  if (report.isPending) return <ReportSkeleton label="Loading P&L report..." />;
  if (report.isError) return <ReportError title="Failed to fetch Enhanced P&L report" detail={report.error.message} />;
  const r = report.data;
  const tone = (v: string) => (toCents(v) < 0 ? 'bad' : 'good');
  const profitColumns = <T extends { jobCount: number; revenue: string; jobCosts: string; profit: string }>(first: {
    header: string;
    cell: (x: T) => string;
  }) => [
    first,
    { header: 'Jobs', cell: (x: T) => String(x.jobCount), numeric: true },
    { header: 'Revenue', cell: (x: T) => money(x.revenue), numeric: true },
    { header: 'Job costs', cell: (x: T) => money(x.jobCosts), numeric: true },
    { header: 'Profit', cell: (x: T) => money(x.profit), numeric: true },
  ];

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap justify-end">
        <CsvLink href={api.reports.profitAndLossCsv.url({ query: range })} label="Download P&L CSV" />
      </div>
      {!r.hasData ? (
        <ReportEmpty>No P&amp;L data available for the selected period.</ReportEmpty>
      ) : (
        <>
          {gst.data?.gstRegistered ? (
            // Registered, the GST on a document is the ATO's, not income or a cost (decision 442).
            <p className="text-sm text-gray-700">
              Amounts are without GST for invoices, bills and expenses dated while the business is registered for GST.
            </p>
          ) : null}
          <Figures label="Profit and loss summary">
            <Figure
              label="Revenue"
              value={money(r.revenue.totalRevenue)}
              hint={`${r.revenue.invoiceCount} issued ${r.revenue.invoiceCount === 1 ? 'invoice' : 'invoices'}`}
            />
            <Figure label="Job costs" value={money(r.expenses.jobCosts)} hint="Purchase invoices" />
            <Figure
              label="Gross profit"
              value={money(r.profit.grossProfit)}
              hint={`${percent(r.profit.grossMargin)} margin`}
              tone={tone(r.profit.grossProfit)}
            />
            <Figure label="Business expenses" value={money(r.expenses.businessExpenses)} />
            <Figure label="Total expenses" value={money(r.expenses.totalExpenses)} />
            <Figure
              label="Net profit"
              value={money(r.profit.netProfit)}
              hint={`${percent(r.profit.netMargin)} margin`}
              tone={tone(r.profit.netProfit)}
            />
          </Figures>
          <ChartFrame
            title="Revenue against costs by month"
            summary={`Revenue ${money(r.revenue.totalRevenue)}, job costs ${money(r.expenses.jobCosts)}, business expenses ${money(r.expenses.businessExpenses)}; the month table below has each month.`}
          >
            <MonthlyBars
              data={r.months.map((x) => ({
                month: x.month,
                revenue: chartDollars(x.revenue),
                jobCosts: chartDollars(x.jobCosts),
                expenses: chartDollars(x.businessExpenses),
              }))}
              series={[
                { key: 'revenue', label: 'Revenue' },
                { key: 'jobCosts', label: 'Job costs' },
                { key: 'expenses', label: 'Business expenses' },
              ]}
            />
          </ChartFrame>
          <DataTable
            caption="By month"
            rowKey={(x) => x.month}
            columns={[
              { header: 'Month', cell: (x) => x.month },
              { header: 'Revenue', cell: (x) => money(x.revenue), numeric: true },
              { header: 'Job costs', cell: (x) => money(x.jobCosts), numeric: true },
              { header: 'Expenses', cell: (x) => money(x.businessExpenses), numeric: true },
              { header: 'Net profit', cell: (x) => money(x.netProfit), numeric: true },
            ]}
            rows={r.months}
          />
          <ChartFrame
            title="Expenses by category"
            summary={
              r.breakdown.topExpenseCategories
                .map((c) => `${categoryLabel(c.category)} ${money(c.amount)}`)
                .join(', ') || 'No expenses'
            }
          >
            <CategoryBars
              valueLabel="Amount"
              data={r.breakdown.topExpenseCategories.map((c) => ({
                label: categoryLabel(c.category),
                value: chartDollars(c.amount),
              }))}
            />
          </ChartFrame>
          <div className="grid gap-5 lg:grid-cols-2">
            <DataTable
              caption="Top revenue streams"
              rowKey={(x) => x.category}
              columns={[
                { header: 'Stream', cell: (x) => categoryLabel(x.category) },
                { header: 'Amount', cell: (x) => money(x.amount), numeric: true },
                { header: 'Share', cell: (x) => percent(x.percentage), numeric: true },
              ]}
              rows={r.breakdown.topRevenueStreams}
            />
            <DataTable
              caption="Top expense categories"
              rowKey={(x) => x.category}
              columns={[
                { header: 'Category', cell: (x) => categoryLabel(x.category) },
                { header: 'Amount', cell: (x) => money(x.amount), numeric: true },
                { header: 'Share', cell: (x) => percent(x.percentage), numeric: true },
              ]}
              rows={r.breakdown.topExpenseCategories}
            />
          </div>
          <DataTable
            caption="Profit by technician"
            rowKey={(x) => x.technicianId ?? 'none'}
            columns={profitColumns({
              header: 'Technician',
              cell: (x: (typeof r.byTechnician)[number]) => x.technicianName,
            })}
            rows={withTotal(r)}
          />
          <DataTable
            caption="Profit by service"
            rowKey={(x) => x.serviceType}
            columns={profitColumns({
              header: 'Service',
              cell: (x: (typeof r.byService)[number]) => serviceLabel(x.serviceType),
            })}
            rows={r.byService}
          />
        </>
      )}
    </div>
  );
}
