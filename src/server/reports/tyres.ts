import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { resolveReportRange } from '../../shared/domain/bookkeeping';
import { formatCents, toCents } from '../../shared/domain/money';
import { perthToday } from '../../shared/domain/perth-time';
import type { reportQuery } from '../../shared/schemas/reports';
import type { TyreReport } from '../../shared/schemas/tyre-reports';
import type { AppDeps } from '../deps';
import { perthDayOf } from '../db/perth-sql';
import { text } from './csv';
import { csvFile } from './service';

// The tyre report (docs/decisions/424-tyre-reports.md): three reads side by side, one per section.

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Query = z.output<typeof reportQuery>;

export async function tyreReport(deps: Deps, query: Query): Promise<TyreReport> {
  const today = perthToday(deps.clock.now());
  const range = resolveReportRange(query, today);
  const [fitted, stock, claims] = await Promise.all([
    deps.db.execute<{ month: string; size: string; brand: string; count: number }>(sql`
      select to_char(fitted_on, 'YYYY-MM') as month, size, brand, count(*)::int as count
      from fitted_tyres
      where fitted_on between ${range.startDate}::date and ${range.endDate}::date
      group by 1, 2, 3
      order by 1, 4 desc, 2, 3`),
    // The price list may hold several models of a size and brand: the stock is valued at their mean.
    deps.db.execute<{ size: string; brand: string; quantity: number; unit_cost: string | null }>(sql`
      select s.size, s.brand, sum(s.quantity)::int as quantity,
        (select round(avg(p.purchase_price), 2)::text from tyre_stock_pricing p
          where p.size = s.size and lower(p.brand) = lower(s.brand)) as unit_cost
      from tyre_stock s
      group by s.size, s.brand
      having sum(s.quantity) > 0
      order by s.size, s.brand`),
    deps.db.execute<{
      day: string;
      claim_job_number: string;
      original_job_number: string;
      size: string | null;
      brand: string | null;
      reason: string;
    }>(sql`
      select ${perthDayOf(sql`c.created_at`)} as day, cj.job_number as claim_job_number,
        oj.job_number as original_job_number, f.size, f.brand, c.reason
      from warranty_claims c
      join jobs cj on cj.id = c.claim_job_id
      join jobs oj on oj.id = c.original_job_id
      left join fitted_tyres f on f.id = c.fitted_tyre_id
      where ${perthDayOf(sql`c.created_at`)} between ${range.startDate} and ${range.endDate}
      order by c.created_at, cj.job_number`),
  ]);
  const stockLines = stock.rows.map((r) => {
    const quantity = Number(r.quantity);
    const unitCents = r.unit_cost === null ? null : toCents(r.unit_cost);
    return {
      size: r.size,
      brand: r.brand,
      quantity,
      unitCost: unitCents === null ? null : formatCents(unitCents),
      valueCents: unitCents === null ? 0 : unitCents * quantity,
    };
  });
  const fittedRows = fitted.rows.map((r) => ({ ...r, count: Number(r.count) }));
  const claimRows = claims.rows.map((r) => ({
    day: r.day,
    claimJobNumber: r.claim_job_number,
    originalJobNumber: r.original_job_number,
    size: r.size,
    brand: r.brand,
    reason: r.reason,
  }));
  return {
    ...range,
    hasData: fittedRows.length > 0 || stockLines.length > 0 || claimRows.length > 0,
    fitted: fittedRows,
    fittedTotal: fittedRows.reduce((n, r) => n + r.count, 0),
    stock: {
      asOf: today,
      lines: stockLines.map(({ valueCents, ...l }) => ({ ...l, value: formatCents(valueCents) })),
      quantity: stockLines.reduce((n, l) => n + l.quantity, 0),
      total: formatCents(stockLines.reduce((n, l) => n + l.valueCents, 0)),
      uncosted: stockLines.filter((l) => l.unitCost === null).reduce((n, l) => n + l.quantity, 0),
    },
    claims: claimRows,
  };
}

export async function tyreCsv(deps: Deps, query: Query) {
  const r = await tyreReport(deps, query);
  return csvFile('tyres', 'Tyres', r, [
    {
      title: 'Tyres fitted',
      header: ['Month', 'Size', 'Brand', 'Tyres'],
      rows: [...r.fitted.map((f) => [f.month, f.size, text(f.brand), f.count]), ['Total', '', '', r.fittedTotal]],
    },
    {
      title: `Stock at cost on ${r.stock.asOf}`,
      header: ['Size', 'Brand', 'Held', 'Cost each', 'Value'],
      rows: [
        ...r.stock.lines.map((l) => [l.size, text(l.brand), l.quantity, l.unitCost ?? '', l.value]),
        ['Total', '', r.stock.quantity, '', r.stock.total],
      ],
    },
    {
      title: 'Warranty claims',
      header: ['Opened', 'Claim job', 'Original job', 'Size', 'Brand', 'Reason'],
      rows: r.claims.map((c) => [
        c.day,
        c.claimJobNumber,
        c.originalJobNumber,
        c.size ?? '',
        text(c.brand),
        text(c.reason),
      ]),
    },
  ]);
}
