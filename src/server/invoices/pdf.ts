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
    /**
     * What an unpaid invoice was paid in part, written off and still owes (docs/decisions/406-money-as-taken.md,
     * 427-what-is-owed-when-marked-paid.md); null when nothing was taken or written off.
     */
    owed?: { paidCents: Cents; writtenOffCents: Cents; owedCents: Cents } | null;
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

export const CHARCOAL = '#1f2937';
export const MUTED = '#4b5563';
export const RULE = '#d1d5db';
/** An A4 page's printed area: text from `left` to `right`, the footer at `bottom`. */
export const PAGE = { left: 50, right: 545, bottom: 790 };

/**
 * A new A4 document for an invoice or a credit note, and its bytes once ended. Every text is drawn
 * in the Noto fonts, a fallback per run of characters (decision 298), chosen from `printed`.
 */
export function openDocument(
  printed: unknown,
  options: { info: PDFKit.DocumentInfo; bufferPages?: boolean },
): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    ...(options.bufferPages ? { bufferPages: true } : {}),
    margins: { top: 50, bottom: 40, left: PAGE.left, right: 595.28 - PAGE.right },
    info: options.info,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerFonts(doc, [JSON.stringify(printed)]);
  return { doc, done };
}

/**
 * The top of an invoice and of a credit note, which are laid out alike (decision 297): the business
 * on the left (name, ABN, phone, email, and the postal address when given, decision 280), the
 * document's title on the right. Answers where the business's lines end; `doc.y` is then under the title.
 */
export function drawDocumentHeader(
  doc: PDFKit.PDFDocument,
  business: InvoicePdfInput['business'],
  title: string,
): number {
  const width = PAGE.right - PAGE.left;
  doc.fillColor(CHARCOAL).fontSize(18);
  drawText(doc, business.name, 'bold', PAGE.left, 50, { width: 300 });
  doc.fontSize(9.5).fillColor(MUTED);
  for (const line of [`ABN ${business.abn}`, `Phone ${business.phone}`, business.email, business.postalAddress ?? ''])
    if (line) drawText(doc, line, 'regular', PAGE.left, doc.y, { width: 300 });
  const businessBottom = doc.y;
  doc.fontSize(22).fillColor(CHARCOAL);
  drawText(doc, title, 'bold', PAGE.left + 300, 50, { width: width - 300, align: 'right' });
  return businessBottom;
}

/** The business in one line at the foot of the (current) page. */
export function drawDocumentFooter(doc: PDFKit.PDFDocument, business: InvoicePdfInput['business']): void {
  doc.fontSize(8.5).fillColor(MUTED);
  drawText(
    doc,
    `${business.name} · ABN ${business.abn} · ${business.phone} · ${business.email}`,
    'regular',
    PAGE.left,
    PAGE.bottom,
    { width: PAGE.right - PAGE.left, align: 'center', lineBreak: false },
  );
}

/**
 * The invoice PDF (docs/product.md "Customer invoices", decision 201): one A4 page with the business
 * at the top, the customer and job, the lines in a table, totals right-aligned, and how to pay.
 * Not registered for GST: titled 'Invoice' and says 'No GST has been charged'. Registered: 'Tax
 * Invoice' with the ABN, 'Total price includes GST' and the GST amount, as the ATO asks of a tax invoice.
 */
export function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const { business, invoice, customer, job, lines } = input;
  const title = business.gstRegistered ? 'Tax Invoice' : 'Invoice';
  const { doc, done } = openDocument(input, {
    bufferPages: true,
    info: {
      Title: `${title} ${invoice.invoiceNumber}`,
      Author: business.name,
      Subject: `${title} ${invoice.invoiceNumber} for ${job.jobNumber}`,
    },
  });
  const width = PAGE.right - PAGE.left;
  const text = (value: string, weight: Weight, x?: number, y?: number, options: PDFKit.Mixins.TextOptions = {}) =>
    drawText(doc, value, weight, x, y, options);

  // Business (left) and the document's title (right), then whether it is paid or void.
  const headerBottom = drawDocumentHeader(doc, business, title);
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
  // A part-paid invoice prints what was paid and written off, and only what is still owed is due.
  const owed = invoice.isPaid || invoice.isCancelled ? null : (invoice.owed ?? null);
  if (owed) {
    totalRow('Paid', `-${formatDollars(owed.paidCents)}`);
    if (owed.writtenOffCents > 0) totalRow('Written off', `-${formatDollars(owed.writtenOffCents)}`);
  }
  const dueCents = invoice.isPaid || invoice.isCancelled ? 0 : (owed?.owedCents ?? invoice.totalCents);
  totalRow('Amount due', formatDollars(dueCents), true);
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
        ? `Please pay ${formatDollars(dueCents)} by ${printedDay(invoice.dueDate)}, quoting ${invoice.invoiceNumber}.`
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
  drawDocumentFooter(doc, business);
  doc.end();
  return done;
}
