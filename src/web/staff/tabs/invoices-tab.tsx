import type { PublicUser } from '../../../shared/schemas/auth';
import { InvoicesBoard } from '../invoices/invoices-board';

/** Invoices (admin only): src/web/staff/invoices. */
export function InvoicesTab(_props: { user: PublicUser }) {
  return <InvoicesBoard />;
}
