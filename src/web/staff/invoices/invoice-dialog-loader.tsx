import { dialogOnDemand, fetchAheadOfTap } from '../dialog-on-demand';

const invoiceDialog = dialogOnDemand(
  async () => (await import('./invoice-dialog')).InvoiceDialog,
  (props) => props.invoiceId !== null,
);

/** The invoice dialog (./invoice-dialog.tsx), its code loaded when an invoice is first opened. */
export const InvoiceDialogLoader = invoiceDialog.Dialog;
/** For an invoice's Edit: a finger coming down on it fetches the invoice dialog's code. */
export const invoiceDialogAheadOfTap = fetchAheadOfTap(invoiceDialog);
