import { useQuery } from '@tanstack/react-query';
import { formatDollars, toCents } from '../../../shared/domain/money';
import type { ReportQuery } from '../../../shared/schemas/reports';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { api } from '../../lib/api';
import { Figure, money } from './report-parts';

/**
 * The four figures the owner opens Reports for, first and above the fold on a phone (decision 353):
 * revenue, costs, net profit and the GST to pay (or that the business is not registered for GST,
 * decision 377). They come from the same P&L and GST reports the
 * tabs below show (the same queries, fetched once), so the two always agree.
 */
export function HeadlineFigures({ range }: { range: ReportQuery }) {
  const pnl = useQuery(api.reports.profitAndLoss.query({ query: range }));
  const gst = useQuery(api.reports.gst.query({ query: range }));
  if (pnl.isPending || gst.isPending) {
    return (
      <SkeletonGroup label="Loading headline figures..." className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-[4.5rem]" />
        ))}
      </SkeletonGroup>
    );
  }
  // A failed report says so in its own tab below, with the server's message.
  if (pnl.isError || gst.isError) return null;
  const net = pnl.data.profit.netProfit;
  const gstNet = toCents(gst.data.netGST);
  return (
    <dl aria-label="Headline figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Figure label="Revenue" value={money(pnl.data.revenue.totalRevenue)} />
      <Figure label="Costs" value={money(pnl.data.expenses.totalExpenses)} />
      <Figure label="Net profit" value={money(net)} tone={toCents(net) < 0 ? 'bad' : 'good'} />
      {gst.data.gstRegistered ? (
        <Figure label={gstNet < 0 ? 'GST refund' : 'GST payable'} value={formatDollars(Math.abs(gstNet))} />
      ) : (
        // Not registered: no GST is collected, so none is payable or refunded (decision 377).
        <Figure label="GST" value="Not registered" hint="None to pay or claim back" />
      )}
    </dl>
  );
}
