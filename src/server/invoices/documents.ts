import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { toCents } from '../../shared/domain/money';
import { SERVICE_LABELS } from '../../shared/domain/services';
import { isTaxInvoice, type BusinessProfile } from '../../shared/domain/settings';
import { endSentence } from '../../shared/domain/business-placeholders';
import { perthDay } from '../../shared/domain/perth-time';
import { invoicePdfUrl } from '../../shared/contracts/invoices';
import type { z } from 'zod';
import type { InvoiceDetail, InvoicePdfResult, invoiceEmailed } from '../../shared/schemas/invoices';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { customerInvoicePdfs, customerInvoices } from '../db/schema';
import type { SessionUser } from '../http/access';
import { conflict, notFound } from '../http/errors';
import { recordHistory } from '../history/history';
import { printedDay, renderInvoicePdf, type InvoicePdfInput } from './pdf';
import { invoicePdfName } from './pdf-store';
import { owedOnInvoice, type InvoiceOwed } from './owed';
import { findInvoice } from './guards';
import { claimSend } from './send-once';
import { issuePayToken, payUrlOf } from './pay-link';
import { getInvoiceDetail, invoiceWithJob, listPdfVersions } from './queries';
import type { DocumentDeps } from './document-deps';

type PdfRow = typeof customerInvoicePdfs.$inferSelect;

const pdfFileName = (invoiceNumber: string, version: number) => `${invoiceNumber}-v${version}.pdf`;

/**
 * What the PDF of an invoice shows right now (docs/product.md "Customer invoices"), with the
 * owner's business profile as stored now (decision 280).
 */
export async function pdfInputOf(
  exec: Executor,
  business: BusinessProfile,
  config: Pick<AppDeps['config'], 'publicBaseUrl'>,
  invoiceId: string,
): Promise<InvoicePdfInput> {
  const { invoice, job, vehicle, items } = await invoiceWithJob(exec, invoiceId);
  const owed = await owedOnInvoice(exec, invoice);
  return {
    business: {
      name: business.name,
      abn: business.abn,
      phone: business.phone,
      email: business.email,
      ...(business.postalAddress ? { postalAddress: business.postalAddress } : {}),
      gstRegistered: isTaxInvoice(business, invoice.invoiceDate),
      bank: business.payment.bank,
      payId: business.payment.payId,
    },
    invoice: {
      invoiceNumber: invoice.invoiceNumber,
      invoiceDate: invoice.invoiceDate,
      dueDate: invoice.dueDate,
      isPaid: invoice.status === 'paid',
      paidDay: invoice.paidAt ? perthDay(invoice.paidAt) : null,
      paymentNote: invoice.paymentNote,
      isCancelled: invoice.status === 'cancelled',
      // Each new version gets a link of its own when it is made (ensureCurrentPdf); until then the
      // link is a stand-in, so the content hash says only whether the PDF carries one.
      payUrl: invoice.status !== 'paid' && invoice.status !== 'cancelled' ? payUrlOf(config, PAY_TOKEN_STAND_IN) : null,
      totalCents: toCents(invoice.totalAmount),
      gstCents: toCents(invoice.gstAmount),
      // Only when part paid, so the content hash of every other invoice stays as it was (no new versions).
      ...partOwed(owed),
    },
    customer: { name: job.contactName, email: job.contactEmail, phone: job.contactPhone },
    job: {
      jobNumber: job.jobNumber,
      service: SERVICE_LABELS[job.serviceType],
      vehicle: vehicle ? `${vehicle.year} ${vehicle.make} ${vehicle.model}, ${vehicle.registration}` : null,
      address: [job.address, job.suburb, job.postcode].filter(Boolean).join(', '),
      serviceDay: job.scheduledDay,
    },
    lines: items.map((i) => ({
      description: i.description,
      quantity: i.quantity,
      unitPriceCents: toCents(i.unitPrice),
      totalCents: toCents(i.totalPrice),
    })),
  };
}

/** Part paid or part written off and still owing: the PDF prints each (decision 406); else nothing extra. */
function partOwed(o: InvoiceOwed): Pick<InvoicePdfInput['invoice'], 'owed'> {
  if (o.owedCents === 0 || (o.paidCents === 0 && o.writtenOffCents === 0)) return {};
  return { owed: { paidCents: o.paidCents, writtenOffCents: o.writtenOffCents, owedCents: o.owedCents } };
}

const hashOf = (input: InvoicePdfInput) => createHash('sha256').update(JSON.stringify(input)).digest('hex');

/** Where a PDF's pay link goes before the version is made: a token is issued only for a version printed. */
const PAY_TOKEN_STAND_IN = '{token}';

/**
 * The PDF of the invoice as it is now. The same content is not printed twice; anything changed since
 * the last version (a line, a date, the status, the business details) makes a new version beside
 * the old ones, never in their place (decision 200).
 */
export async function ensureCurrentPdf(
  deps: DocumentDeps,
  actor: SessionUser,
  invoiceId: string,
): Promise<PdfRow & { payToken?: string }> {
  const now = deps.clock.now();
  const { business } = await deps.settings.current();
  let saved: string | undefined;
  try {
    return await deps.db.transaction(async (tx) => {
      const invoice = await findInvoice(tx, invoiceId, true);
      const input = await pdfInputOf(tx, business, deps.config, invoice.id);
      const contentHash = hashOf(input);
      const [latest] = await tx
        .select()
        .from(customerInvoicePdfs)
        .where(eq(customerInvoicePdfs.customerInvoiceId, invoice.id))
        .orderBy(desc(customerInvoicePdfs.version))
        .limit(1);
      if (latest && latest.contentHash === contentHash) return latest;
      const version = (latest?.version ?? 0) + 1;
      // The version printed carries a link of its own, which keeps working after later versions (decision 397).
      const payToken = input.invoice.payUrl ? await issuePayToken(tx, invoice.id, now) : undefined;
      if (payToken) input.invoice.payUrl = payUrlOf(deps.config, payToken);
      const data = await renderInvoicePdf(input);
      const filename = invoicePdfName(invoice.invoiceNumber, version);
      await deps.pdfs.save(filename, data);
      saved = filename;
      const [row] = await tx
        .insert(customerInvoicePdfs)
        .values({
          customerInvoiceId: invoice.id,
          version,
          filename,
          contentHash,
          size: data.length,
          createdAt: now,
          createdById: actor.id,
        })
        .returning();
      await tx.update(customerInvoices).set({ pdfPath: filename }).where(eq(customerInvoices.id, invoice.id));
      await recordHistory(tx, 'invoice', invoice.id, {
        at: now,
        actorId: actor.id,
        kind: 'pdf',
        from: latest ? `v${latest.version}` : null,
        to: `v${version}`,
        note: latest?.sentAt
          ? `PDF version ${version} made; version ${latest.version} was sent and is kept`
          : `PDF version ${version} made`,
      });
      return { ...row!, ...(payToken ? { payToken } : {}) };
    });
  } catch (err) {
    // The row did not commit: its file goes too (a file without a row is never served).
    if (saved) await deps.pdfs.remove(saved).catch(() => undefined);
    throw err;
  }
}

export async function makeInvoicePdf(
  deps: DocumentDeps,
  actor: SessionUser,
  invoiceId: string,
): Promise<InvoicePdfResult> {
  const pdf = await ensureCurrentPdf(deps, actor, invoiceId);
  const invoice = await findInvoice(deps.db, invoiceId);
  return {
    downloadUrl: invoicePdfUrl(invoiceId, pdf.version),
    filename: pdfFileName(invoice.invoiceNumber, pdf.version),
    invoiceNumber: invoice.invoiceNumber,
    version: pdf.version,
  };
}

export async function listPdfVersionsOf(deps: Pick<DocumentDeps, 'db'>, invoiceId: string) {
  const invoice = await findInvoice(deps.db, invoiceId);
  return listPdfVersions(deps.db, invoice.id);
}

/** One kept version's bytes ('latest': the newest), for staff only. */
export async function readInvoicePdf(
  deps: DocumentDeps,
  invoiceId: string,
  version: string,
): Promise<{ data: Buffer; filename: string }> {
  const invoice = await findInvoice(deps.db, invoiceId);
  const n = version === 'latest' ? null : /^\d{1,6}$/.test(version) ? Number(version) : NaN;
  if (Number.isNaN(n)) throw notFound('PDF version not found');
  const [row] = await deps.db
    .select()
    .from(customerInvoicePdfs)
    .where(
      and(
        eq(customerInvoicePdfs.customerInvoiceId, invoice.id),
        n === null ? undefined : eq(customerInvoicePdfs.version, n),
      ),
    )
    .orderBy(desc(customerInvoicePdfs.version))
    .limit(1);
  if (!row) throw notFound(n === null ? 'This invoice has no PDF yet.' : 'PDF version not found');
  const data = await deps.pdfs.read(row.filename).catch(() => {
    throw notFound('PDF file not found');
  });
  return { data, filename: pdfFileName(invoice.invoiceNumber, row.version) };
}

/** "; $100.00 paid, $387.80 owed" for a part-paid invoice, as its PDF prints it (decision 406); else nothing. */
function partText(d: InvoiceDetail): string {
  if (d.owedAmount === '0.00' || (d.paidAmount === '0.00' && d.writtenOffAmount === '0.00')) return '';
  const off = d.writtenOffAmount === '0.00' ? '' : `, $${d.writtenOffAmount} written off`;
  return `; $${d.paidAmount} paid${off}, $${d.owedAmount} owed`;
}

function invoiceEmailText(
  b: BusinessProfile,
  detail: InvoiceDetail,
  payUrl: string,
): { subject: string; text: string } {
  const title = isTaxInvoice(b, detail.invoiceDate) ? 'Tax invoice' : 'Invoice';
  const amount = `$${detail.totalAmount}`;
  const paid = detail.status === 'paid';
  const lines = [
    `Hello ${detail.job.customer.name},`,
    '',
    `${title} ${detail.invoiceNumber} for job ${detail.job.jobNumber} is attached.`,
    paid
      ? `Total ${amount}: paid, thank you.${detail.paymentNote ? ` ${endSentence(detail.paymentNote)}` : ''}`
      : `Total ${amount}${partText(detail)}${detail.dueDate ? `, due ${printedDay(detail.dueDate)}` : ''}. How to pay is on the invoice.`,
    '',
    `View or download your invoice${paid ? '' : ' and see how to pay it'}: ${payUrl}`,
    '',
    `Questions? Call ${b.phone} or reply to ${b.email}.`,
    '',
    b.name,
  ];
  return { subject: `${title} ${detail.invoiceNumber} from ${b.name}`, text: lines.join('\n') };
}

/**
 * Emails the invoice's current PDF to the job's contact through the outbox (docs/product.md
 * "Customer invoices"): the version sent is marked, a draft becomes sent, and the history says who
 * sent which version to whom.
 */
export async function emailInvoice(
  deps: DocumentDeps,
  actor: SessionUser,
  invoiceId: string,
): Promise<z.infer<typeof invoiceEmailed>> {
  const pdf = await ensureCurrentPdf(deps, actor, invoiceId);
  const data = await deps.pdfs.read(pdf.filename);
  const now = deps.clock.now();
  const before = await getInvoiceDetail(deps, invoiceId);
  const to = before.job.customer.email;
  if (!to) throw conflict('The job has no customer email address to send the invoice to.');
  if (before.status === 'cancelled') throw conflict('A cancelled invoice cannot be emailed.');
  const { business } = await deps.settings.current();
  const sentAt = await deps.db.transaction(async (tx) => {
    const invoice = await findInvoice(tx, invoiceId, true);
    const claimed = await claimSend(tx, pdf.id, now);
    if (!claimed)
      return (
        (
          await tx
            .select({ sentAt: customerInvoicePdfs.sentAt })
            .from(customerInvoicePdfs)
            .where(eq(customerInvoicePdfs.id, pdf.id))
        )[0]?.sentAt ?? now
      );
    // The link to the invoice's own page (decision 299): the one of the PDF made for this email, so
    // the two agree, or else a new one for this email; every link sent keeps working (decision 397).
    const payToken = pdf.payToken ?? (await issuePayToken(tx, invoice.id, now));
    const email = invoiceEmailText(business, before, payUrlOf(deps.config, payToken));
    await deps.outbox.queue(tx, {
      kind: 'customer_invoice',
      jobId: invoice.jobId,
      to,
      ...email,
      attachments: [
        {
          filename: pdfFileName(invoice.invoiceNumber, pdf.version),
          contentType: 'application/pdf',
          contentBase64: data.toString('base64'),
        },
      ],
    });
    const becomesSent = invoice.status === 'draft';
    await tx
      .update(customerInvoices)
      .set({ sentAt: now, updatedAt: now, ...(becomesSent ? { status: 'sent' as const } : {}) })
      .where(eq(customerInvoices.id, invoice.id));
    await recordHistory(tx, 'invoice', invoice.id, {
      at: now,
      actorId: actor.id,
      kind: 'email',
      to,
      note: `PDF version ${pdf.version} emailed`,
    });
    if (becomesSent)
      await recordHistory(tx, 'invoice', invoice.id, {
        at: now,
        actorId: actor.id,
        kind: 'status',
        from: 'draft',
        to: 'sent',
      });
    return null;
  });
  if (!sentAt) deps.outbox.kick();
  return {
    customerInvoice: await getInvoiceDetail(deps, invoiceId),
    to,
    version: pdf.version,
    alreadySent: sentAt !== null,
    sentAt: (sentAt ?? now).toISOString(),
  };
}
