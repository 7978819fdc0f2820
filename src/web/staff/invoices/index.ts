/**
 * What other staff features may use of invoices (decision 275): the job detail's invoice panel
 * shows a job's invoice with these. Everything else in this folder is the invoices feature's own.
 */
export { invoiceEmailBody, money, shortDay } from './invoice-format';
export { InvoiceStatusBadge } from './invoice-status-badge';
export {
  useDownloadPdf,
  useEmailInvoice,
  useGenerateInvoice,
  usePdfMadeAhead,
  useViewPdf,
} from './use-invoice-actions';
