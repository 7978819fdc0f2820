import { and, asc, eq, isNull } from 'drizzle-orm';
import { formatDollars, toCents } from '../../shared/domain/money';
import { paidNote } from '../../shared/domain/money-taken';
import { formatDayLong, perthDay } from '../../shared/domain/perth-time';
import type { Executor } from '../db/client';
import { onsitePayments } from '../db/schema';
import type { Invoice } from './guards';
import { owedOnInvoice, writtenOffCents } from './owed';

// What a paid invoice prints about how it was paid (docs/decisions/406-money-as-taken.md, 426, 427).

/** "26 Nov 2026", as the invoice prints the day it was paid. */
function shortDay(instant: Date): string {
  const [, d, month, y] = formatDayLong(perthDay(instant)).split(' ');
  return `${d} ${month?.slice(0, 3)} ${y}`;
}

/**
 * "Paid on site on 26 Nov 2026: $0.01 by Cash, $487.79 by EFTPOS; $20.00 written off", or for a
 * transfer "Paid by bank transfer on 26 Nov 2026, reference INV-0007", printed on the invoice
 * (decisions 406, 426); `receivedCents` is a rest marked paid without a method (decision 427).
 */
export async function paidNoteOf(tx: Executor, invoiceId: string, now: Date, receivedCents = 0): Promise<string> {
  const [taken, writeOffs] = await Promise.all([
    tx
      .select({ amount: onsitePayments.amount, method: onsitePayments.method, reference: onsitePayments.reference })
      .from(onsitePayments)
      .where(and(eq(onsitePayments.customerInvoiceId, invoiceId), isNull(onsitePayments.reversedAt)))
      .orderBy(asc(onsitePayments.takenAt)),
    writtenOffCents(tx, invoiceId),
  ]);
  return paidNote(
    taken.map((p) => ({ amountCents: toCents(p.amount), method: p.method, reference: p.reference })),
    shortDay(now),
    writeOffs,
    receivedCents,
  );
}

/**
 * Marked paid without a method (the status set to paid) while part of it was paid or written off:
 * only what was still owed is recorded as received, in the note printed on the invoice and the
 * histories' line (docs/decisions/427-what-is-owed-when-marked-paid.md); null when nothing was taken
 * or written off before, where marking paid means the whole balance, as it always did.
 */
export async function restMarkedReceived(
  tx: Executor,
  invoice: Pick<Invoice, 'id' | 'totalAmount' | 'status'>,
  now: Date,
): Promise<{ paymentNote: string; line: string } | null> {
  const owed = await owedOnInvoice(tx, { ...invoice, status: 'sent' });
  if (owed.paidCents === 0 && owed.writtenOffCents === 0) return null;
  const before = [
    owed.paidCents > 0 ? `${formatDollars(owed.paidCents)} taken before` : '',
    owed.writtenOffCents > 0 ? `${formatDollars(owed.writtenOffCents)} written off` : '',
  ].filter(Boolean);
  return {
    paymentNote: await paidNoteOf(tx, invoice.id, now, owed.owedCents),
    line: `Marked paid: the ${formatDollars(owed.owedCents)} owed was received (${before.join(', ')})`,
  };
}
