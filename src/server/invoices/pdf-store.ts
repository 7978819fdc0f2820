import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Invoice PDFs on local disk under DATA_DIR/invoices, apart from the photos. A file is written once
 * under a name the server chose and never overwritten (decision 200): a sent invoice stays as sent.
 */
export type InvoicePdfStore = {
  save(name: string, data: Buffer): Promise<void>;
  read(name: string): Promise<Buffer>;
  remove(name: string): Promise<void>;
};

const SAFE_NAME = /^INV-\d{6,}-v\d+-[a-f0-9]{8}\.pdf$/;

export function invoicePdfName(invoiceNumber: string, version: number): string {
  return `${invoiceNumber}-v${version}-${randomBytes(4).toString('hex')}.pdf`;
}

function assertSafeName(name: string): void {
  if (!SAFE_NAME.test(name)) throw new Error(`Refusing unsafe invoice file name: ${name}`);
}

export function createLocalInvoicePdfStore(dataDir: string): InvoicePdfStore {
  const dir = path.join(dataDir, 'invoices');
  return {
    async save(name, data) {
      assertSafeName(name);
      await fs.mkdir(dir, { recursive: true });
      const tmp = path.join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
      try {
        await fs.writeFile(tmp, data, { flag: 'wx' });
        // link (not rename) refuses to replace an existing file: a version is never overwritten.
        await fs.link(tmp, path.join(dir, name));
      } finally {
        await fs.rm(tmp, { force: true });
      }
    },
    async read(name) {
      assertSafeName(name);
      return fs.readFile(path.join(dir, name));
    },
    async remove(name) {
      assertSafeName(name);
      await fs.rm(path.join(dir, name), { force: true });
    },
  };
}
