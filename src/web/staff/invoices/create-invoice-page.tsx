import { ComingSoon } from '../tabs/coming-soon';

/** /dashboard/invoices/new?jobId= (SPEC section 2 "Create Invoice screen"): placeholder until its issue lands. */
export default function CreateInvoicePage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <ComingSoon />
    </div>
  );
}
