import type { AppDeps } from '../deps';
import type { InvoicePdfStore } from './pdf-store';

/** What invoice documents (PDFs, emails, credit notes, pay links) are made with. */
export type DocumentDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'outbox' | 'settings'> & { pdfs: InvoicePdfStore };
