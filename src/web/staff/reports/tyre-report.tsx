import { useQuery } from '@tanstack/react-query';
import type { ReportQuery } from '../../../shared/schemas/reports';
import { api } from '../../lib/api';
import { CsvLink, DataTable, Figure, Figures, money, ReportEmpty, ReportError, ReportSkeleton } from './report-parts';

const tyres = (n: number) => `${n} ${n === 1 ? 'tyre' : 'tyres'}`;

/**
 * Tyres fitted by month, size and brand, the stock held now at cost, and the warranty claims
 * opened (docs/decisions/424-tyre-reports.md). On a phone each table is a list of cards.
 */
export function TyreReportPanel({ range }: { range: ReportQuery }) {
  const report = useQuery(api.reports.tyres.query({ query: range }));
  if (report.isPending) return <ReportSkeleton label="Loading the tyre report..." />;
  if (report.isError) return <ReportError title="Failed to fetch tyre report" detail={report.error.message} />;
  const r = report.data;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap justify-end">
        <CsvLink href={api.reports.tyresCsv.url({ query: range })} label="Download Tyres CSV" />
      </div>
      {!r.hasData ? (
        <ReportEmpty>No tyres fitted, held or claimed for the selected period.</ReportEmpty>
      ) : (
        <>
          <Figures label="Tyre summary">
            <Figure label="Tyres fitted" value={String(r.fittedTotal)} />
            <Figure
              label={`Stock at cost on ${r.stock.asOf}`}
              value={money(r.stock.total)}
              hint={`${tyres(r.stock.quantity)} held${r.stock.uncosted ? `, ${r.stock.uncosted} without a purchase price` : ''}`}
            />
            <Figure
              label="Warranty claims"
              value={String(r.claims.length)}
              tone={r.claims.length > 0 ? 'bad' : undefined}
            />
          </Figures>
          <DataTable
            caption="Tyres fitted by month, size and brand"
            rowKey={(f) => `${f.month}|${f.size}|${f.brand}`}
            columns={[
              { header: 'Month', cell: (f) => f.month },
              { header: 'Size', cell: (f) => f.size },
              { header: 'Brand', cell: (f) => f.brand },
              { header: 'Tyres', cell: (f) => f.count, numeric: true },
            ]}
            rows={r.fitted}
            empty="No tyres fitted in this period."
          />
          <DataTable
            caption={`Stock at cost on ${r.stock.asOf}`}
            rowKey={(l) => `${l.size}|${l.brand}`}
            columns={[
              { header: 'Size', cell: (l) => l.size },
              { header: 'Brand', cell: (l) => l.brand },
              { header: 'Held', cell: (l) => l.quantity, numeric: true },
              {
                header: 'Cost each',
                cell: (l) => (l.unitCost ? money(l.unitCost) : 'No purchase price'),
                numeric: true,
              },
              { header: 'Value', cell: (l) => money(l.value), numeric: true },
            ]}
            rows={r.stock.lines}
            empty="No tyres held on the vans or in the depot."
          />
          <DataTable
            caption="Warranty claims"
            rowKey={(c) => c.claimJobNumber}
            columns={[
              { header: 'Opened', cell: (c) => c.day },
              { header: 'Claim job', cell: (c) => c.claimJobNumber },
              { header: 'Original job', cell: (c) => c.originalJobNumber },
              { header: 'Tyre', cell: (c) => (c.size ? `${c.size} ${c.brand ?? ''}`.trim() : '') },
              { header: 'Reason', cell: (c) => c.reason },
            ]}
            rows={r.claims}
            empty="No warranty claims in this period."
          />
        </>
      )}
    </div>
  );
}
