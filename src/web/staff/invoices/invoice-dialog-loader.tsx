import { Dialog } from '../../components/ui/dialog';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { dialogOnDemand } from '../dialog-on-demand';

/** The invoice dialog (./invoice-dialog.tsx), its code loaded when an invoice is first opened or a finger comes down on the list. */
export const { Dialog: InvoiceDialogLoader, preload: preloadInvoiceDialog } = dialogOnDemand(
  async () => (await import('./invoice-dialog')).InvoiceDialog,
  (props) => props.invoiceId !== null,
  (props) => (
    <Dialog open={props.invoiceId !== null} onOpenChange={(o) => !o && props.onClose()} title="Invoice" className="sm:max-w-3xl!">
      <SkeletonGroup label="Loading invoice..." className="space-y-3">
        <Skeleton className="h-10 w-48" />
        <Skeleton className="h-32" />
        <Skeleton className="h-40" />
      </SkeletonGroup>
    </Dialog>
  ),
);
