import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { invoiceTotals, type InvoiceLine } from '../../shared/domain/invoices';
import { formatCents, toCents } from '../../shared/domain/money';
import { MONEY_MAX_CENTS } from '../../shared/schemas/fields';
import {
  INVOICE_NEGATIVE_MESSAGE,
  INVOICE_TOO_LARGE_MESSAGE,
  LINE_TOO_LARGE_MESSAGE,
  type InvoiceItem,
  type invoiceLineInput,
  type invoiceLinePatch,
} from '../../shared/schemas/invoices';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { customerInvoiceItems, customerInvoices } from '../db/schema';
import { recordHistory } from '../history/history';
import type { SessionUser } from '../http/access';
import { invalid, notFound } from '../http/errors';
import { isUuid } from '../../shared/schemas/fields';
import { assertDraft, findInvoice } from './guards';
import { toItem } from './queries';

// An invoice's lines; its totals are recomputed from them after every change (docs/product.md "Customer invoices").

type Deps = Pick<AppDeps, 'db' | 'clock'>;

const LINE_NOT_FOUND = 'Line item not found';

/** Totals are always recomputed from the lines (docs/product.md "Customer invoices"). */
async function recomputeTotals(exec: Executor, invoiceId: string, now: Date): Promise<void> {
  const lines = await exec
    .select({ quantity: customerInvoiceItems.quantity, unitPrice: customerInvoiceItems.unitPrice })
    .from(customerInvoiceItems)
    .where(eq(customerInvoiceItems.customerInvoiceId, invoiceId));
  const t = invoiceTotals(lines.map((l) => ({ quantity: l.quantity, unitPriceCents: toCents(l.unitPrice) })));
  // Refused before the column overflows: the whole change rolls back with a message, not a 500.
  if (Math.abs(t.totalCents) > MONEY_MAX_CENTS || Math.abs(t.subtotalCents) > MONEY_MAX_CENTS)
    throw invalid(INVOICE_TOO_LARGE_MESSAGE);
  // Money given back is a credit note, never a negative invoice (decision 294).
  if (t.totalCents < 0) throw invalid(INVOICE_NEGATIVE_MESSAGE);
  await exec
    .update(customerInvoices)
    .set({
      subtotalAmount: formatCents(t.subtotalCents),
      gstAmount: formatCents(t.gstCents),
      totalAmount: formatCents(t.totalCents),
      updatedAt: now,
    })
    .where(eq(customerInvoices.id, invoiceId));
}

const lineText = (l: { description: string; quantity: number; unitPrice: string }) =>
  `${l.description} x${l.quantity} @ ${l.unitPrice}`;

export function lineValues(line: InvoiceLine, position: number) {
  return {
    description: line.description,
    category: line.category,
    quantity: line.quantity,
    unitPrice: formatCents(line.unitPriceCents),
    totalPrice: formatCents(line.quantity * line.unitPriceCents),
    position,
  };
}

export function parsedLine(input: z.output<typeof invoiceLineInput>): InvoiceLine {
  return {
    description: input.description,
    category: input.category,
    quantity: input.quantity,
    unitPriceCents: toCents(input.unitPrice),
  };
}

export async function addInvoiceItem(
  deps: Deps,
  actor: SessionUser,
  invoiceId: string,
  input: z.output<typeof invoiceLineInput>,
): Promise<InvoiceItem> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const invoice = await findInvoice(tx, invoiceId, true);
    assertDraft(invoice);
    const [last] = await tx
      .select({ n: sql<number>`coalesce(max(${customerInvoiceItems.position}), -1)::int` })
      .from(customerInvoiceItems)
      .where(eq(customerInvoiceItems.customerInvoiceId, invoice.id));
    const [row] = await tx
      .insert(customerInvoiceItems)
      .values({ ...lineValues(parsedLine(input), Number(last?.n ?? -1) + 1), customerInvoiceId: invoice.id })
      .returning();
    await recomputeTotals(tx, invoice.id, now);
    await recordHistory(tx, 'invoice', invoice.id, {
      at: now,
      actorId: actor.id,
      kind: 'line',
      to: lineText(row!),
      note: 'Line added',
    });
    return toItem(row!);
  });
}

async function findItem(tx: Executor, invoiceId: string, itemId: string) {
  if (!isUuid(itemId)) throw notFound(LINE_NOT_FOUND);
  const [row] = await tx
    .select()
    .from(customerInvoiceItems)
    .where(and(eq(customerInvoiceItems.id, itemId), eq(customerInvoiceItems.customerInvoiceId, invoiceId)));
  if (!row) throw notFound(LINE_NOT_FOUND);
  return row;
}

export async function updateInvoiceItem(
  deps: Deps,
  actor: SessionUser,
  invoiceId: string,
  itemId: string,
  patch: z.output<typeof invoiceLinePatch>,
): Promise<InvoiceItem> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const invoice = await findInvoice(tx, invoiceId, true);
    assertDraft(invoice);
    const before = await findItem(tx, invoice.id, itemId);
    const line = parsedLine({
      description: patch.description ?? before.description,
      category: patch.category ?? (before.category as InvoiceItem['category']),
      quantity: patch.quantity ?? before.quantity,
      unitPrice: patch.unitPrice ?? before.unitPrice,
    });
    // The schema checks the fields sent; the line they make with the stored ones must fit its column too.
    if (Math.abs(line.quantity * line.unitPriceCents) > MONEY_MAX_CENTS) throw invalid(LINE_TOO_LARGE_MESSAGE);
    const [row] = await tx
      .update(customerInvoiceItems)
      .set(lineValues(line, before.position))
      .where(eq(customerInvoiceItems.id, before.id))
      .returning();
    await recomputeTotals(tx, invoice.id, now);
    if (lineText(before) !== lineText(row!) || before.category !== row!.category) {
      await recordHistory(tx, 'invoice', invoice.id, {
        at: now,
        actorId: actor.id,
        kind: 'line',
        from: lineText(before),
        to: lineText(row!),
        note: 'Line changed',
      });
    }
    return toItem(row!);
  });
}

export async function removeInvoiceItem(
  deps: Deps,
  actor: SessionUser,
  invoiceId: string,
  itemId: string,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const invoice = await findInvoice(tx, invoiceId, true);
    assertDraft(invoice);
    const before = await findItem(tx, invoice.id, itemId);
    await tx.delete(customerInvoiceItems).where(eq(customerInvoiceItems.id, before.id));
    await recomputeTotals(tx, invoice.id, now);
    await recordHistory(tx, 'invoice', invoice.id, {
      at: now,
      actorId: actor.id,
      kind: 'line',
      from: lineText(before),
      note: 'Line removed',
    });
  });
}
