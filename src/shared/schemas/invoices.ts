import { z } from 'zod';
import {
  parseMoney,
  MONEY_MAX_CENTS,
  day,
  money,
  oneLineText,
  optionalDay as optionalBusinessDay,
  pageQuery,
  pageSizeQuery,
  wholeNumber,
} from './fields';
import { INVOICE_LINE_CATEGORIES, JOB_REQUIRED_MESSAGE } from '../domain/invoices';
import { CUSTOMER_INVOICE_STATUSES, JOB_STATUSES } from '../domain/job-status';
import { SERVICE_TYPES } from '../domain/services';
import { TIME_SLOTS } from '../domain/slots';

/**
 * Customer invoices (docs/product.md "Customer invoices"): the shapes the API, the Invoices tab, the
 * Create Invoice screen and the job detail share, with the messages staff see.
 */

export const LINE_DESCRIPTION_MESSAGE = 'Please enter a description for the line item.';
export const DUE_DATE_REQUIRED_MESSAGE = 'Due date is required';
export const NO_LINES_MESSAGE = 'Please add at least one line item to the invoice.';
/** A real calendar day, yyyy-MM-dd, between 1900 and 2100: 2026-02-30 is refused here, not by the database. */
const isoDay = day();
/** An optional day: empty or null means none (docs/product.md "Messages the UI shows"). */
const optionalDay = optionalBusinessDay();

/** A line's unit price may be negative: the prepaid discount and a price adjustment are negative lines (decision 200). */
const unitPrice = money({ signed: true });

/** Quantity: 1 when absent or blank, else a whole number of decimal digits from 1 to 9999 (the database holds the same). */
const quantity = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? 1 : v),
  wholeNumber('Quantity', 1, 9999),
);

export const LINE_TOO_LARGE_MESSAGE = 'Quantity times unit price must be at most $99,999,999.99';
export const INVOICE_TOO_LARGE_MESSAGE = 'The invoice total must be at most $99,999,999.99';
/** Money given back after an invoice is issued is a credit note, never a negative invoice (decision 294). */
export const INVOICE_NEGATIVE_MESSAGE = 'The invoice total cannot be below $0.00';
export const DUE_BEFORE_INVOICE_MESSAGE = 'The due date must be on or after the invoice date';
export const UNPAID_REASON_MESSAGE = 'Give a reason for marking a paid invoice unpaid';

/** Statuses of an invoice the customer holds: its lines, amounts and dates are fixed (decision 294). */
export const ISSUED_INVOICE_STATUSES = ['sent', 'paid', 'overdue'] as const;

/** Why an issued or voided invoice refuses a change, and what to do instead (decision 294). */
export function lockedInvoiceMessage(invoiceNumber: string, status: string): string {
  return status === 'cancelled'
    ? `Invoice ${invoiceNumber} is void and cannot change. Generate a new invoice for the job instead.`
    : `Invoice ${invoiceNumber} is ${status}: its lines, amounts and dates are fixed once issued. Void this invoice or add a credit note.`;
}

/** A line's total (quantity x unit price) must fit its column too (decision 256), not overflow the database. */
function lineFits(line: { quantity?: number; unitPrice?: string }, ctx: z.core.$RefinementCtx) {
  if (line.quantity === undefined || line.unitPrice === undefined) return;
  const cents = parseMoney(line.unitPrice);
  if (cents !== null && Math.abs(cents * line.quantity) > MONEY_MAX_CENTS)
    ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: LINE_TOO_LARGE_MESSAGE });
}

const invoiceLineShape = z.object({
  description: oneLineText('Description', 200, LINE_DESCRIPTION_MESSAGE),
  category: z.enum(INVOICE_LINE_CATEGORIES, { message: 'Choose a category' }).default('labour'),
  quantity,
  unitPrice,
  /** Sent by older clients; ignored: the server multiplies (docs/product.md "Customer invoices"). */
  totalPrice: z.unknown().optional(),
});
export const invoiceLineInput = invoiceLineShape.superRefine(lineFits);
export type InvoiceLineInput = z.input<typeof invoiceLineInput>;

// A patch changes only what it names: the new line's default category must not re-file a parts line as labour.
export const invoiceLinePatch = invoiceLineShape
  .extend({ category: z.enum(INVOICE_LINE_CATEGORIES, { message: 'Choose a category' }) })
  .partial()
  .superRefine(lineFits);

/** The lines of a new invoice: each fits, and so does their sum, the invoice's total (decision 256). */
const newInvoiceLines = (min: number) =>
  z
    .array(invoiceLineInput)
    .min(min, NO_LINES_MESSAGE)
    .max(100, 'An invoice has at most 100 lines')
    .superRefine((lines, ctx) => {
      const total = lines.reduce((sum, l) => sum + (parseMoney(l.unitPrice) ?? 0) * l.quantity, 0);
      if (Math.abs(total) > MONEY_MAX_CENTS) ctx.addIssue({ code: 'custom', message: INVOICE_TOO_LARGE_MESSAGE });
      if (total < 0) ctx.addIssue({ code: 'custom', message: INVOICE_NEGATIVE_MESSAGE });
    });

/** Client totals are accepted and ignored: the server recomputes them from the lines. */
const ignoredTotals = {
  subtotalAmount: z.unknown().optional(),
  gstAmount: z.unknown().optional(),
  totalAmount: z.unknown().optional(),
};

/** Both dates given: the due date is not before the invoice date (a missing one is checked by the server once it is known). */
function dueOnOrAfter(
  v: { invoiceDate?: string | undefined; dueDate?: string | null | undefined },
  ctx: z.core.$RefinementCtx,
) {
  if (v.invoiceDate && v.dueDate && v.dueDate < v.invoiceDate)
    ctx.addIssue({ code: 'custom', path: ['dueDate'], message: DUE_BEFORE_INVOICE_MESSAGE });
}

const createInvoiceShape = z.object({
  jobId: z.string({ message: JOB_REQUIRED_MESSAGE }).trim().min(1, JOB_REQUIRED_MESSAGE).max(64, JOB_REQUIRED_MESSAGE),
  status: z.enum(CUSTOMER_INVOICE_STATUSES, { message: 'Unknown status' }).default('draft'),
  invoiceDate: isoDay.optional(),
  /** Absent or empty: 30 days after the invoice date. */
  dueDate: optionalDay,
  /** The lines, written with the invoice in one transaction (decision 200). */
  items: newInvoiceLines(0).optional(),
  ...ignoredTotals,
});
export const createInvoiceRequest = createInvoiceShape.superRefine(dueOnOrAfter);

/** The Create Invoice screen's form: the same fields, with its own two refusals (due date, at least one line). */
export const createInvoiceForm = createInvoiceShape
  .extend({
    dueDate: z.string({ message: DUE_DATE_REQUIRED_MESSAGE }).trim().min(1, DUE_DATE_REQUIRED_MESSAGE).pipe(isoDay),
    items: newInvoiceLines(1),
  })
  .superRefine(dueOnOrAfter);

export const updateInvoiceRequest = z
  .object({
    status: z.enum(CUSTOMER_INVOICE_STATUSES, { message: 'Unknown status' }).optional(),
    invoiceDate: isoDay.optional(),
    dueDate: optionalDay,
    /** Why a paid invoice becomes unpaid again; kept in its history (decision 294). */
    reason: oneLineText('Reason', 200).optional(),
    ...ignoredTotals,
  })
  .superRefine(dueOnOrAfter);
export type UpdateInvoiceRequest = z.input<typeof updateInvoiceRequest>;

export const bulkStatusRequest = z.object({
  ids: z.array(z.string().max(64)).min(1, 'Select at least one invoice').max(500, 'At most 500 invoices at once'),
  status: z.enum(CUSTOMER_INVOICE_STATUSES, { message: 'Unknown status' }),
});

export const bulkStatusResult = z.object({
  updated: z.array(z.string()),
  failed: z.array(z.object({ id: z.string(), message: z.string() })),
});
export type BulkStatusResult = z.infer<typeof bulkStatusResult>;

export const invoiceListQuery = z.object({
  /** 'overdue' also finds sent invoices past their due date. */
  status: z.enum([...CUSTOMER_INVOICE_STATUSES, 'all'], { message: 'Unknown status' }).optional(),
  search: oneLineText('Search', 100).optional(),
  /** 'hide' leaves out void and cancelled invoices (decision 295); shown by default. */
  voided: z.enum(['show', 'hide'], { message: 'Choose show or hide' }).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  page: pageQuery(),
  pageSize: pageSizeQuery(),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuery>;

export const invoiceIdParams = z.object({ id: z.string().max(64) });
export const invoiceJobParams = z.object({ jobId: z.string().max(64) });
export const invoiceItemParams = z.object({ id: z.string().max(64), itemId: z.string().max(64) });
export const invoicePdfParams = z.object({ id: z.string().max(64), version: z.string().max(64) });

const status = z.enum(CUSTOMER_INVOICE_STATUSES);

/** One row of the invoices list, with its job number and customer (the list's nested job). */
export const invoiceListItem = z.object({
  id: z.string(),
  jobId: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string().nullable(),
  subtotalAmount: z.string(),
  gstAmount: z.string(),
  totalAmount: z.string(),
  status,
  /** What lists show: a sent invoice past its due date is overdue. */
  shownStatus: status,
  pdfPath: z.string().nullable(),
  sentAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** When an issued invoice was voided (kept, final; decision 295). */
  voidedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  job: z.object({
    id: z.string(),
    jobNumber: z.string(),
    status: z.enum(JOB_STATUSES),
    customer: z.object({ name: z.string(), email: z.string() }),
  }),
});
export type InvoiceListItem = z.infer<typeof invoiceListItem>;

export const invoiceItem = z.object({
  id: z.string(),
  customerInvoiceId: z.string(),
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.string(),
  totalPrice: z.string(),
  category: z.enum(INVOICE_LINE_CATEGORIES),
  position: z.number(),
});
export type InvoiceItem = z.infer<typeof invoiceItem>;

export const invoiceEvent = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string().nullable(),
  kind: z.enum(['created', 'status', 'edit', 'line', 'pdf', 'email', 'payment', 'void', 'credit']),
  from: z.string().nullable(),
  to: z.string().nullable(),
  note: z.string().nullable(),
});
export type InvoiceEvent = z.infer<typeof invoiceEvent>;

export const invoicePdfVersion = z.object({
  version: z.number(),
  filename: z.string(),
  size: z.number(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type InvoicePdfVersion = z.infer<typeof invoicePdfVersion>;

/** One invoice with its lines, history and PDF versions, and what the job panel shows. */
export const invoiceDetail = invoiceListItem.extend({
  paymentNote: z.string().nullable(),
  /** The sum of its credit notes, and its total less them: what the customer is still charged (decision 297). */
  creditedAmount: z.string(),
  balanceAmount: z.string(),
  /** Of that balance: what was paid (part payments on site, or all of it once paid), written off, and still owed (decision 406). */
  paidAmount: z.string(),
  writtenOffAmount: z.string(),
  owedAmount: z.string(),
  items: z.array(invoiceItem),
  history: z.array(invoiceEvent),
  pdfs: z.array(invoicePdfVersion),
  job: invoiceListItem.shape.job.extend({
    serviceType: z.enum(SERVICE_TYPES),
    scheduledDay: z.string(),
    timeSlot: z.enum(TIME_SLOTS),
    address: z.string(),
    suburb: z.string(),
    postcode: z.string(),
    vehicle: z.object({ make: z.string(), model: z.string(), year: z.number(), registration: z.string() }).nullable(),
  }),
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

/** A credit note (decision 297): money given back after an invoice was issued, with its own number and PDF. */
export const creditNote = z.object({
  id: z.string(),
  number: z.string(),
  customerInvoiceId: z.string(),
  invoiceNumber: z.string(),
  creditDate: z.string(),
  amount: z.string(),
  gstAmount: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** Where its PDF is downloaded; null until it is made. */
  pdfUrl: z.string().nullable(),
});
export type CreditNote = z.infer<typeof creditNote>;

export const CREDIT_REASON_MESSAGE = 'Give a reason for the credit note';
export const CREDIT_AMOUNT_MESSAGE = 'The credit must be more than $0.00';

/** The credit note form and API body: an amount above zero (at most the invoice's remaining total, checked by the server) and a reason. */
export const creditNoteRequest = z.object({
  amount: money({ min: 1, minMessage: CREDIT_AMOUNT_MESSAGE }),
  reason: oneLineText('Reason', 200, CREDIT_REASON_MESSAGE),
});
export type CreditNoteRequest = z.input<typeof creditNoteRequest>;
export const creditNoteEmailed = z.object({
  to: z.string(),
  number: z.string(),
  alreadySent: z.boolean(),
  sentAt: z.string(),
});
export type CreditNoteEmailed = z.infer<typeof creditNoteEmailed>;
export const creditNoteParams = z.object({ id: z.string().max(64), noteId: z.string().max(64) });

/** What the customer's pay page shows (decision 299): this invoice only, and how to pay it. */
export const publicInvoice = z.object({
  business: z.object({
    name: z.string(),
    abn: z.string(),
    phone: z.string(),
    email: z.string(),
    gstRegistered: z.boolean(),
    bank: z.object({ accountName: z.string(), bsb: z.string(), accountNumber: z.string() }).nullable(),
    payId: z.string().nullable(),
  }),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string().nullable(),
  status: z.enum(['due', 'paid', 'void']),
  lines: z.array(
    z.object({ description: z.string(), quantity: z.number(), unitPrice: z.string(), totalPrice: z.string() }),
  ),
  totalAmount: z.string(),
  creditedAmount: z.string(),
  amountDue: z.string(),
  pdfUrl: z.string(),
  /** How a card is taken on the page: the simulated provider is labelled as a test (decision 300). */
  provider: z.enum(['stripe', 'simulated', 'none']),
  publishableKey: z.string().nullable(),
});
export type PublicInvoice = z.infer<typeof publicInvoice>;
/** A simulated card payment from the pay page answers the invoice it paid. */
export const invoicePaidResponse = z.object({ status: z.literal('succeeded'), invoiceNumber: z.string() });
export const INVOICE_ALREADY_PAID = 'This invoice is already paid.';
export const INVOICE_VOIDED = 'This invoice has been voided: nothing is owed on it.';
export const INVOICE_NOTHING_DUE = 'Nothing is due on this invoice.';
export const payTokenParams = z.object({ token: z.string().max(64) });

export const invoiceSaved = z.object({ success: z.literal(true), message: z.string(), customerInvoice: invoiceDetail });
export const invoiceGenerated = z.object({ customerInvoice: invoiceDetail });
export const invoicePdfResult = z.object({
  downloadUrl: z.string(),
  filename: z.string(),
  invoiceNumber: z.string(),
  version: z.number(),
});
export type InvoicePdfResult = z.infer<typeof invoicePdfResult>;
/** What "Delete" did: a draft is deleted, an issued invoice is voided and answered as it is now (decision 295). */
export const invoiceRemoved = z.object({
  outcome: z.enum(['deleted', 'voided']),
  message: z.string(),
  customerInvoice: invoiceDetail.nullable(),
});
export type InvoiceRemoved = z.infer<typeof invoiceRemoved>;
/**
 * What an "Email Invoice" did. A repeat for the same PDF version within a few minutes sends nothing
 * and answers what was sent, and when (decision 296).
 */
export const invoiceEmailed = z.object({
  customerInvoice: invoiceDetail,
  to: z.string(),
  version: z.number(),
  alreadySent: z.boolean(),
  sentAt: z.string(),
});
