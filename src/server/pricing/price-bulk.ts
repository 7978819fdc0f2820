import { and, asc, eq, like, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { formatCents, formatDollars, toCents, type Cents } from '../../shared/domain/money';
import { PRICE_MAX_CENTS, type bulkChangeRequest, type BulkChangeResult } from '../../shared/schemas/tyre-prices';
import { tyreStockPricing } from '../db/schema';
import type { AppDeps } from '../deps';
import type { SessionUser } from '../http/access';
import { invalid } from '../http/errors';
import { recordSettingChanges } from '../history/history';
import { rowLabel, searchCondition } from './price-list';

/**
 * A bulk change of the price list ("retail +5% for brand X", "for sizes with rim 17"), decision 281:
 * the dry run lists every row it would change, old -> new; applying writes them all, with a history
 * line each, in one transaction. A percentage is rounded to the cent, half up.
 */

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Request = z.output<typeof bulkChangeRequest>;

const COLUMN = { retail: 'retailPrice', purchase: 'purchasePrice' } as const;
const FIELD_LABEL = { retail: 'Retail price', purchase: 'Purchase price' } as const;

function filterOf(filter: Request['filter']): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (filter.brand) where.push(eq(sql`lower(${tyreStockPricing.brand})`, filter.brand.toLowerCase()));
  if (filter.rimSize !== undefined) where.push(like(tyreStockPricing.size, `%R${filter.rimSize}`));
  where.push(searchCondition(filter.search));
  const present = where.filter((w): w is SQL => w !== undefined);
  return present.length ? and(...present) : undefined;
}

const changed = (c: Request['change'], from: Cents): Cents =>
  c.percent !== undefined ? Math.round((from * (100 + c.percent)) / 100) : from + toCents(c.amount!);

/** What the change says, for the history note: "Retail +5% (brand Michelin, rim 17)". */
function describe(request: Request): string {
  const { change, filter } = request;
  const by =
    change.percent !== undefined
      ? `${change.percent > 0 ? '+' : ''}${change.percent}%`
      : `${toCents(change.amount!) > 0 ? '+' : '-'}${formatDollars(Math.abs(toCents(change.amount!)))}`;
  const scope = [
    filter.brand ? `brand ${filter.brand}` : '',
    filter.rimSize !== undefined ? `rim ${filter.rimSize}` : '',
    filter.search ? `search "${filter.search}"` : '',
  ].filter(Boolean);
  return `${FIELD_LABEL[change.field]} ${by}${scope.length ? ` (${scope.join(', ')})` : ' (every row)'}`;
}

export async function bulkChangePrices(deps: Deps, actor: SessionUser, request: Request): Promise<BulkChangeResult> {
  const column = COLUMN[request.change.field];
  const at = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(tyreStockPricing)
      .where(filterOf(request.filter))
      .orderBy(asc(tyreStockPricing.size), asc(tyreStockPricing.brand), asc(tyreStockPricing.model))
      .for('update');
    const changes = rows
      .map((row) => ({ row, from: toCents(row[column]), to: changed(request.change, toCents(row[column])) }))
      .filter((c) => c.to !== c.from);
    const floor = request.change.field === 'retail' ? 1 : 0;
    const out = changes.find((c) => c.to < floor || c.to > PRICE_MAX_CENTS);
    if (out) {
      const rule = request.change.field === 'retail' ? 'must be a number above 0' : 'must be a number, 0 or more';
      const message = `${FIELD_LABEL[request.change.field]} of ${rowLabel(out.row)} would become ${formatDollars(out.to)}: it ${out.to > PRICE_MAX_CENTS ? 'must be at most $99,999.99' : rule}. Nothing was changed.`;
      throw invalid(message, { 'change.amount': message });
    }
    const result: BulkChangeResult = {
      applied: !request.dryRun,
      field: request.change.field,
      changes: changes.map((c) => ({
        id: c.row.id,
        label: rowLabel(c.row),
        from: formatCents(c.from),
        to: formatCents(c.to),
      })),
    };
    if (request.dryRun || changes.length === 0) return result;
    const note = describe(request);
    for (const c of changes) {
      await tx
        .update(tyreStockPricing)
        .set({ [column]: formatCents(c.to), updatedAt: at })
        .where(eq(tyreStockPricing.id, c.row.id));
    }
    await recordSettingChanges(
      tx,
      changes.map((c) => ({
        subject: `tyre-price:${c.row.id}` as const,
        label: rowLabel(c.row),
        at,
        actorId: actor.id,
        kind: 'bulk-changed' as const,
        field: FIELD_LABEL[request.change.field],
        from: formatDollars(c.from),
        to: formatDollars(c.to),
        note,
      })),
    );
    return result;
  });
}
