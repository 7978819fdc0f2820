import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerInvoiceStatus } from '../../../shared/domain/job-status';
import type { InvoiceLineInput, UpdateInvoiceRequest } from '../../../shared/schemas/invoices';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { invoiceEmailToast } from '../../lib/email-wording';
import { useEmailDelivery } from '../jobs/use-browser-state';

/**
 * The writes on invoices with the toasts staff see (docs/product.md "Messages the UI shows"). After
 * any of them the invoice lists and details are read again, and so are the jobs (an invoice moves
 * its job to invoiced or paid).
 */
export function useRefreshInvoices() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: api.invoices.list.prefix }),
      client.invalidateQueries({ queryKey: api.jobs.get.prefix }),
    ]);
}

type InvoiceRef = { id: string; invoiceNumber: string };

/** Starts a download of a PDF version in the browser (an attachment, so the page stays). */
export function downloadFile(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export function useGenerateInvoice() {
  const refresh = useRefreshInvoices();
  return useMutation({
    mutationFn: (job: { id: string; jobNumber: string }) => api.invoices.generate({ params: { jobId: job.id } }),
    onSuccess: ({ customerInvoice }) => {
      toast({ title: 'Invoice Created', description: `${customerInvoice.invoiceNumber} for ${customerInvoice.job.jobNumber}: ${customerInvoice.totalAmount === '0.00' ? '$0.00' : `$${customerInvoice.totalAmount}`}.` });
      return refresh();
    },
    onError: (err) => toast({ title: 'Invoice Generation Failed', description: errorMessage(err, 'Failed to generate the invoice.'), variant: 'destructive' }),
  });
}

/** Makes the PDF as the invoice is now (a new version only if it changed), then downloads it. */
export function useDownloadPdf() {
  const refresh = useRefreshInvoices();
  return useMutation({
    mutationFn: async (invoice: InvoiceRef) => {
      let made;
      try {
        made = await api.invoices.makePdf({ params: { id: invoice.id } });
      } catch (err) {
        toast({ title: 'PDF Generation Failed', description: errorMessage(err, 'Failed to generate the PDF. Please try again.'), variant: 'destructive' });
        throw err;
      }
      try {
        downloadFile(`${made.downloadUrl}?download=1`);
      } catch (err) {
        toast({ title: 'Download Failed', description: 'Failed to download PDF. Please try again.', variant: 'destructive' });
        throw err;
      }
      return made;
    },
    onSuccess: () => refresh(),
  });
}

/** 'Email Invoice': the toast says it was emailed only when a mail server is set (decision 241). */
export function useEmailInvoice() {
  const refresh = useRefreshInvoices();
  const delivery = useEmailDelivery();
  return useMutation({
    mutationFn: (invoice: InvoiceRef) => api.invoices.email({ params: { id: invoice.id } }),
    onSuccess: (res) => {
      toast(invoiceEmailToast(delivery, { invoiceNumber: res.customerInvoice.invoiceNumber, version: res.version, to: res.to }));
      return refresh();
    },
    onError: (err) => toast({ title: 'Invoice Email Failed', description: errorMessage(err, 'Failed to email the invoice.'), variant: 'destructive' }),
  });
}

export function useUpdateInvoice(onDone?: () => void) {
  const refresh = useRefreshInvoices();
  return useMutation({
    mutationFn: ({ invoice, body }: { invoice: InvoiceRef; body: UpdateInvoiceRequest }) => api.invoices.update({ params: { id: invoice.id }, body }),
    onSuccess: (res) => {
      toast({ title: 'Invoice Updated', description: res.message });
      onDone?.();
      return refresh();
    },
    onError: (err) => toast({ title: 'Save Failed', description: errorMessage(err, 'Failed to save the invoice.'), variant: 'destructive' }),
  });
}

export function useDeleteInvoice(onDone?: () => void) {
  const refresh = useRefreshInvoices();
  return useMutation({
    mutationFn: (invoice: InvoiceRef) => api.invoices.remove({ params: { id: invoice.id } }),
    onSuccess: (_v, invoice) => {
      toast({ title: 'Invoice Deleted', description: `${invoice.invoiceNumber} has been deleted.` });
      onDone?.();
      return refresh();
    },
    onError: (err) => toast({ title: 'Delete Failed', description: errorMessage(err, 'Failed to delete the invoice.'), variant: 'destructive' }),
  });
}

export function useBulkStatus(onDone?: () => void) {
  const refresh = useRefreshInvoices();
  return useMutation({
    mutationFn: ({ ids, status }: { ids: string[]; status: CustomerInvoiceStatus }) => api.invoices.bulkStatus({ body: { ids, status } }),
    onSuccess: (res) => {
      if (res.failed.length) {
        toast({ title: 'Bulk Update Failed', description: `Some may have been updated: ${res.updated.length} updated, ${res.failed.length} not (${res.failed[0]!.message}).`, variant: 'destructive' });
      } else {
        toast({ title: 'Invoices Updated', description: `${res.updated.length} invoice${res.updated.length === 1 ? '' : 's'} updated.` });
      }
      onDone?.();
      return refresh();
    },
    onError: (err) => {
      toast({ title: 'Bulk Update Failed', description: errorMessage(err, 'Some may have been updated'), variant: 'destructive' });
      return refresh();
    },
  });
}

/** Line writes on a saved invoice; totals come back recomputed by the server. */
export function useLineItemWrites(invoice: InvoiceRef) {
  const refresh = useRefreshInvoices();
  const onError = (err: unknown) => toast({ title: 'Save Failed', description: errorMessage(err, 'Failed to save the line item.'), variant: 'destructive' });
  const add = useMutation({ mutationFn: (line: InvoiceLineInput) => api.invoices.addItem({ params: { id: invoice.id }, body: line }), onSuccess: () => refresh(), onError });
  const update = useMutation({ mutationFn: ({ itemId, line }: { itemId: string; line: InvoiceLineInput }) => api.invoices.updateItem({ params: { id: invoice.id, itemId }, body: line }), onSuccess: () => refresh(), onError });
  const remove = useMutation({ mutationFn: (itemId: string) => api.invoices.removeItem({ params: { id: invoice.id, itemId } }), onSuccess: () => refresh(), onError });
  return { add, update, remove };
}
