import { dialogOnDemand } from '../dialog-on-demand';

/** The invoice dialog (./invoice-dialog.tsx), its code loaded when an invoice is first opened or a finger comes down on the list. */
export const { Dialog: InvoiceDialogLoader, preload: preloadInvoiceDialog } = dialogOnDemand(
  async () => (await import('./invoice-dialog')).InvoiceDialog,
  (props) => props.invoiceId !== null,
);
