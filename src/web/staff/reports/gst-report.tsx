import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { toCents } from '../../../shared/domain/money';
import type { ReportQuery } from '../../../shared/schemas/reports';
import { categoryLabel } from '../../../shared/domain/reports';
import { api } from '../../lib/api';
import { MonthlyBars } from './lazy-charts';
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

const STATUS_TEXT = { paid: 'Paid', invoiced: 'Invoiced', pending: 'Pending' } as const;

/** GST tracking (docs/product.md "Reports"): collected, paid, net, the BAS worksheet and the turnover watch. */
export function GstReportPanel({ range }: { range: ReportQuery }) {
  const report = useQuery(api.reports.gst.query({ query: range }));
  if (report.isPending) return <ReportSkeleton label="Loading GST report..." />;
  if (report.isError) return <ReportError title="Failed to fetch GST report" detail={report.error.message} />;
  const r = report.data;
  const net = toCents(r.netGST);

  return (
    <div className="space-y-5">
      {r.gstRegistered ? null : (
        <p className="flex gap-2 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sky-950">
          <Info aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
          Tracking only: the business is not registered for GST, so no GST is charged or claimed, none is payable and no
          refund is due. These figures show what GST would be if it were.
        </p>
      )}
      <div className="flex flex-wrap justify-end">
        <CsvLink href={api.reports.gstCsv.url({ query: range })} label="Download GST CSV" />
      </div>
      {!r.hasData ? (
        <ReportEmpty>No GST data available for the selected period.</ReportEmpty>
      ) : (
        <>
          <Figures label="GST summary">
            <Figure label="GST collected" value={money(r.gstCollected)} hint="On invoiced and paid customer invoices" />
            <Figure
              label="GST paid"
              value={money(r.gstPaid)}
              hint={`${money(r.gstPaidOnPurchases)} purchases + ${money(r.gstPaidOnExpenses)} expenses`}
            />
            {r.gstRegistered ? (
              <Figure
                label={net < 0 ? 'Net GST (refund)' : 'Net GST (payable)'}
                value={money(r.netGST)}
                tone={net < 0 ? 'good' : undefined}
              />
            ) : (
              <Figure label="Net GST (if registered)" value={money(r.netGST)} hint="Not payable: not registered" />
            )}
            <Figure label="Customer invoices" value={String(r.customerInvoices.length)} />
          </Figures>
          <ChartFrame
            title="GST collected and paid by month"
            summary={`GST collected ${money(r.gstCollected)} and paid ${money(r.gstPaid)} across ${r.months.length} months; the By month figures are in the CSV.`}
          >
            <MonthlyBars
              data={r.months.map((x) => ({
                month: x.month,
                collected: chartDollars(x.gstCollected),
                paid: chartDollars(x.gstPaid),
              }))}
              series={[
                { key: 'collected', label: 'GST collected' },
                { key: 'paid', label: 'GST paid' },
              ]}
            />
          </ChartFrame>
          <DataTable
            caption={r.gstRegistered ? 'BAS worksheet' : 'BAS worksheet (for when the business registers)'}
            rowKey={(row) => row[0]}
            columns={[
              { header: 'Label', cell: (row: [string, string]) => row[0] },
              { header: 'Amount', cell: (row: [string, string]) => money(row[1]), numeric: true },
            ]}
            rows={[
              ['G1 Total sales', r.bas.g1TotalSales],
              ['1A GST on sales', r.bas.gstOnSales1A],
              ['1B GST on purchases', r.bas.gstOnPurchases1B],
              ['Net GST (1A - 1B)', r.bas.netGst],
            ]}
          />
          <DataTable
            caption="Customer invoices"
            rowKey={(x) => x.invoiceNumber}
            columns={[
              { header: 'Invoice', cell: (x) => x.invoiceNumber },
              { header: 'Customer', cell: (x) => x.customerName },
              { header: 'Date', cell: (x) => x.issueDate },
              { header: 'Status', cell: (x) => STATUS_TEXT[x.status] },
              { header: 'Subtotal', cell: (x) => money(x.subtotal), numeric: true },
              { header: 'GST', cell: (x) => money(x.gstAmount), numeric: true },
              { header: 'Total', cell: (x) => money(x.totalAmount), numeric: true },
            ]}
            rows={r.customerInvoices}
          />
          <DataTable
            caption="Purchase invoices"
            rowKey={(x, i) => `${x.supplierName}-${x.invoiceNumber}-${i}`}
            columns={[
              { header: 'Invoice', cell: (x) => x.invoiceNumber },
              { header: 'Supplier', cell: (x) => x.supplierName },
              { header: 'Date', cell: (x) => x.invoiceDate },
              { header: 'Paid', cell: (x) => (x.isPaid ? 'Paid' : 'Unpaid') },
              { header: 'GST', cell: (x) => money(x.gstAmount), numeric: true },
              { header: 'Total', cell: (x) => money(x.totalAmount), numeric: true },
            ]}
            rows={r.purchaseInvoices}
          />
          <DataTable
            caption="Business expenses"
            rowKey={(x, i) => `${x.supplierName}-${i}`}
            columns={[
              { header: 'Supplier', cell: (x) => x.supplierName },
              { header: 'Category', cell: (x) => categoryLabel(x.category) },
              { header: 'Date', cell: (x) => x.expenseDate },
              { header: 'GST', cell: (x) => money(x.gstAmount), numeric: true },
              { header: 'Total', cell: (x) => money(x.totalAmount), numeric: true },
            ]}
            rows={r.businessExpenses}
          />
        </>
      )}
      <section aria-labelledby="turnover-heading" className="space-y-2 rounded-xl border border-gray-200 p-3">
        <h3 id="turnover-heading" className="font-bold">
          GST turnover watch
        </h3>
        <p>
          Sales {r.turnover.startDate} to {r.turnover.endDate}:{' '}
          <strong className="tabular-nums">{money(r.turnover.sales)}</strong> of the {money(r.turnover.threshold)}{' '}
          registration threshold ({percent(r.turnover.percentage)}).
          {r.turnover.isOverThreshold ? ' The business has reached the threshold and must register for GST.' : ''}
        </p>
        <div className="h-3 w-full overflow-hidden rounded-full bg-gray-200" aria-hidden>
          <div
            className={r.turnover.isOverThreshold ? 'h-full bg-red-700' : 'h-full bg-accent'}
            style={{ width: `${Math.min(100, r.turnover.percentage)}%` }}
          />
        </div>
      </section>
    </div>
  );
}
