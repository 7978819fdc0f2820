import { gstBreakdown } from '../../../shared/domain/bookkeeping';
import { formatDollars, toCents } from '../../../shared/domain/money';

/** Cents of a typed total, or null while it is not yet a positive amount of at most two decimals. */
export function typedCents(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const cents = toCents(text);
  return cents > 0 ? cents : null;
}

/**
 * The live ex-GST / GST / inc-GST lines under a total (docs/product.md "Purchase invoices and
 * expenses"): GST is one eleventh of the GST-inclusive total. Shown once the total is above $0.
 */
export function GstBreakdown({
  total,
  gst,
  label = 'GST breakdown',
}: {
  total: unknown;
  gst?: number | null;
  label?: string;
}) {
  const cents = typedCents(total);
  if (cents === null) return null;
  const b = gstBreakdown(cents, gst ?? undefined);
  return (
    <dl aria-label={label} className="grid grid-cols-3 gap-2 rounded-lg bg-gray-50 p-3 text-sm">
      <div>
        <dt className="text-gray-700">Ex-GST</dt>
        <dd className="font-semibold tabular-nums">{formatDollars(b.exGst)}</dd>
      </div>
      <div>
        <dt className="text-gray-700">GST (10%)</dt>
        <dd className="font-semibold tabular-nums">{formatDollars(b.gst)}</dd>
      </div>
      <div>
        <dt className="text-gray-700">Inc-GST</dt>
        <dd className="font-semibold tabular-nums">{formatDollars(b.incGst)}</dd>
      </div>
    </dl>
  );
}
