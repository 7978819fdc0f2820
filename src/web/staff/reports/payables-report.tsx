import { useQuery } from '@tanstack/react-query';
import { dueTone, type DueTone } from '../../../shared/domain/bookkeeping';
import type { ReportQuery } from '../../../shared/schemas/reports';
import { categoryLabel } from '../../../shared/domain/reports';
import { cn } from '../../components/ui/cn';
import { api } from '../../lib/api';
import { CategoryBars } from './lazy-charts';
import {
  ChartFrame,
  chartDollars,
  CsvLink,
  DataTable,
  Figure,
  Figures,
  money,
  ReportEmpty,
  ReportError,
  ReportSkeleton,
} from './report-parts';

const TONE_CLASS: Record<DueTone, string> = {
  red: 'bg-red-100 text-red-900 ring-red-300',
  yellow: 'bg-amber-100 text-amber-950 ring-amber-300',
  grey: 'bg-gray-100 text-gray-800 ring-gray-300',
};

/** How soon a payment is due, in words; the colour (docs/product.md "Reports") only helps. */
function DueBadge({ days }: { days: number }) {
  return (
    <span
      className={cn(
        'whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        TONE_CLASS[dueTone(days)],
      )}
    >
      {days === 0 ? 'Due today' : `Due in ${days} ${days === 1 ? 'day' : 'days'}`}
    </span>
  );
}

/** Purchases and payables (docs/product.md "Reports"). */
export function PayablesReportPanel({ range }: { range: ReportQuery }) {
  const report = useQuery(api.reports.payables.query({ query: range }));
  if (report.isPending) return <ReportSkeleton label="Loading payables report..." />;
  if (report.isError)
    return <ReportError title="Failed to fetch Purchases/Payables report" detail={report.error.message} />;
  const r = report.data;
  const groupColumns = (first: {
    header: string;
    cell: (x: (typeof r.purchasesByCategory)[number] & { name: string }) => string;
  }) => [
    first,
    { header: 'Total', cell: (x: { totalAmount: string }) => money(x.totalAmount), numeric: true },
    { header: 'Paid', cell: (x: { paidAmount: string }) => money(x.paidAmount), numeric: true },
    { header: 'Unpaid', cell: (x: { unpaidAmount: string }) => money(x.unpaidAmount), numeric: true },
    { header: 'Bills', cell: (x: { invoiceCount: number }) => String(x.invoiceCount), numeric: true },
  ];

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap justify-end">
        <CsvLink href={api.reports.payablesCsv.url({ query: range })} label="Download Payables CSV" />
      </div>
      {!r.hasData ? (
        <ReportEmpty>No payables data available for the selected period.</ReportEmpty>
      ) : (
        <>
          <Figures label="Payables summary">
            <Figure label="Total purchases" value={money(r.totalPurchases)} hint="Purchase invoices and expenses" />
            <Figure label="Paid" value={money(r.totalPaid)} />
            <Figure label="Owed (payables)" value={money(r.totalPayables)} />
            <Figure
              label="Overdue"
              value={money(r.overduePurchases)}
              hint={`As at ${r.asOf}`}
              tone={r.overduePayments.length ? 'bad' : undefined}
            />
          </Figures>
          <DataTable
            caption="Upcoming payments (next 30 days)"
            empty="Nothing due in the next 30 days."
            rowKey={(x) => x.id}
            columns={[
              { header: 'Due', cell: (x) => <DueBadge days={x.daysUntilDue} /> },
              { header: 'Date', cell: (x) => x.dueDate },
              { header: 'Supplier', cell: (x) => x.supplierName },
              { header: 'Invoice', cell: (x) => x.invoiceNumber ?? '' },
              { header: 'Kind', cell: (x) => (x.kind === 'purchase' ? 'Purchase invoice' : 'Expense') },
              { header: 'Total', cell: (x) => money(x.totalAmount), numeric: true },
            ]}
            rows={r.upcomingPayments}
          />
          {r.overduePayments.length ? (
            <DataTable
              caption="Overdue"
              rowKey={(x) => x.id}
              columns={[
                { header: 'Overdue by', cell: (x) => `${x.daysOverdue} ${x.daysOverdue === 1 ? 'day' : 'days'}` },
                { header: 'Due date', cell: (x) => x.dueDate },
                { header: 'Supplier', cell: (x) => x.supplierName },
                { header: 'Invoice', cell: (x) => x.invoiceNumber ?? '' },
                { header: 'Total', cell: (x) => money(x.totalAmount), numeric: true },
              ]}
              rows={r.overduePayments}
            />
          ) : null}
          <ChartFrame
            title="Purchases by category"
            summary={r.purchasesByCategory
              .map((c) => `${categoryLabel(c.category)} ${money(c.totalAmount)}`)
              .join(', ')}
          >
            <CategoryBars
              valueLabel="Total"
              data={r.purchasesByCategory.map((c) => ({
                label: categoryLabel(c.category),
                value: chartDollars(c.totalAmount),
              }))}
            />
          </ChartFrame>
          <DataTable
            caption="By category"
            rowKey={(x) => x.category}
            columns={groupColumns({ header: 'Category', cell: (x) => x.name })}
            rows={r.purchasesByCategory.map((x) => ({ ...x, name: categoryLabel(x.category) }))}
          />
          <DataTable
            caption="By supplier"
            rowKey={(x) => x.name}
            columns={groupColumns({ header: 'Supplier', cell: (x) => x.name })}
            rows={r.purchasesBySupplier.map((x) => ({ ...x, category: '', name: x.supplierName }))}
          />
        </>
      )}
    </div>
  );
}
