import { asc, eq } from 'drizzle-orm';
import { gstOf } from '../../shared/domain/gst';
import { formatCents, formatDollars, toCents } from '../../shared/domain/money';
import { perthToday } from '../../shared/domain/perth-time';
import { buildUrl } from '../../shared/contracts/contract';
import { invoices as invoiceContracts } from '../../shared/contracts/invoices';
import { isUuid } from '../../shared/schemas/fields';
import { lockedInvoiceMessage, type CreditNote, type creditNoteRequest } from '../../shared/schemas/invoices';
import type { z } from 'zod';
import type { Executor } from '../db/client';
import { creditNotes, jobs, users } from '../db/schema';
import { recordHistory } from '../history/history';
import type { SessionUser } from '../http/access';
import { conflict, invalid, notFound } from '../http/errors';
import { renderCreditNotePdf } from './credit-note-pdf';
import type { DocumentDeps } from './document-deps';
import { findInvoice, type Invoice } from './guards';
import { invoicePdfName } from './pdf-store';
import { creditedCents } from './queries';
import { readSettings } from '../settings/store';
import { isTaxInvoice } from '../../shared/domain/settings';

// Credit notes (decision 297): money given back after an invoice was issued, never by rewriting it.

type Note = typeof creditNotes.$inferSelect;

const pdfUrlOf = (invoiceId: string, note: Note) =>
  note.pdfFilename ? buildUrl(invoiceContracts.creditNotePdf, { params: { id: invoiceId, noteId: note.id } }) : null;

function toCreditNote(
  note: Note,
  invoice: Pick<Invoice, 'id' | 'invoiceNumber'>,
  createdBy: string | null,
): CreditNote {
  return {
    id: note.id,
    number: note.number,
    customerInvoiceId: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    creditDate: note.creditDate,
    amount: note.amount,
    gstAmount: note.gstAmount,
    reason: note.reason,
    createdAt: note.createdAt.toISOString(),
    createdBy,
    pdfUrl: pdfUrlOf(invoice.id, note),
  };
}

/** A credit note is for an issued invoice: a draft is changed directly, a void one is final. */
function assertCreditable(invoice: Invoice): void {
  if (invoice.status === 'draft')
    throw conflict(
      `Invoice ${invoice.invoiceNumber} is a draft: change its lines instead. A credit note is for an issued invoice.`,
    );
  if (invoice.status === 'cancelled') throw conflict(lockedInvoiceMessage(invoice.invoiceNumber, invoice.status));
}

async function pdfOfNote(
  exec: Executor,
  deps: Pick<DocumentDeps, 'config'>,
  invoice: Invoice,
  note: Note,
  balanceCents: number,
): Promise<Buffer> {
  const [job] = await exec.select().from(jobs).where(eq(jobs.id, invoice.jobId));
  const b = (await readSettings(exec, deps.config)).business;
  return renderCreditNotePdf({
    business: {
      name: b.name,
      abn: b.abn,
      phone: b.phone,
      email: b.email,
      gstRegistered: isTaxInvoice(b, note.creditDate),
      bank: b.payment.bank,
      payId: b.payment.payId,
    },
    note: {
      number: note.number,
      creditDate: note.creditDate,
      amountCents: toCents(note.amount),
      gstCents: toCents(note.gstAmount),
      reason: note.reason,
    },
    invoice: {
      invoiceNumber: invoice.invoiceNumber,
      invoiceDate: invoice.invoiceDate,
      totalCents: toCents(invoice.totalAmount),
      balanceCents,
    },
    customer: { name: job!.contactName, email: job!.contactEmail, phone: job!.contactPhone },
    job: { jobNumber: job!.jobNumber },
  });
}

/**
 * Issues a credit note against an issued invoice: dated today (Perth), its number from its own
 * sequence, at most what remains of the invoice after earlier credit notes, with a reason, its PDF
 * and a line in the invoice's history. The invoice's total is never changed.
 */
export async function addCreditNote(
  deps: DocumentDeps,
  actor: SessionUser,
  invoiceId: string,
  body: z.output<typeof creditNoteRequest>,
): Promise<CreditNote> {
  const now = deps.clock.now();
  let saved: string | undefined;
  try {
    return await deps.db.transaction(async (tx) => {
      const invoice = await findInvoice(tx, invoiceId, true);
      assertCreditable(invoice);
      const remaining = toCents(invoice.totalAmount) - (await creditedCents(tx, invoice.id));
      const amount = toCents(body.amount);
      if (amount > remaining) {
        const message = `The credit can be at most ${formatDollars(remaining)}, what remains of invoice ${invoice.invoiceNumber}`;
        throw invalid(message, { amount: message });
      }
      const [note] = await tx
        .insert(creditNotes)
        .values({
          customerInvoiceId: invoice.id,
          creditDate: perthToday(now),
          amount: formatCents(amount),
          gstAmount: formatCents(gstOf(amount)),
          reason: body.reason,
          createdAt: now,
          createdById: actor.id,
        })
        .returning();
      const data = await pdfOfNote(tx, deps, invoice, note!, remaining - amount);
      const filename = invoicePdfName(note!.number, 1);
      await deps.pdfs.save(filename, data);
      saved = filename;
      const [withPdf] = await tx
        .update(creditNotes)
        .set({ pdfFilename: filename, pdfSize: data.length })
        .where(eq(creditNotes.id, note!.id))
        .returning();
      await recordHistory(tx, 'invoice', invoice.id, {
        at: now,
        actorId: actor.id,
        kind: 'credit',
        to: note!.number,
        note: `${note!.number}: ${formatDollars(amount)} credited. ${body.reason}`,
      });
      return toCreditNote(withPdf!, invoice, actor.username);
    });
  } catch (err) {
    // The row did not commit: its file goes too (a file without a row is never served).
    if (saved) await deps.pdfs.remove(saved).catch(() => undefined);
    throw err;
  }
}

export async function listCreditNotes(deps: Pick<DocumentDeps, 'db'>, invoiceId: string): Promise<CreditNote[]> {
  const invoice = await findInvoice(deps.db, invoiceId);
  const rows = await deps.db
    .select({ note: creditNotes, by: users.username })
    .from(creditNotes)
    .leftJoin(users, eq(users.id, creditNotes.createdById))
    .where(eq(creditNotes.customerInvoiceId, invoice.id))
    .orderBy(asc(creditNotes.createdAt), asc(creditNotes.number));
  return rows.map((r) => toCreditNote(r.note, invoice, r.by ?? null));
}

export async function readCreditNotePdf(
  deps: Pick<DocumentDeps, 'db' | 'pdfs'>,
  invoiceId: string,
  noteId: string,
): Promise<{ data: Buffer; filename: string }> {
  const invoice = await findInvoice(deps.db, invoiceId);
  const [note] = isUuid(noteId) ? await deps.db.select().from(creditNotes).where(eq(creditNotes.id, noteId)) : [];
  if (!note || note.customerInvoiceId !== invoice.id || !note.pdfFilename) throw notFound('Credit note not found');
  const data = await deps.pdfs.read(note.pdfFilename).catch(() => {
    throw notFound('PDF file not found');
  });
  return { data, filename: `${note.number}.pdf` };
}
