import type { JobDetail } from '../../../shared/schemas/jobs';

/**
 * PLACEHOLDER for the customer-invoice actions of a job: 'Generate Invoice' for a completed job
 * (creates the invoice, then the job moves to invoiced), the invoice's PDF, and the invoice
 * details for the email link (docs/product.md "Customer invoices"). It belongs to the invoices
 * work and renders nothing until then; the job detail already gives it its place.
 */
export function InvoiceActions(_props: { job: JobDetail }) {
  return null;
}
