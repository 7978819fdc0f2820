import { asc, eq } from 'drizzle-orm';
import type { InvoiceEvent } from '../../shared/schemas/invoices';
import type { Executor } from '../db/client';
import { customerInvoiceEvents, users, type INVOICE_EVENT_KINDS } from '../db/schema';

export type InvoiceEventInput = {
  invoiceId: string;
  at: Date;
  actorId: string | null;
  kind: (typeof INVOICE_EVENT_KINDS)[number];
  from?: string | null;
  to?: string | null;
  note?: string | null;
};

/**
 * Records one change of an invoice in the caller's transaction: nothing about an invoice changes
 * without a history line saying who and when (docs/product.md "Customer invoices", decision 200).
 */
export async function recordInvoiceEvent(exec: Executor, e: InvoiceEventInput): Promise<void> {
  await exec.insert(customerInvoiceEvents).values({
    customerInvoiceId: e.invoiceId,
    at: e.at,
    actorId: e.actorId,
    kind: e.kind,
    from: e.from ?? null,
    to: e.to ?? null,
    note: e.note ?? null,
  });
}

/** An invoice's history, oldest first, with who made each change. */
export async function listInvoiceHistory(exec: Executor, invoiceId: string): Promise<InvoiceEvent[]> {
  const rows = await exec
    .select({ event: customerInvoiceEvents, actor: users.username })
    .from(customerInvoiceEvents)
    .leftJoin(users, eq(users.id, customerInvoiceEvents.actorId))
    .where(eq(customerInvoiceEvents.customerInvoiceId, invoiceId))
    .orderBy(asc(customerInvoiceEvents.seq));
  return rows.map(({ event, actor }) => ({
    id: event.id,
    at: event.at.toISOString(),
    actor: actor ?? null,
    kind: event.kind,
    from: event.from,
    to: event.to,
    note: event.note,
  }));
}
