import { INVOICE_LINE_CATEGORY_LABELS, INVOICE_STATUS_LABELS } from '../../../shared/domain/invoices';
import type { CustomerInvoiceStatus } from '../../../shared/domain/job-status';
import { formatDollars, toCents } from '../../../shared/domain/money';
import { formatDayLong } from '../../../shared/domain/perth-time';
import type { InvoiceDetail, InvoiceEvent } from '../../../shared/schemas/invoices';

export { INVOICE_LINE_CATEGORY_LABELS, INVOICE_STATUS_LABELS };

/** "$129.80" from a decimal string; the string itself when it is not money. */
export function money(value: string): string {
  try {
    return formatDollars(toCents(value));
  } catch {
    return value;
  }
}

/** "23 Nov 2026" from a Perth day; '' when there is none. */
export function shortDay(day: string | null): string {
  if (!day) return '';
  const long = formatDayLong(day); // "Monday 23 November 2026"
  const [, d, month, y] = long.split(' ');
  return `${d} ${month?.slice(0, 3)} ${y}`;
}

/** Quantity x unit price in cents, for the line editor's read-only total ('' while the price is not a number). */
export function lineTotalText(quantity: unknown, unitPrice: unknown): string {
  const q = typeof quantity === 'number' ? quantity : Number(quantity);
  const qty = Number.isFinite(q) && String(quantity).trim() !== '' ? q : 1;
  try {
    const cents = toCents(typeof unitPrice === 'number' ? unitPrice : String(unitPrice ?? '').trim() || '0');
    return formatDollars(Math.round(qty) * cents);
  } catch {
    return '';
  }
}

const KIND_LABEL: Readonly<Record<InvoiceEvent['kind'], string>> = {
  created: 'Created',
  status: 'Status',
  edit: 'Edited',
  line: 'Line',
  pdf: 'PDF',
  email: 'Emailed',
  payment: 'Payment',
  void: 'Voided',
  credit: 'Credit note',
};

const statusWord = (v: string | null) =>
  v && v in INVOICE_STATUS_LABELS ? INVOICE_STATUS_LABELS[v as CustomerInvoiceStatus] : (v ?? 'none');

/** One line of an invoice's history: "Status: Draft → Sent", "Edited (Due date): 2026-12-23 → 2027-01-15". */
export function describeInvoiceEvent(e: InvoiceEvent): string {
  switch (e.kind) {
    case 'created':
      return `Created as ${statusWord(e.to)}${e.note ? ` (${e.note})` : ''}`;
    case 'status':
      return `Status: ${statusWord(e.from)} → ${statusWord(e.to)}${e.note ? ` (${e.note})` : ''}`;
    case 'edit':
      return `${e.note ?? 'Edited'}: ${e.from ?? 'none'} → ${e.to ?? 'none'}`;
    case 'line':
      return `${e.note ?? 'Line'}: ${[e.from, e.to].filter(Boolean).join(' → ')}`;
    case 'email':
      return `Emailed to ${e.to ?? 'the customer'}${e.note ? ` (${e.note})` : ''}`;
    default:
      return `${KIND_LABEL[e.kind]}: ${e.note ?? e.to ?? ''}`;
  }
}

/** The email link's text: the invoice details written for the customer (docs/product.md "Staff dashboard"). */
export function invoiceEmailBody(
  invoice: Pick<InvoiceDetail, 'invoiceNumber' | 'totalAmount' | 'dueDate' | 'status' | 'job'>,
  business: { name: string; phone: string },
): string {
  const first = invoice.job.customer.name.trim().split(/\s+/)[0] ?? '';
  const lines = [
    `Hi ${first || 'there'},`,
    '',
    `Here are the details of invoice ${invoice.invoiceNumber} for job ${invoice.job.jobNumber}:`,
    `Total: ${money(invoice.totalAmount)}`,
    invoice.status === 'paid'
      ? 'Status: Paid, thank you.'
      : `Due: ${invoice.dueDate ? shortDay(invoice.dueDate) : 'on receipt'}`,
    '',
    'Kind regards,',
    business.name,
    ...(business.phone ? [business.phone] : []),
  ];
  return lines.join('\n');
}
