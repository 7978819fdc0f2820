import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { formatDollars, toCents } from '../../shared/domain/money';
import { isUuid } from '../../shared/schemas/fields';
import type { CreditNoteEmailed } from '../../shared/schemas/invoices';
import { creditNotes, jobs } from '../db/schema';
import { recordHistory } from '../history/history';
import type { SessionUser } from '../http/access';
import { conflict, notFound } from '../http/errors';
import { creditNoteTitle } from './credit-note-pdf';
import type { DocumentDeps } from './document-deps';
import { findInvoice } from './guards';
import { EMAIL_REPEAT_WINDOW_MS } from './send-once';
import { readSettings } from '../settings/store';
import { isTaxInvoice } from '../../shared/domain/settings';

/**
 * Emails a credit note's PDF to the job's contact through the outbox, like an invoice (decision
 * 297): once within a few minutes however many requests (the same claim as an invoice's, decision
 * 296), with a line in the invoice's history.
 */
export async function emailCreditNote(
  deps: DocumentDeps,
  actor: SessionUser,
  invoiceId: string,
  noteId: string,
): Promise<CreditNoteEmailed> {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const invoice = await findInvoice(tx, invoiceId, true);
    const [note] = isUuid(noteId)
      ? await tx
          .select()
          .from(creditNotes)
          .where(and(eq(creditNotes.id, noteId), eq(creditNotes.customerInvoiceId, invoice.id)))
      : [];
    if (!note?.pdfFilename) throw notFound('Credit note not found');
    const [job] = await tx
      .select({ name: jobs.contactName, email: jobs.contactEmail })
      .from(jobs)
      .where(eq(jobs.id, invoice.jobId));
    if (!job?.email) throw conflict('The job has no customer email address to send the credit note to.');
    const since = new Date(now.getTime() - EMAIL_REPEAT_WINDOW_MS);
    const [claimed] = await tx
      .update(creditNotes)
      .set({ sentAt: now })
      .where(and(eq(creditNotes.id, note.id), or(isNull(creditNotes.sentAt), lt(creditNotes.sentAt, since))))
      .returning({ id: creditNotes.id });
    if (!claimed)
      return { to: job.email, number: note.number, alreadySent: true, sentAt: (note.sentAt ?? now).toISOString() };
    const b = (await readSettings(tx, deps.config)).business;
    const title = creditNoteTitle(isTaxInvoice(b, note.creditDate));
    const data = await deps.pdfs.read(note.pdfFilename);
    const text = [
      `Hello ${job.name},`,
      '',
      `${title} ${note.number} for ${formatDollars(toCents(note.amount))} against invoice ${invoice.invoiceNumber} is attached.`,
      `Reason: ${note.reason}`,
      '',
      `Questions? Call ${b.phone} or reply to ${b.email}.`,
      '',
      b.name,
    ].join('\n');
    await deps.outbox.queue(tx, {
      kind: 'customer_invoice',
      jobId: invoice.jobId,
      to: job.email,
      subject: `${title} ${note.number} from ${b.name}`,
      text,
      attachments: [
        { filename: `${note.number}.pdf`, contentType: 'application/pdf', contentBase64: data.toString('base64') },
      ],
    });
    await recordHistory(tx, 'invoice', invoice.id, {
      at: now,
      actorId: actor.id,
      kind: 'email',
      to: job.email,
      note: `${note.number} emailed`,
    });
    return { to: job.email, number: note.number, alreadySent: false, sentAt: now.toISOString() };
  });
  if (!result.alreadySent) deps.outbox.kick();
  return result;
}
