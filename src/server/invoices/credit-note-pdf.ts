import { formatDollars, type Cents } from '../../shared/domain/money';
import {
  CHARCOAL,
  drawDocumentFooter,
  drawDocumentHeader,
  MUTED,
  openDocument,
  PAGE,
  printedDay,
  RULE,
  type InvoicePdfInput,
} from './pdf';
import { drawText, type Weight } from './pdf-fonts';

/** Everything printed on a credit note: it never changes once issued, so it has one PDF (decision 297). */
export type CreditNotePdfInput = {
  business: InvoicePdfInput['business'];
  note: { number: string; creditDate: string; amountCents: Cents; gstCents: Cents; reason: string };
  invoice: { invoiceNumber: string; invoiceDate: string; totalCents: Cents; balanceCents: Cents };
  customer: InvoicePdfInput['customer'];
  job: { jobNumber: string };
};

/** The title the ATO uses: an adjustment note when the business is registered for GST, else a credit note. */
export const creditNoteTitle = (gstRegistered: boolean) => (gstRegistered ? 'Adjustment Note' : 'Credit Note');

/**
 * The credit note PDF, laid out like the invoice (decision 297): the business and the title, the
 * note's number and date, the invoice it credits, who it is for, the reason, the amount (with the
 * GST in it when registered) and the invoice's balance after it. Drawn in the invoice fonts (decision 298).
 */
export function renderCreditNotePdf(input: CreditNotePdfInput): Promise<Buffer> {
  const { business, note, invoice, customer, job } = input;
  const title = creditNoteTitle(business.gstRegistered);
  const { doc, done } = openDocument(input, { info: { Title: `${title} ${note.number}`, Author: business.name } });
  const width = PAGE.right - PAGE.left;
  const text = (value: string, weight: Weight, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
    drawText(doc, value, weight, x, y, options);

  const headerBottom = drawDocumentHeader(doc, business, title);

  let y = Math.max(headerBottom, doc.y) + 20;
  doc.moveTo(PAGE.left, y).lineTo(PAGE.right, y).strokeColor(RULE).lineWidth(1).stroke();
  y += 12;
  const facts: [string, string][] = [
    [`${title} number`, note.number],
    ['Date', printedDay(note.creditDate)],
    ['Against invoice', invoice.invoiceNumber],
    ['Invoice date', printedDay(invoice.invoiceDate)],
    ['Job', job.jobNumber],
  ];
  let factsY = y;
  for (const [label, value] of facts) {
    doc.fontSize(9.5).fillColor(MUTED);
    text(label, 'regular', PAGE.left + 280, factsY, { width: 110 });
    doc.fillColor(CHARCOAL);
    text(value, 'bold', PAGE.left + 390, factsY, { width: width - 390, align: 'right' });
    factsY += 15;
  }
  doc.fontSize(10).fillColor(CHARCOAL);
  text('Credit to', 'bold', PAGE.left, y, { width: 260 });
  doc.fontSize(9.5);
  for (const value of [customer.name, customer.email, customer.phone].filter(Boolean))
    text(value, 'regular', PAGE.left, doc.y, { width: 260 });

  y = Math.max(doc.y, factsY) + 18;
  doc.fontSize(10).fillColor(CHARCOAL);
  text('Reason', 'bold', PAGE.left, y, { width });
  doc.fontSize(9.5);
  text(note.reason, 'regular', PAGE.left, doc.y, { width });
  y = doc.y + 18;

  const row = (label: string, value: string, bold = false) => {
    doc.fontSize(bold ? 11 : 9.5).fillColor(CHARCOAL);
    text(label, bold ? 'bold' : 'regular', PAGE.left + 200, y, { width: 190, align: 'right' });
    text(value, bold ? 'bold' : 'regular', PAGE.left + 393, y, { width: width - 401, align: 'right' });
    y += bold ? 18 : 15;
  };
  row(
    business.gstRegistered ? 'Amount credited (GST included)' : 'Amount credited',
    formatDollars(note.amountCents),
    true,
  );
  if (business.gstRegistered) row('GST included in the credit', formatDollars(note.gstCents));
  row(`Invoice ${invoice.invoiceNumber} total`, formatDollars(invoice.totalCents));
  row('Invoice balance after this credit', formatDollars(invoice.balanceCents), true);
  doc.fontSize(9.5).fillColor(MUTED);
  text(
    business.gstRegistered ? 'This adjustment note reduces the GST on the invoice above.' : 'No GST has been charged.',
    'regular',
    PAGE.left + 200,
    y,
    { width: width - 208, align: 'right' },
  );

  drawDocumentFooter(doc, business);
  doc.end();
  return done;
}
