import { eq, sql } from 'drizzle-orm';
import { TYRE_POSITION_LABELS, TYRE_POSITIONS } from '../../shared/domain/fitted-tyres';
import type { InvoiceLine } from '../../shared/domain/invoices';
import { toCents } from '../../shared/domain/money';
import type { Executor } from '../db/client';
import { fittedTyres, jobTyreParts } from '../db/schema';
import { readTyreSettings } from './tyre-settings';

export const DISPOSAL_LEVY_LINE = 'Tyre disposal levy';

/**
 * What a generated invoice adds for the tyres fitted (docs/decisions/414-tyre-records.md): one
 * $0 line per tyre naming its position, size, brand and DOT date (marked when over six years old),
 * and the owner's disposal levy as its own line for the old tyres left with us. An invoice already
 * issued is never regenerated, so it stays as issued.
 */
export async function fittedTyreInvoiceLines(
  exec: Executor,
  jobId: string,
  opts: { withLevy: boolean },
): Promise<InvoiceLine[]> {
  const rows = await exec.select().from(fittedTyres).where(eq(fittedTyres.jobId, jobId));
  if (rows.length === 0) return [];
  rows.sort((a, b) => TYRE_POSITIONS.indexOf(a.position) - TYRE_POSITIONS.indexOf(b.position));
  const lines: InvoiceLine[] = rows.map((r) => ({
    description: `Fitted ${TYRE_POSITION_LABELS[r.position].toLowerCase()}: ${r.size} ${r.brand}${r.model ? ` ${r.model}` : ''}, DOT ${String(r.dotWeek).padStart(2, '0')}${String(r.dotYear % 100).padStart(2, '0')}${r.isOverAge ? ' (over six years old, fitted at the customer’s request)' : ''}`,
    category: 'note',
    quantity: 1,
    unitPriceCents: 0,
  }));
  const disposed = rows.filter((r) => r.removed === 'disposal').length;
  const levyCents = opts.withLevy ? toCents((await readTyreSettings(exec)).disposalLevy) : 0;
  if (opts.withLevy && disposed > 0 && levyCents > 0)
    lines.push({ description: DISPOSAL_LEVY_LINE, category: 'tyre', quantity: disposed, unitPriceCents: levyCents });
  return lines;
}

/**
 * The job's parts as invoice lines: one line per part and price, in the order first added, with
 * the quantities added summed; GST included, as every line's.
 */
export async function partInvoiceLines(exec: Executor, jobId: string): Promise<InvoiceLine[]> {
  const rows = await exec
    .select({
      name: jobTyreParts.name,
      unitPrice: jobTyreParts.unitPrice,
      quantity: sql<number>`sum(${jobTyreParts.quantity})::int`,
    })
    .from(jobTyreParts)
    .where(eq(jobTyreParts.jobId, jobId))
    .groupBy(jobTyreParts.partId, jobTyreParts.name, jobTyreParts.unitPrice)
    .orderBy(sql`min(${jobTyreParts.createdAt})`);
  return rows.map((r) => ({
    description: r.name,
    category: 'tyre',
    quantity: Number(r.quantity),
    unitPriceCents: toCents(r.unitPrice),
  }));
}
