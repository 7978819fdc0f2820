/**
 * PLACEHOLDER for a job's purchase invoices (supplier bills: add, edit, delete, paid toggled by its
 * badge; docs/product.md "Purchase invoices and expenses"). It belongs to the bookkeeping work and
 * renders nothing until then; the job detail already gives it its place.
 */
export function PurchaseInvoicesSection(_props: { jobId: string }) {
  return null;
}
