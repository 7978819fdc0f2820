import { createHash, randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { formatCents } from '../../shared/domain/money';
import { buildUrl } from '../../shared/contracts/contract';
import { invoices as invoiceContracts } from '../../shared/contracts/invoices';
import type { PublicInvoice } from '../../shared/schemas/invoices';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { customerInvoicePdfs, customerInvoices, invoicePayLinks } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import type { DocumentDeps } from './document-deps';
import type { Invoice } from './guards';
import { owedOnInvoice } from './owed';
import { creditedCents, listInvoiceItems } from './queries';
import { readSettings } from '../settings/store';
import { isTaxInvoice } from '../../shared/domain/settings';

// The customer's pay-online link (decision 299): an unguessable token in each email, reminder and
// PDF that carries the link; the database keeps only its SHA-256, as for the manage link
// (docs/decisions/397-tokens-kept-out-of-logs.md).

/** 16 random bytes: 128 bits, as base64url (22 characters). */
const newPayToken = (): string => randomBytes(16).toString('base64url');
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22}$/;
export const PAY_LINK_NOT_FOUND = 'This payment link is not valid.';
/** Every answer, right token or wrong, takes at least this long, so timing tells nothing about which tokens exist. */
export const ANSWER_FLOOR_MS = 250;

/** SHA-256 of a pay token, hex, as the manage link's (manage/token.ts): the value `invoice_pay_links` keeps. */
const hashPayToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export const payUrlOf = (config: Pick<AppDeps['config'], 'publicBaseUrl'>, token: string) =>
  `${config.publicBaseUrl}/pay/${token}`;

/**
 * A new link to the invoice's page, for one email, reminder or PDF version: its hash is stored
 * beside the invoice's earlier links, which keep working; the token is answered to be put in that
 * message and nowhere else.
 */
export async function issuePayToken(exec: Executor, invoiceId: string, now: Date): Promise<string> {
  const token = newPayToken();
  await exec
    .insert(invoicePayLinks)
    .values({ tokenHash: hashPayToken(token), customerInvoiceId: invoiceId, createdAt: now });
  return token;
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

/** Whether an answer is the refusal of a link that opens no invoice (not, say, a right link's invoice without a PDF yet). */
export const isWrongPayLink = (err: unknown): boolean =>
  err instanceof AppError && err.code === 'NOT_FOUND' && err.message === PAY_LINK_NOT_FOUND;

export async function invoiceOfToken(exec: Executor, token: string): Promise<Invoice> {
  if (!TOKEN_SHAPE.test(token)) throw notFound(PAY_LINK_NOT_FOUND);
  const find = () =>
    exec
      .select({ invoice: customerInvoices })
      .from(invoicePayLinks)
      .innerJoin(customerInvoices, eq(customerInvoices.id, invoicePayLinks.customerInvoiceId))
      .where(eq(invoicePayLinks.tokenHash, hashPayToken(token)));
  let [row] = await find();
  if (!row && (await takeOverPlainToken(exec, token))) [row] = await find();
  if (!row) throw notFound(PAY_LINK_NOT_FOUND);
  return row.invoice;
}

/**
 * A link the release before decision 397 made while this one was being rolled out (or after a
 * rollback), its token in plain in `customer_invoices.pay_token`: taken over on first use in one
 * statement, its hash kept and the plain token emptied, so the link keeps working and its token is
 * kept in plain no longer. Goes with the column, in a later release (decision 398).
 */
async function takeOverPlainToken(exec: Executor, token: string): Promise<boolean> {
  const { rows } = await exec.execute(sql`
    with taken as (
      update ${customerInvoices} set pay_token = null where pay_token = ${token} returning id
    )
    insert into ${invoicePayLinks} (token_hash, customer_invoice_id)
    select ${hashPayToken(token)}, id from taken
    on conflict (token_hash) do nothing
    returning customer_invoice_id`);
  return rows.length > 0;
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
      amountDue: state === 'due' ? formatCents((await owedOnInvoice(deps.db, invoice)).owedCents) : '0.00',
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
