import PDFDocument from 'pdfkit';
import { formatDayLong } from '../../shared/domain/perth-time';
import type { DayRun, RunStop } from '../../shared/schemas/runs';
import { drawText, heightOf, registerFonts, type Weight } from '../invoices/pdf-fonts';

const CHARCOAL = '#1f2937';
const MUTED = '#4b5563';
const RULE = '#d1d5db';
const PAGE = { left: 40, right: 555, top: 40, bottom: 800 };
const WIDTH = PAGE.right - PAGE.left;
/** Room kept under each stop for the customer's signature and the technician's notes. */
const SIGN_SPACE = 44;

/** "2 x 205/55R16 Michelin", or nothing when the job names no tyres. */
export function tyresOf(stop: Pick<RunStop, 'tyreSize' | 'tyreQuantity' | 'tyreBrand'>): string {
  if (!stop.tyreSize && !stop.tyreBrand) return '';
  return [stop.tyreQuantity ? `${stop.tyreQuantity} x` : '', stop.tyreSize ?? '', stop.tyreBrand ?? '']
    .filter(Boolean)
    .join(' ');
}

const detailsOf = (stop: RunStop) =>
  [
    stop.fullAddress,
    `Phone ${stop.contactPhone}`,
    [stop.service, tyresOf(stop) ? `Tyres: ${tyresOf(stop)}` : ''].filter(Boolean).join(' · '),
    stop.notes ? `Notes: ${stop.notes}` : '',
  ].filter(Boolean);

/**
 * The printable run sheet (docs/product.md "Staff dashboard"; decision 315): an A4 list of the day's
 * stops in slot order, each with its window, address, phone, service, tyres and notes, and a ruled
 * space to sign or write in. Drawn in the invoices' Noto fonts, so any customer's name prints (decision 298).
 */
export function renderRunSheetPdf(run: DayRun, businessName: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    bufferPages: true,
    margins: { top: PAGE.top, bottom: 30, left: PAGE.left, right: 595.28 - PAGE.right },
    info: { Title: `Run sheet ${run.technician.username} ${run.date}`, Author: businessName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerFonts(doc, [JSON.stringify(run), businessName]);
  const text = (value: string, weight: Weight, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
    drawText(doc, value, weight, x, y, options);

  doc.fillColor(CHARCOAL).fontSize(18);
  text(`Run sheet: ${run.technician.username}`, 'bold', PAGE.left, PAGE.top, { width: WIDTH });
  doc.fontSize(10).fillColor(MUTED);
  const stopCount = `${run.jobs.length} ${run.jobs.length === 1 ? 'stop' : 'stops'}`;
  text(`${formatDayLong(run.date)} · ${stopCount} · ${businessName}`, 'regular', PAGE.left, doc.y + 2, {
    width: WIDTH,
  });
  let y = doc.y + 10;
  doc.moveTo(PAGE.left, y).lineTo(PAGE.right, y).strokeColor(RULE).lineWidth(1).stroke();
  y += 12;

  if (run.jobs.length === 0) {
    doc.fontSize(11).fillColor(CHARCOAL);
    text('No jobs on this day.', 'regular', PAGE.left, y, { width: WIDTH });
  }

  const bodyX = PAGE.left + 130;
  const bodyW = WIDTH - 130;
  run.jobs.forEach((stop, i) => {
    const lines = detailsOf(stop);
    doc.fontSize(10);
    const height = 36 + lines.reduce((h, l) => h + heightOf(doc, l, 'regular', bodyW) + 2, 0) + SIGN_SPACE;
    if (y + height > PAGE.bottom) {
      doc.addPage();
      y = PAGE.top;
    }
    doc.fontSize(12).fillColor(CHARCOAL);
    text(`${i + 1}. ${stop.window}`, 'bold', PAGE.left, y, { width: 125 });
    doc.fontSize(9.5).fillColor(MUTED);
    text(stop.jobNumber, 'regular', PAGE.left, doc.y + 1, { width: 125 });
    doc.fontSize(12).fillColor(CHARCOAL);
    text(stop.contactName, 'bold', bodyX, y, { width: bodyW });
    doc.fontSize(10);
    let lineY = doc.y + 2;
    for (const line of lines) {
      text(line, 'regular', bodyX, lineY, { width: bodyW });
      lineY = doc.y + 2;
    }
    lineY += 22;
    // The line to sign on, or to note what was found and done.
    doc.moveTo(bodyX, lineY).lineTo(PAGE.right, lineY).strokeColor(CHARCOAL).lineWidth(0.7).stroke();
    doc.fontSize(8).fillColor(MUTED);
    text('Signature / notes', 'regular', bodyX, lineY + 3, { width: bodyW });
    y = doc.y + 10;
    doc.moveTo(PAGE.left, y).lineTo(PAGE.right, y).strokeColor(RULE).lineWidth(0.5).stroke();
    y += 10;
  });

  doc.end();
  return done;
}
