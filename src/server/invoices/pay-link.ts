import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { formatCents, toCents } from '../../shared/domain/money';
import { buildUrl } from '../../shared/contracts/contract';
import { invoices as invoiceContracts } from '../../shared/contracts/invoices';
import type { PublicInvoice } from '../../shared/schemas/invoices';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { customerInvoicePdfs, customerInvoices } from '../db/schema';
import { notFound } from '../http/errors';
import type { DocumentDeps } from './document-deps';
import { findInvoice, type Invoice } from './guards';
import { creditedCents, listInvoiceItems } from './queries';
import { readSettings } from '../settings/store';
import { isTaxInvoice } from '../../shared/domain/settings';

// The customer's pay-online link (decision 299): one unguessable token per invoice, in the email and on the PDF.

/** 16 random bytes: 128 bits, as base64url (22 characters). */
export const newPayToken = (): string => randomBytes(16).toString('base64url');
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22}$/;
export const PAY_LINK_NOT_FOUND = 'This payment link is not valid.';
/** Every answer, right token or wrong, takes at least this long, so timing tells nothing about which tokens exist. */
export const ANSWER_FLOOR_MS = 250;

export const payUrlOf = (config: Pick<AppDeps['config'], 'publicBaseUrl'>, token: string) =>
  `${config.publicBaseUrl}/pay/${token}`;

/** The invoice's token, made now for an invoice from before pay links; the same one every time after. */
export async function ensurePayToken(exec: Executor, invoiceId: string): Promise<string> {
  const invoice = await findInvoice(exec, invoiceId);
  if (invoice.payToken) return invoice.payToken;
  await exec
    .update(customerInvoices)
    .set({ payToken: newPayToken() })
    .where(and(eq(customerInvoices.id, invoiceId), isNull(customerInvoices.payToken)));
  const [row] = await exec
    .select({ token: customerInvoices.payToken })
    .from(customerInvoices)
    .where(eq(customerInvoices.id, invoiceId));
  return row!.token!;
}

export async function atLeast<T>(ms: number, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const wait = () => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms - (performance.now() - started))));
  try {
    const result = await run();
    await wait();
    return result;
  } catch (err) {
    await wait();
    throw err;
  }
}

export async function invoiceOfToken(exec: Executor, token: string): Promise<Invoice> {
  const [row] = TOKEN_SHAPE.test(token)
    ? await exec.select().from(customerInvoices).where(eq(customerInvoices.payToken, token))
    : [];
  if (!row) throw notFound(PAY_LINK_NOT_FOUND);
  return row;
}

/**
 * What the pay page shows (decision 299): the business and how to pay it, the invoice number,
 * dates, lines, what was credited and the amount still due; nothing about any other invoice or
 * customer. A paid or void invoice says so and has nothing due.
 */
export async function publicInvoice(deps: Pick<DocumentDeps, 'db' | 'config'>, token: string): Promise<PublicInvoice> {
  return atLeast(ANSWER_FLOOR_MS, async () => {
    const invoice = await invoiceOfToken(deps.db, token);
    const [items, credited] = await Promise.all([
      listInvoiceItems(deps.db, invoice.id),
      creditedCents(deps.db, invoice.id),
    ]);
    const state = invoice.status === 'cancelled' ? 'void' : invoice.status === 'paid' ? 'paid' : 'due';
    const b = (await readSettings(deps.db, deps.config)).business;
    return {
      business: {
        name: b.name,
        abn: b.abn,
        phone: b.phone,
        email: b.email,
        gstRegistered: isTaxInvoice(b, invoice.invoiceDate),
        bank: b.payment.bank ?? null,
        payId: b.payment.payId ?? null,
      },
      invoiceNumber: invoice.invoiceNumber,
      invoiceDate: invoice.invoiceDate,
      dueDate: invoice.dueDate,
      status: state,
      lines: items.map((i) => ({
        description: i.description,
        quantity: i.quantity,
        unitPrice: i.unitPrice,
        totalPrice: i.totalPrice,
      })),
      totalAmount: invoice.totalAmount,
      creditedAmount: formatCents(credited),
      amountDue: state === 'due' ? formatCents(toCents(invoice.totalAmount) - credited) : '0.00',
      pdfUrl: buildUrl(invoiceContracts.publicPdf, { params: { token } }),
      provider: deps.config.paymentProvider,
      publishableKey: deps.config.stripe?.publishableKey ?? null,
    };
  });
}

/** The invoice's newest PDF version, for the customer holding the link. */
export async function publicInvoicePdf(
  deps: Pick<DocumentDeps, 'db' | 'pdfs'>,
  token: string,
): Promise<{ data: Buffer; filename: string }> {
  const { invoice, filename } = await atLeast(ANSWER_FLOOR_MS, async () => {
    const found = await invoiceOfToken(deps.db, token);
    const [pdf] = await deps.db
      .select()
      .from(customerInvoicePdfs)
      .where(eq(customerInvoicePdfs.customerInvoiceId, found.id))
      .orderBy(desc(customerInvoicePdfs.version))
      .limit(1);
    if (!pdf) throw notFound('This invoice has no PDF yet.');
    return { invoice: found, filename: pdf.filename };
  });
  return { data: await deps.pdfs.read(filename), filename: `${invoice.invoiceNumber}.pdf` };
}
