import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  assertSafeName,
  listLocalFiles,
  placeLocalFile,
  readLocalFile,
  StoredFileExistsError,
  type FileNames,
  type FileStore,
} from '../adapters/storage';

/**
 * Invoice PDFs, apart from the photos. A file is written once under a name the server chose and
 * never overwritten (decision 200): a sent invoice stays as sent. A second save under a taken name
 * throws StoredFileExistsError, on local disk and in S3 alike (decision 220).
 */
export type InvoicePdfStore = FileStore;

export const INVOICE_PDF_NAMES: FileNames = {
  label: 'invoice',
  // Credit notes (CN-0001) are kept beside the invoices they credit (decision 297).
  safe: /^(INV-\d{6,}|CN-\d{4,})-v\d+-[a-f0-9]{8}\.pdf$/,
  temporary: /^\.(INV-\d{6,}|CN-\d{4,})-v\d+-[a-f0-9]{8}\.pdf\.[a-f0-9]{8}\.tmp$/,
};

export function invoicePdfName(invoiceNumber: string, version: number): string {
  return `${invoiceNumber}-v${version}-${randomBytes(4).toString('hex')}.pdf`;
}

/** Local disk under DATA_DIR/invoices; like a photo, a PDF is flushed to disk before its row is written (decision 194). */
export function createLocalInvoicePdfStore(dataDir: string): InvoicePdfStore {
  const dir = path.join(dataDir, 'invoices');
  return {
    async save(name, data) {
      assertSafeName(INVOICE_PDF_NAMES, name);
      // link (not rename) refuses to replace an existing file: a version is never overwritten.
      await placeLocalFile(dir, name, data, (tmp, final) =>
        fs.link(tmp, final).catch((err: NodeJS.ErrnoException) => {
          throw err.code === 'EEXIST' ? new StoredFileExistsError(name) : err;
        }),
      );
    },
    async read(name) {
      assertSafeName(INVOICE_PDF_NAMES, name);
      return readLocalFile(dir, name);
    },
    async remove(name) {
      assertSafeName(INVOICE_PDF_NAMES, name, { temporaryToo: true });
      await fs.rm(path.join(dir, name), { force: true });
    },
    list: () => listLocalFiles(dir, INVOICE_PDF_NAMES),
  };
}
