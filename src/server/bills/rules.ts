import { billAmounts } from '../../shared/domain/bookkeeping';
import { formatCents, toCents } from '../../shared/domain/money';
import { isUuid } from '../../shared/schemas/fields';
import { GST_OVER_TOTAL } from '../../shared/schemas/bills';
import { invalid, notFound } from '../http/errors';

/**
 * The rules a supplier bill and a business expense share (docs/product.md "Purchase invoices and
 * expenses"; decision 260), so the two cannot drift apart again: their amounts, their paid state
 * and how an id is looked up.
 */

export type Amounts = { total: string; gst: string; exGst: string };

/** Total, GST and ex-GST as two-decimal strings; 400 when the GST is more than the total. */
export function amounts(total: string, gst: string | null | undefined): Amounts {
  const a = billAmounts(toCents(total), gst === null || gst === undefined ? null : toCents(gst));
  if (!a) throw invalid(GST_OVER_TOTAL, { gstAmount: GST_OVER_TOTAL });
  return { total: formatCents(a.total), gst: formatCents(a.gst), exGst: formatCents(a.exGst) };
}

/**
 * The amounts an edit writes, or null when it leaves them alone: a new total without a GST amount
 * gets one eleventh again; a GST amount alone is checked against the stored total.
 */
export function changedAmounts(
  body: { total?: string | undefined; gst?: string | null | undefined },
  storedTotal: string,
): Amounts | null {
  if (body.total === undefined && (body.gst === undefined || body.gst === null)) return null;
  return amounts(body.total ?? storedTotal, body.gst);
}

/** Paid from the start when the form says so. */
export function paidOnCreate(isPaid: boolean | undefined, now: Date): { isPaid: boolean; paidAt: Date | null } {
  return { isPaid: isPaid ?? false, paidAt: isPaid ? now : null };
}

/**
 * Paid or unpaid on an edit (the badge toggle and 'Mark Paid'): paid keeps the first date unless a
 * date is given, unpaid clears it; a date alone sets paid (or clears it).
 */
export function paidChanges(
  body: { isPaid?: boolean | undefined; paidAt?: string | null | undefined },
  stored: { isPaid: boolean; paidAt: Date | null },
  now: Date,
): { isPaid?: boolean; paidAt?: Date | null } {
  const given = body.paidAt ? new Date(body.paidAt) : null;
  if (body.isPaid !== undefined)
    return {
      isPaid: body.isPaid,
      paidAt: body.isPaid ? (given ?? (stored.isPaid ? (stored.paidAt ?? now) : now)) : null,
    };
  if (body.paidAt !== undefined) return { isPaid: given !== null, paidAt: given };
  return {};
}

/** A malformed id is "not found", never a database error. */
export function assertId(id: string, message: string): void {
  if (!isUuid(id)) throw notFound(message);
}
