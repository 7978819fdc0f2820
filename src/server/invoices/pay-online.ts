import { formatCents, type Cents } from '../../shared/domain/money';
import { cardSurcharge, cardSurchargeLabel, withCardSurcharge } from '../../shared/domain/pricing';
import type { Fees } from '../../shared/domain/settings';
import { INVOICE_ALREADY_PAID, INVOICE_NOTHING_DUE, INVOICE_VOIDED } from '../../shared/schemas/invoices';
import { PAYMENTS_UNAVAILABLE, surchargeMessage, type PaymentIntentResponse } from '../../shared/schemas/payments';
import type { AppDeps } from '../deps';
import { AppError, conflict, notFound } from '../http/errors';
import type { InvoiceIntentMetadata, PaymentIntentRef } from '../payments/provider';
import { handlePaymentEvent } from '../payments/service';
import { simulatedCardEvent } from '../payments/simulated';
import { findInvoice, type Invoice } from './guards';
import { balanceDueCents } from './paid-online';
import { ANSWER_FLOOR_MS, atLeast, invoiceOfToken } from './pay-link';

// "Pay $X by card" on an invoice's pay page (decision 300): the existing card provider, the
// balance due plus the owner's card surcharge, the outcome through the one payment handler.

type Prepared = { invoice: Invoice; intent: PaymentIntentRef; dueCents: Cents; metadata: InvoiceIntentMetadata };

/** The invoice of the link, refused when it cannot be paid, and the provider's intent for its balance (the same one on a reload). */
async function prepareInvoiceIntent(deps: AppDeps, token: string, fees: Fees): Promise<Prepared> {
  const provider = deps.payments;
  if (!provider || deps.config.paymentProvider === 'none') throw new AppError('UNAVAILABLE', PAYMENTS_UNAVAILABLE);
  // A wrong token answers after the same delay as a right one (decision 299).
  const invoice = await atLeast(ANSWER_FLOOR_MS, () => invoiceOfToken(deps.db, token));
  if (invoice.status === 'cancelled') throw conflict(INVOICE_VOIDED);
  if (invoice.status === 'paid') throw conflict(INVOICE_ALREADY_PAID);
  const dueCents = await balanceDueCents(deps.db, invoice);
  if (dueCents <= 0) throw conflict(INVOICE_NOTHING_DUE);
  const metadata: InvoiceIntentMetadata = {
    invoiceId: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    cardSurchargeBasisPoints: String(fees.cardSurchargeBasisPoints),
  };
  // No intent is stored on the invoice: the provider's key (invoice and amount) gives back the same one (decision 300).
  const intent = await provider.createIntent({
    amountCents: withCardSurcharge(dueCents, fees),
    metadata,
    existingIntentId: null,
  });
  // A succeeded intent whose webhook has not arrived yet must not be paid a second time.
  if (intent.status === 'succeeded' || intent.status === 'processing') throw conflict(INVOICE_ALREADY_PAID);
  return { invoice, intent, dueCents, metadata };
}

export async function createInvoicePaymentIntent(deps: AppDeps, token: string): Promise<PaymentIntentResponse> {
  const { fees } = await deps.settings.current();
  const { intent, dueCents } = await prepareInvoiceIntent(deps, token, fees);
  const surcharge = formatCents(cardSurcharge(dueCents, fees));
  const total = formatCents(withCardSurcharge(dueCents, fees));
  return {
    clientSecret: intent.clientSecret,
    originalAmount: formatCents(dueCents),
    surchargeAmount: surcharge,
    totalAmount: total,
    message: surchargeMessage(surcharge, total, cardSurchargeLabel(fees)),
  };
}

/** The simulated provider's confirm: builds the event a real provider would send and hands it to the same handler. */
export async function payInvoiceSimulated(
  deps: AppDeps,
  token: string,
  cardNumber: string,
): Promise<{ status: 'succeeded'; invoiceNumber: string }> {
  if (deps.payments?.name !== 'simulated') throw notFound('The simulated payment provider is not in use.');
  const { fees } = await deps.settings.current();
  const { invoice, intent, metadata } = await prepareInvoiceIntent(deps, token, fees);
  const event = simulatedCardEvent(intent, metadata, cardNumber);
  const handled = await handlePaymentEvent(deps, event);
  if (handled.outcome === 'failed') throw new AppError('PAYMENT_DECLINED', handled.message);
  // The same payment reported again (a second tap, another tab): it paid the invoice once, and says so (decision 407).
  if (handled.outcome === 'duplicate' && (await findInvoice(deps.db, invoice.id)).status === 'paid')
    return { status: 'succeeded', invoiceNumber: invoice.invoiceNumber };
  if (handled.outcome !== 'invoice-paid')
    throw conflict('The payment could not be applied to this invoice; the business has been told.');
  return { status: 'succeeded', invoiceNumber: invoice.invoiceNumber };
}
