import type { Config } from '../config';
import { createLocalInvoicePdfStore, INVOICE_PDF_NAMES, type InvoicePdfStore } from '../invoices/pdf-store';
import { createLocalPhotoStorage, PHOTO_NAMES, type PhotoStorage } from './storage';
import { createS3Client, createS3FileStore } from './storage-s3';

/** Every kind of stored file, on the backend FILE_STORAGE chose (decision 220). */
export type FileStorage = {
  photos: PhotoStorage;
  pdfs: InvoicePdfStore;
  /** Releases the backend's connections (the S3 client's sockets). */
  close(): void;
};

export function createFileStorage(config: Pick<Config, 'dataDir' | 'fileStorage'>): FileStorage {
  const settings = config.fileStorage;
  if (settings.kind === 'local') {
    return {
      photos: createLocalPhotoStorage(config.dataDir),
      pdfs: createLocalInvoicePdfStore(config.dataDir),
      close: () => undefined,
    };
  }
  const client = createS3Client(settings);
  return {
    photos: createS3FileStore(client, {
      bucket: settings.bucket,
      prefix: settings.prefix,
      folder: 'photos',
      names: PHOTO_NAMES,
    }),
    pdfs: createS3FileStore(client, {
      bucket: settings.bucket,
      prefix: settings.prefix,
      folder: 'invoices',
      names: INVOICE_PDF_NAMES,
      neverOverwrite: true,
    }),
    close: () => client.destroy(),
  };
}

/** Where the files are, for the start-up log, e.g. "S3 bucket tyres at http://127.0.0.1:4568". */
export function describeFileStorage(config: Pick<Config, 'dataDir' | 'fileStorage'>): string {
  const s = config.fileStorage;
  if (s.kind === 'local') return `Files: photos and invoice PDFs on local disk under ${config.dataDir}`;
  const local = s.endpoint && ['localhost', '127.0.0.1', '[::1]'].includes(new URL(s.endpoint).hostname);
  const where = s.endpoint
    ? `at ${s.endpoint}${local ? ' (a server on this machine: a local stand-in such as s3rver is not real S3)' : ''}`
    : `in ${s.region}`;
  return `Files: photos and invoice PDFs in S3 bucket ${s.bucket}${s.prefix ? ` under ${s.prefix}` : ''} ${where}`;
}
