import { gstOf } from './gst';
import type { CustomerInvoiceStatus } from './job-status';
import { sumCents, type Cents } from './money';
import { cardSurcharge, cardSurchargeLabel, priceService, type PriceServiceInput } from './pricing';
import type { Fees } from './settings';
import { SERVICE_LABELS } from './services';
import { addDays, compareDays } from './perth-time';

/** Invoice line categories (docs/product.md "Prices and fees"); the default is labour. */
export const INVOICE_LINE_CATEGORIES = ['callout', 'tyre', 'labour', 'battery', 'note'] as const;
export type InvoiceLineCategory = (typeof INVOICE_LINE_CATEGORIES)[number];
export const DEFAULT_LINE_CATEGORY: InvoiceLineCategory = 'labour';

export const INVOICE_LINE_CATEGORY_LABELS: Readonly<Record<InvoiceLineCategory, string>> = {
  callout: 'Callout',
  tyre: 'Tyre',
  labour: 'Labour',
  battery: 'Battery',
  note: 'Note',
};

export const INVOICE_STATUS_LABELS: Readonly<Record<CustomerInvoiceStatus, string>> = {
  draft: 'Draft',
  sent: 'Sent',
  paid: 'Paid',
  overdue: 'Overdue',
  cancelled: 'Cancelled',
};

/** An invoice is due 30 Perth days after its date (docs/product.md "Customer invoices"). */
export const INVOICE_DUE_DAYS = 30;

export function defaultDueDate(invoiceDay: string): string {
  return addDays(invoiceDay, INVOICE_DUE_DAYS);
}

export type InvoiceLine = {
  description: string;
  category: InvoiceLineCategory;
  quantity: number;
  unitPriceCents: Cents;
};

export function lineTotal(line: Pick<InvoiceLine, 'quantity' | 'unitPriceCents'>): Cents {
  return line.quantity * line.unitPriceCents;
}

/**
 * Totals always come from the lines, never from the client (docs/product.md "Customer invoices"):
 * total = sum of line totals (prices are GST-inclusive), GST = round(total / 11), subtotal = total - GST.
 */
export function invoiceTotals(lines: readonly Pick<InvoiceLine, 'quantity' | 'unitPriceCents'>[]): {
  subtotalCents: Cents;
  gstCents: Cents;
  totalCents: Cents;
} {
  const totalCents = sumCents(lines.map(lineTotal));
  const gstCents = gstOf(totalCents);
  return { subtotalCents: totalCents - gstCents, gstCents, totalCents };
}

/**
 * What a list shows: a sent invoice that is unpaid and past its due date (Perth) is overdue, whatever
 * was stored (docs/product.md "Customer invoices").
 */
export function shownInvoiceStatus(
  invoice: { status: CustomerInvoiceStatus; dueDate: string | null },
  today: string,
): CustomerInvoiceStatus {
  if (invoice.status === 'sent' && invoice.dueDate !== null && compareDays(invoice.dueDate, today) < 0)
    return 'overdue';
  return invoice.status;
}

export type JobForInvoice = PriceServiceInput & {
  /** The job's agreed price (customerValue), GST-inclusive, before any card surcharge; null when none was set. */
  valueCents: Cents | null;
  /** Paid online by card: the surcharge taken at checkout is billed too. */
  isPaidByCard: boolean;
};

function categoryOf(description: string): InvoiceLineCategory {
  if (description === 'Mobile Service Callout') return 'callout';
  if (description.endsWith(' tyre')) return 'tyre';
  if (description.startsWith('Battery')) return 'battery';
  return 'labour';
}

export const PREPAID_DISCOUNT_LINE = 'Online booking discount';
export const PRICE_ADJUSTMENT_LINE = 'Price adjustment';
/** 'Card surcharge (1.7%)': the rate is the owner's setting (docs/decisions/280-owner-settings-in-the-database.md). */
export const cardSurchargeLine = (fees: Fees) => `Card surcharge (${cardSurchargeLabel(fees)})`;

/**
 * The lines 'Generate Invoice' writes for a job (docs/product.md "Customer invoices"): the priced items
 * of its service from the one pricing module (per-tyre items with their quantity), the prepaid discount
 * as a negative line, a 'Price adjustment' when staff changed the price so the total equals the job's
 * value, and the card surcharge when it was paid online by card.
 */
export function invoiceLinesForJob(job: JobForInvoice, fees: Fees): InvoiceLine[] {
  const quote = priceService(job, fees);
  const perTyre = job.serviceType === 'new-tyres' ? (job.quantity ?? 1) : 1;
  const lines: InvoiceLine[] = quote.items.map((item) => {
    const isPerTyre = perTyre > 1 && item.description !== 'Mobile Service Callout' && item.priceCents % perTyre === 0;
    return {
      // '4 x 205/55R16 tyre' becomes '205/55R16 tyre' with quantity 4.
      description: isPerTyre ? item.description.replace(/^\d+ x /, '') : item.description,
      category: categoryOf(item.description),
      quantity: isPerTyre ? perTyre : 1,
      unitPriceCents: isPerTyre ? item.priceCents / perTyre : item.priceCents,
    };
  });
  if (quote.callbackRequired)
    lines.push({
      description: SERVICE_LABELS[job.serviceType],
      category: categoryOf(SERVICE_LABELS[job.serviceType]),
      quantity: 1,
      unitPriceCents: 0,
    });
  if (quote.discountCents > 0)
    lines.push({
      description: PREPAID_DISCOUNT_LINE,
      category: DEFAULT_LINE_CATEGORY,
      quantity: 1,
      unitPriceCents: -quote.discountCents,
    });
  const priced = invoiceTotals(lines).totalCents;
  const value = job.valueCents ?? priced;
  if (value !== priced)
    lines.push({
      description: PRICE_ADJUSTMENT_LINE,
      category: DEFAULT_LINE_CATEGORY,
      quantity: 1,
      unitPriceCents: value - priced,
    });
  if (job.isPaidByCard) {
    const surcharge = cardSurcharge(value, fees);
    if (surcharge > 0)
      lines.push({
        description: cardSurchargeLine(fees),
        category: DEFAULT_LINE_CATEGORY,
        quantity: 1,
        unitPriceCents: surcharge,
      });
  }
  return lines;
}

/** The refusal when an invoice is asked for with no job chosen, by the invoice form and the invoices list's job picker alike. */
export const JOB_REQUIRED_MESSAGE = 'Please select a job for this invoice.';

/** What "Delete" does to an invoice: a draft goes, an issued one is voided and kept, a void one stays (decision 295). */
export function deleteActionOf(invoice: {
  status: CustomerInvoiceStatus;
  voidedAt: string | null;
}): 'delete' | 'void' | null {
  if (invoice.voidedAt) return null;
  return invoice.status === 'draft' || invoice.status === 'cancelled' ? 'delete' : 'void';
}
