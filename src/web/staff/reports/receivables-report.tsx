import { useQuery } from '@tanstack/react-query';
import { AGE_BUCKET_LABELS } from '../../../shared/domain/bookkeeping';
import type { ReportQuery } from '../../../shared/schemas/reports';
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

/** What customers owe, by age (decision 213). */
export function ReceivablesPanel({ range }: { range: ReportQuery }) {
  const report = useQuery(api.reports.receivables.query({ query: range }));
  if (report.isPending) return <ReportSkeleton label="Loading receivables..." />;
  if (report.isError) return <ReportError title="Failed to fetch receivables report" detail={report.error.message} />;
  const r = report.data;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap justify-end">
        <CsvLink href={api.reports.receivablesCsv.url({ query: range })} label="Download Receivables CSV" />
      </div>
      {!r.hasData ? (
        <ReportEmpty>No unpaid customer invoices for the selected period.</ReportEmpty>
      ) : (
        <>
          <Figures label="Receivables summary">
            <Figure
              label={`Owed to you at ${r.asOf}`}
              value={money(r.totalOutstanding)}
              hint={`${r.invoices.length} unpaid ${r.invoices.length === 1 ? 'invoice' : 'invoices'}`}
            />
            {r.buckets.map((b) => (
              <Figure
                key={b.bucket}
                label={b.label}
                value={money(b.amount)}
                hint={`${b.invoiceCount} ${b.invoiceCount === 1 ? 'invoice' : 'invoices'}`}
                tone={b.bucket !== 'current' && b.invoiceCount > 0 ? 'bad' : undefined}
              />
            ))}
          </Figures>
          <ChartFrame title="Unpaid by age" summary={r.buckets.map((b) => `${b.label} ${money(b.amount)}`).join(', ')}>
            <CategoryBars
              valueLabel="Unpaid"
              data={r.buckets.map((b) => ({ label: b.label, value: chartDollars(b.amount) }))}
            />
          </ChartFrame>
          <DataTable
            caption="Unpaid invoices"
            rowKey={(x) => x.invoiceNumber}
            columns={[
              { header: 'Invoice', cell: (x) => x.invoiceNumber },
              { header: 'Customer', cell: (x) => x.customerName },
              { header: 'Date', cell: (x) => x.invoiceDate },
              { header: 'Due', cell: (x) => x.dueDate ?? 'No due date' },
              { header: 'Age', cell: (x) => AGE_BUCKET_LABELS[x.bucket] },
              { header: 'Total', cell: (x) => money(x.totalAmount), numeric: true },
            ]}
            rows={r.invoices}
          />
        </>
      )}
    </div>
  );
}
