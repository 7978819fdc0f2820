import PDFDocument from 'pdfkit';
import { formatDollars, type Cents } from '../../shared/domain/money';

/** Everything printed on an invoice, and nothing else: its hash decides whether a new version is due. */
export type InvoicePdfInput = {
  business: {
    name: string;
    abn: string;
    phone: string;
    email: string;
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
    totalCents: Cents;
    gstCents: Cents;
  };
  customer: { name: string; email: string; phone: string };
  job: { jobNumber: string; service: string; vehicle: string | null; address: string; serviceDay: string };
  lines: { description: string; quantity: number; unitPriceCents: Cents; totalCents: Cents }[];
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

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
    info: { Title: `${title} ${invoice.invoiceNumber}`, Author: business.name, Subject: `${title} ${invoice.invoiceNumber} for ${job.jobNumber}` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = PAGE.right - PAGE.left;

  // Business (left) and the document's title (right).
  doc.fillColor(CHARCOAL).font('Helvetica-Bold').fontSize(18).text(business.name, PAGE.left, 50, { width: 300 });
  doc.font('Helvetica').fontSize(9.5).fillColor(MUTED);
  doc.text(`ABN ${business.abn}`, { width: 300 });
  doc.text(`Phone ${business.phone}`, { width: 300 });
  doc.text(business.email, { width: 300 });
  const headerBottom = doc.y;
  doc.font('Helvetica-Bold').fontSize(22).fillColor(CHARCOAL).text(title, PAGE.left + 300, 50, { width: width - 300, align: 'right' });
  if (invoice.isPaid) doc.font('Helvetica-Bold').fontSize(12).fillColor('#047857').text('PAID', { width: width - 300, align: 'right' });
  if (invoice.isCancelled) doc.font('Helvetica-Bold').fontSize(12).fillColor('#b91c1c').text('VOID', { width: width - 300, align: 'right' });

  // Invoice facts (right) and who it is for (left).
  let y = Math.max(headerBottom, doc.y) + 20;
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
    doc.font('Helvetica').fontSize(9.5).fillColor(MUTED).text(label, PAGE.left + 300, factsY, { width: 90 });
    doc.font('Helvetica-Bold').fillColor(CHARCOAL).text(value, PAGE.left + 390, factsY, { width: width - 390, align: 'right' });
    factsY += 15;
  }
  doc.font('Helvetica-Bold').fontSize(10).fillColor(CHARCOAL).text('Bill to', PAGE.left, y, { width: 280 });
  doc.font('Helvetica').fontSize(9.5).fillColor(CHARCOAL);
  doc.text(customer.name, { width: 280 });
  if (customer.email) doc.text(customer.email, { width: 280 });
  if (customer.phone) doc.text(customer.phone, { width: 280 });
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(10).text('Service', { width: 280 });
  doc.font('Helvetica').fontSize(9.5);
  doc.text(`${job.service} on ${printedDay(job.serviceDay)}`, { width: 280 });
  if (job.vehicle) doc.text(job.vehicle, { width: 280 });
  doc.text(job.address, { width: 280 });

  // The lines.
  y = Math.max(doc.y, factsY) + 18;
  const cols = [
    { label: 'Description', x: PAGE.left + 8, w: 245, align: 'left' as const },
    { label: 'Qty', x: PAGE.left + 258, w: 40, align: 'right' as const },
    { label: 'Unit price', x: PAGE.left + 303, w: 85, align: 'right' as const },
    { label: 'Amount', x: PAGE.left + 393, w: width - 401, align: 'right' as const },
  ];
  doc.rect(PAGE.left, y, width, 20).fill('#f3f4f6');
  doc.font('Helvetica-Bold').fontSize(9.5).fillColor(CHARCOAL);
  for (const c of cols) doc.text(c.label, c.x, y + 6, { width: c.w, align: c.align });
  y += 26;
  doc.font('Helvetica').fontSize(9.5);
  for (const line of lines) {
    const h = Math.max(doc.heightOfString(line.description, { width: cols[0]!.w }), 12);
    if (y + h > PAGE.bottom - 160) {
      doc.addPage();
      y = 50;
    }
    const cells = [line.description, String(line.quantity), formatDollars(line.unitPriceCents), formatDollars(line.totalCents)];
    cells.forEach((text, i) => doc.fillColor(CHARCOAL).text(text, cols[i]!.x, y, { width: cols[i]!.w, align: cols[i]!.align }));
    y += h + 6;
    doc.moveTo(PAGE.left, y - 3).lineTo(PAGE.right, y - 3).strokeColor(RULE).lineWidth(0.5).stroke();
  }

  // Totals, right-aligned.
  y += 8;
  const totalRow = (label: string, value: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 9.5).fillColor(CHARCOAL);
    doc.text(label, PAGE.left + 230, y, { width: 160, align: 'right' });
    doc.text(value, PAGE.left + 393, y, { width: width - 401, align: 'right' });
    y += bold ? 18 : 15;
  };
  if (business.gstRegistered) {
    totalRow('Total (GST included)', formatDollars(invoice.totalCents), true);
    totalRow('GST included in total', formatDollars(invoice.gstCents));
  } else {
    totalRow('Total', formatDollars(invoice.totalCents), true);
  }
  totalRow('Amount due', invoice.isPaid || invoice.isCancelled ? formatDollars(0) : formatDollars(invoice.totalCents), true);
  doc.font('Helvetica').fontSize(9.5).fillColor(MUTED);
  doc.text(business.gstRegistered ? 'Total price includes GST.' : 'No GST has been charged.', PAGE.left + 230, y, { width: width - 238, align: 'right' });
  y = doc.y + 18;

  // Paid, or how to pay.
  doc.x = PAGE.left;
  if (invoice.isPaid) {
    const note = invoice.paymentNote ?? (invoice.paidDay ? `Paid on ${printedDay(invoice.paidDay)}.` : 'Paid in full.');
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#047857').text(`Paid: ${note} Thank you.`, PAGE.left, y, { width });
  } else if (!invoice.isCancelled) {
    doc.font('Helvetica-Bold').fontSize(10).fillColor(CHARCOAL).text('How to pay', PAGE.left, y, { width });
    doc.font('Helvetica').fontSize(9.5).fillColor(CHARCOAL);
    if (invoice.dueDate) doc.text(`Please pay ${formatDollars(invoice.totalCents)} by ${printedDay(invoice.dueDate)}, quoting ${invoice.invoiceNumber}.`, { width });
    if (business.bank) {
      doc.text(`Bank transfer: ${business.bank.accountName}, BSB ${business.bank.bsb}, account ${business.bank.accountNumber}, reference ${invoice.invoiceNumber}.`, { width });
    }
    if (business.payId) doc.text(`PayID: ${business.payId} (reference ${invoice.invoiceNumber}).`, { width });
    doc.text(`Card, EFTPOS or cash: pay the technician on site, or call ${business.phone}.`, { width });
  }

  // Footer on the first page.
  doc.switchToPage(0);
  doc.font('Helvetica').fontSize(8.5).fillColor(MUTED).text(`${business.name} · ABN ${business.abn} · ${business.phone} · ${business.email}`, PAGE.left, PAGE.bottom, { width, align: 'center', lineBreak: false });
  doc.end();
  return done;
}
