import { deleteActionOf } from '../../../shared/domain/invoices';
import type { InvoiceListItem } from '../../../shared/schemas/invoices';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

/** Delete a draft, or void an issued invoice: the customer holds a copy, so it is kept and marked VOID (decision 295). */
export function RemoveInvoiceConfirm({
  invoice,
  onClose,
  onConfirm,
  isPending,
}: {
  invoice: Pick<InvoiceListItem, 'id' | 'invoiceNumber' | 'status' | 'voidedAt'> | null;
  onClose: () => void;
  onConfirm: (invoice: Pick<InvoiceListItem, 'id' | 'invoiceNumber'>) => void;
  isPending: boolean;
}) {
  const voids = invoice !== null && deleteActionOf(invoice) === 'void';
  return (
    <ConfirmDialog
      open={invoice !== null}
      onOpenChange={(o) => !o && onClose()}
      title={voids ? 'Void invoice?' : 'Delete invoice?'}
      message={
        voids
          ? `Invoice ${invoice.invoiceNumber} has been issued, so it is kept with its PDFs and marked VOID, and its job can be invoiced again. This cannot be undone.`
          : `Are you sure you want to delete invoice ${invoice?.invoiceNumber ?? ''}? This action cannot be undone.`
      }
      confirmLabel={voids ? 'Void Invoice' : 'Delete'}
      pendingLabel={voids ? 'Voiding...' : 'Deleting...'}
      isPending={isPending}
      onConfirm={() => invoice && onConfirm(invoice)}
    />
  );
}
