import { and, eq, isNull, sql } from 'drizzle-orm';
import { formatCents, toCents, type Cents } from '../../shared/domain/money';
import { owedOn, type Owed } from '../../shared/domain/money-taken';
import type { JobMoney } from '../../shared/schemas/onsite-payments';
import type { Executor } from '../db/client';
import { creditNotes, type customerInvoices, invoiceWriteOffs, onsitePayments } from '../db/schema';

type Invoice = typeof customerInvoices.$inferSelect;

/**
 * What an invoice was paid and still owes (docs/decisions/406-money-as-taken.md): its total less its
 * credit notes, less the part payments taken on site and what the owner wrote off. The lines and the
 * total stay as issued; only the balance moves.
 */

async function sumCents(q: PromiseLike<{ cents: string }[]>): Promise<Cents> {
  const [row] = await q;
  return toCents(row?.cents ?? '0');
}

/** What the invoice's credit notes gave back (decision 297); queries.ts reads the same sum for its lists. */
function creditedCents(exec: Executor, invoiceId: string): Promise<Cents> {
  return sumCents(
    exec
      .select({ cents: sql<string>`coalesce(sum(${creditNotes.amount}), 0)::text` })
      .from(creditNotes)
      .where(eq(creditNotes.customerInvoiceId, invoiceId)),
  );
}

export async function partPaymentsCents(exec: Executor, invoiceId: string): Promise<Cents> {
  return sumCents(
    exec
      .select({ cents: sql<string>`coalesce(sum(${onsitePayments.amount}), 0)::text` })
      .from(onsitePayments)
      .where(and(eq(onsitePayments.customerInvoiceId, invoiceId), isNull(onsitePayments.reversedAt))),
  );
}

export async function writtenOffCents(exec: Executor, invoiceId: string): Promise<Cents> {
  return sumCents(
    exec
      .select({ cents: sql<string>`coalesce(sum(${invoiceWriteOffs.amount}), 0)::text` })
      .from(invoiceWriteOffs)
      .where(eq(invoiceWriteOffs.customerInvoiceId, invoiceId)),
  );
}

export type InvoiceOwed = Owed & { balanceCents: Cents };

export async function owedOnInvoice(
  exec: Executor,
  invoice: Pick<Invoice, 'id' | 'totalAmount' | 'status'>,
): Promise<InvoiceOwed> {
  const [credited, partPaid, writtenOff] = await Promise.all([
    creditedCents(exec, invoice.id),
    partPaymentsCents(exec, invoice.id),
    writtenOffCents(exec, invoice.id),
  ]);
  const balanceCents = Math.max(0, toCents(invoice.totalAmount) - credited);
  const owed = owedOn({
    balanceCents,
    isPaid: invoice.status === 'paid',
    partPaymentsCents: partPaid,
    writtenOffCents: writtenOff,
  });
  return { ...owed, balanceCents };
}

/** The job dialog's and invoice dialog's figures, as decimal strings. */
export function moneyOf(
  invoice: Pick<Invoice, 'id' | 'invoiceNumber' | 'status' | 'sentAt'>,
  owed: InvoiceOwed,
): JobMoney {
  return {
    // Sent once, it asked the customer to pay by transfer, whatever its status since (decision 426).
    sentToCustomer: invoice.sentAt !== null || invoice.status === 'sent' || invoice.status === 'overdue',
    invoiceId: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    balanceAmount: formatCents(owed.balanceCents),
    paidAmount: formatCents(owed.paidCents),
    writtenOffAmount: formatCents(owed.writtenOffCents),
    owedAmount: formatCents(owed.owedCents),
  };
}
