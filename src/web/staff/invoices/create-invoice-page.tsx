import { ComingSoon } from '../tabs/coming-soon';

/** /dashboard/invoices/new?jobId= (docs/product.md "Customer invoices"): a placeholder until billing is built. */
export default function CreateInvoicePage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <ComingSoon />
    </div>
  );
}
