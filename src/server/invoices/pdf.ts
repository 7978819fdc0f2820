import PDFDocument from 'pdfkit';
import { formatDollars, type Cents } from '../../shared/domain/money';
import { endSentence } from '../../shared/domain/business-placeholders';
import { drawText, heightOf, registerFonts, type Weight } from './pdf-fonts';

/** Everything printed on an invoice, and nothing else: its hash decides whether a new version is due. */
/**
 * The paid line of an invoice: a note that already says "Paid by EFTPOS on site on 27 Nov 2026" is
 * not prefixed with a second "Paid", and it ends its sentence before "Thank you."
 */
export function paidLine(note: string): string {
  const sentence = endSentence(note);
  return /^paid\b/i.test(sentence) ? `${sentence} Thank you.` : `Paid: ${sentence} Thank you.`;
}

export type InvoicePdfInput = {
  business: {
    name: string;
    abn: string;
    phone: string;
    email: string;
    /** The postal address for invoices (decision 280); empty when not given. */
    postalAddress?: string | undefined;
    gstRegistered: boolean;
    bank?: { accountName: string; bsb: string; accountNumber: string } | undefined;
    payId?: string | undefined;
  };
  invoice: {
    invoiceNumber: string;
    invoiceDate: string;
    dueDate: string | null;
    isPaid: boolean;
    paidDay: string | null;
    paymentNote: string | null;
    isCancelled: boolean;
    /** The invoice's own page, where the customer sees it and how to pay (decision 299); none once paid or void. */
    payUrl?: string | null;
    totalCents: Cents;
    gstCents: Cents;
  };
  customer: { name: string; email: string; phone: string };
  job: { jobNumber: string; service: string; vehicle: string | null; address: string; serviceDay: string };
  lines: { description: string; quantity: number; unitPriceCents: Cents; totalCents: Cents }[];
};

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "23 November 2026" from a Perth day. */
export function printedDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${d} ${MONTHS[(m ?? 1) - 1]} ${y}`;
}

const CHARCOAL = '#1f2937';
const MUTED = '#4b5563';
const RULE = '#d1d5db';
const PAGE = { left: 50, right: 545, bottom: 790 };

/**
 * The invoice PDF (docs/product.md "Customer invoices", decision 201): one A4 page with the business
 * at the top, the customer and job, the lines in a table, totals right-aligned, and how to pay.
 * Not registered for GST: titled 'Invoice' and says 'No GST has been charged'. Registered: 'Tax
 * Invoice' with the ABN, 'Total price includes GST' and the GST amount, as the ATO asks of a tax invoice.
 */
export function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const { business, invoice, customer, job, lines } = input;
  const title = business.gstRegistered ? 'Tax Invoice' : 'Invoice';
  const doc = new PDFDocument({
    size: 'A4',
    bufferPages: true,
    margins: { top: 50, bottom: 40, left: PAGE.left, right: 595.28 - PAGE.right },
    info: {
      Title: `${title} ${invoice.invoiceNumber}`,
      Author: business.name,
      Subject: `${title} ${invoice.invoiceNumber} for ${job.jobNumber}`,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = PAGE.right - PAGE.left;
  // Every text is drawn in the Noto fonts, a fallback per run of characters (decision 298).
  registerFonts(doc, [JSON.stringify(input)]);
  const text = (value: string, weight: Weight, x?: number, y?: number, options: PDFKit.Mixins.TextOptions = {}) =>
    drawText(doc, value, weight, x, y, options);

  // Business (left) and the document's title (right).
  doc.fillColor(CHARCOAL).fontSize(18);
  text(business.name, 'bold', PAGE.left, 50, { width: 300 });
  doc.fontSize(9.5).fillColor(MUTED);
  text(`ABN ${business.abn}`, 'regular', undefined, undefined, { width: 300 });
  text(`Phone ${business.phone}`, 'regular', undefined, undefined, { width: 300 });
  text(business.email, 'regular', undefined, undefined, { width: 300 });
  if (business.postalAddress) text(business.postalAddress, 'regular', undefined, undefined, { width: 300 });
  const headerBottom = doc.y;
  doc.fontSize(22).fillColor(CHARCOAL);
  text(title, 'bold', PAGE.left + 300, 50, { width: width - 300, align: 'right' });
  if (invoice.isPaid) {
    doc.fontSize(12).fillColor('#047857');
    text('PAID', 'bold', PAGE.left + 300, doc.y, { width: width - 300, align: 'right' });
  }
  const titleBottom = doc.y;
  if (invoice.isCancelled) {
    doc.fontSize(12).fillColor('#b91c1c');
    text('VOID', 'bold', PAGE.left + 300, doc.y, { width: width - 300, align: 'right' });
    // A void copy is stamped across the page too, so no one pays it by mistake (decision 295).
    doc
      .save()
      .rotate(-30, { origin: [297, 420] })
      .fontSize(120)
      .fillColor('#b91c1c')
      .fillOpacity(0.15);
    text('VOID', 'bold', 0, 360, { width: 595, align: 'center', lineBreak: false });
    doc.restore();
  }

  // Invoice facts (right) and who it is for (left).
  let y = Math.max(headerBottom, titleBottom + (invoice.isCancelled ? 15 : 0)) + 20;
  doc.moveTo(PAGE.left, y).lineTo(PAGE.right, y).strokeColor(RULE).lineWidth(1).stroke();
  y += 12;
  const facts: [string, string][] = [
    ['Invoice number', invoice.invoiceNumber],
    ['Invoice date', printedDay(invoice.invoiceDate)],
    ['Due date', invoice.dueDate ? printedDay(invoice.dueDate) : 'On receipt'],
    ['Job', job.jobNumber],
  ];
  let factsY = y;
  for (const [label, value] of facts) {
    doc.fontSize(9.5).fillColor(MUTED);
    text(label, 'regular', PAGE.left + 300, factsY, { width: 90 });
    doc.fillColor(CHARCOAL);
    text(value, 'bold', PAGE.left + 390, factsY, { width: width - 390, align: 'right' });
    factsY += 15;
  }
  doc.fontSize(10).fillColor(CHARCOAL);
  text('Bill to', 'bold', PAGE.left, y, { width: 280 });
  doc.fontSize(9.5);
  for (const value of [customer.name, customer.email, customer.phone].filter(Boolean))
    text(value, 'regular', PAGE.left, doc.y, { width: 280 });
  doc.moveDown(0.6);
  doc.fontSize(10);
  text('Service', 'bold', PAGE.left, doc.y, { width: 280 });
  doc.fontSize(9.5);
  for (const value of [`${job.service} on ${printedDay(job.serviceDay)}`, job.vehicle ?? '', job.address].filter(
    Boolean,
  ))
    text(value, 'regular', PAGE.left, doc.y, { width: 280 });

  // The lines.
  y = Math.max(doc.y, factsY) + 18;
  const cols = [
    { label: 'Description', x: PAGE.left + 8, w: 245, align: 'left' as const },
    { label: 'Qty', x: PAGE.left + 258, w: 40, align: 'right' as const },
    { label: 'Unit price', x: PAGE.left + 303, w: 85, align: 'right' as const },
    { label: 'Amount', x: PAGE.left + 393, w: width - 401, align: 'right' as const },
  ];
  doc.rect(PAGE.left, y, width, 20).fill('#f3f4f6');
  doc.fontSize(9.5).fillColor(CHARCOAL);
  for (const c of cols) text(c.label, 'bold', c.x, y + 6, { width: c.w, align: c.align });
  y += 26;
  for (const line of lines) {
    const h = Math.max(heightOf(doc, line.description, 'regular', cols[0]!.w), 12);
    if (y + h > PAGE.bottom - 160) {
      doc.addPage();
      y = 50;
    }
    const cells = [
      line.description,
      String(line.quantity),
      formatDollars(line.unitPriceCents),
      formatDollars(line.totalCents),
    ];
    cells.forEach(
      (cell, i) => (
        doc.fillColor(CHARCOAL), text(cell, 'regular', cols[i]!.x, y, { width: cols[i]!.w, align: cols[i]!.align })
      ),
    );
    y += h + 6;
    doc
      .moveTo(PAGE.left, y - 3)
      .lineTo(PAGE.right, y - 3)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
  }

  // Totals, right-aligned.
  y += 8;
  const totalRow = (label: string, value: string, bold = false) => {
    doc.fontSize(bold ? 11 : 9.5).fillColor(CHARCOAL);
    text(label, bold ? 'bold' : 'regular', PAGE.left + 230, y, { width: 160, align: 'right' });
    text(value, bold ? 'bold' : 'regular', PAGE.left + 393, y, { width: width - 401, align: 'right' });
    y += bold ? 18 : 15;
  };
  if (business.gstRegistered) {
    totalRow('Total (GST included)', formatDollars(invoice.totalCents), true);
    totalRow('GST included in total', formatDollars(invoice.gstCents));
  } else {
    totalRow('Total', formatDollars(invoice.totalCents), true);
  }
  totalRow(
    'Amount due',
    invoice.isPaid || invoice.isCancelled ? formatDollars(0) : formatDollars(invoice.totalCents),
    true,
  );
  doc.fontSize(9.5).fillColor(MUTED);
  text(
    business.gstRegistered ? 'Total price includes GST.' : 'No GST has been charged.',
    'regular',
    PAGE.left + 230,
    y,
    { width: width - 238, align: 'right' },
  );
  y = doc.y + 18;

  // Paid, or how to pay.
  doc.x = PAGE.left;
  if (invoice.isPaid) {
    const note = invoice.paymentNote ?? (invoice.paidDay ? `Paid on ${printedDay(invoice.paidDay)}.` : 'Paid in full.');
    doc.fontSize(10).fillColor('#047857');
    text(paidLine(note), 'bold', PAGE.left, y, { width });
  } else if (!invoice.isCancelled) {
    doc.fontSize(10).fillColor(CHARCOAL);
    text('How to pay', 'bold', PAGE.left, y, { width });
    doc.fontSize(9.5);
    const ways = [
      invoice.payUrl ? `View and pay online: ${invoice.payUrl}` : '',
      invoice.dueDate
        ? `Please pay ${formatDollars(invoice.totalCents)} by ${printedDay(invoice.dueDate)}, quoting ${invoice.invoiceNumber}.`
        : '',
      business.bank
        ? `Bank transfer: ${business.bank.accountName}, BSB ${business.bank.bsb}, account ${business.bank.accountNumber}, reference ${invoice.invoiceNumber}.`
        : '',
      business.payId ? `PayID: ${business.payId} (reference ${invoice.invoiceNumber}).` : '',
      `Card, EFTPOS or cash: pay the technician on site, or call ${business.phone}.`,
    ];
    for (const way of ways.filter(Boolean)) text(way, 'regular', PAGE.left, doc.y, { width });
  }

  // Footer on the first page.
  doc.switchToPage(0);
  doc.fontSize(8.5).fillColor(MUTED);
  text(
    `${business.name} · ABN ${business.abn} · ${business.phone} · ${business.email}`,
    'regular',
    PAGE.left,
    PAGE.bottom,
    { width, align: 'center', lineBreak: false },
  );
  doc.end();
  return done;
}
