import { downloadFile } from '../../lib/download';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CustomerInvoiceStatus } from '../../../shared/domain/job-status';
import type { CreditNoteRequest, InvoiceLineInput, UpdateInvoiceRequest } from '../../../shared/schemas/invoices';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { invoiceAlreadyEmailedToast, invoiceEmailToast } from '../../lib/email-wording';
import { perthDateTime } from '../../../shared/domain/perth-time';
import { useApiMutation, useRefreshAfterWrite } from '../../lib/refresh';
import { useEmailDelivery } from '../../lib/use-browser-state';

/**
 * The writes on invoices with the toasts staff see (docs/product.md "Messages the UI shows"). What
 * each reads again afterwards is what its contract says it affects (an invoice moves its job to
 * invoiced or paid, and changes the reports).
 */

type InvoiceRef = { id: string; invoiceNumber: string };

/** Invoices generated in this page whose PDF is not asked for yet (see `usePdfMadeAhead`). */
const justGenerated = new Set<string>();

/**
 * Once a just-generated invoice is on screen, its PDF is made while the owner reads it, so View PDF
 * and Email Invoice find it ready (decision 378). Not sooner: the invoice itself shows first. The
 * server makes one version however many ask at once (the invoice row is locked).
 */
export function usePdfMadeAhead(invoiceId: string | undefined) {
  useEffect(() => {
    if (!invoiceId || !justGenerated.delete(invoiceId)) return;
    void api.invoices.makePdf({ params: { id: invoiceId } }).catch(() => undefined);
  }, [invoiceId]);
}

export function useGenerateInvoice() {
  return useApiMutation(api.invoices.generate, {
    input: (job: { id: string; jobNumber: string }) => ({ params: { jobId: job.id } }),
    onSuccess: ({ customerInvoice }) => {
      justGenerated.add(customerInvoice.id);
      toast({
        title: 'Invoice Created',
        description: `${customerInvoice.invoiceNumber} for ${customerInvoice.job.jobNumber}: ${customerInvoice.totalAmount === '0.00' ? '$0.00' : `$${customerInvoice.totalAmount}`}.`,
      });
    },
    onError: (err) =>
      toast({
        title: 'Invoice Generation Failed',
        description: errorMessage(err, 'Failed to generate the invoice.'),
        variant: 'destructive',
      }),
  });
}

/** Makes the PDF as the invoice is now (a new version only if it changed), then downloads it. */
export function useDownloadPdf() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: async (invoice: InvoiceRef) => {
      let made;
      try {
        made = await api.invoices.makePdf({ params: { id: invoice.id } });
      } catch (err) {
        toast({
          title: 'PDF Generation Failed',
          description: errorMessage(err, 'Failed to generate the PDF. Please try again.'),
          variant: 'destructive',
        });
        throw err;
      }
      try {
        downloadFile(
          api.invoices.pdfFile.url({
            params: { id: invoice.id, version: String(made.version) },
            query: { download: '1' },
          }),
        );
      } catch (err) {
        toast({
          title: 'Download Failed',
          description: 'Failed to download PDF. Please try again.',
          variant: 'destructive',
        });
        throw err;
      }
      return made;
    },
    onSuccess: (_made, invoice) => refresh(api.invoices.makePdf, { params: { id: invoice.id } }),
  });
}

/**
 * 'View PDF': makes the PDF as the invoice is now, like the download, and shows it in a new tab as
 * the browser's own viewer draws it (served inline), so staff read it without a file to open
 * (decision 352). The tab is opened at the tap itself, before the PDF is made, so a phone's popup
 * blocker lets it through; without a tab the PDF opens in this one.
 */
export function useViewPdf() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: async ({ invoice, tab }: { invoice: InvoiceRef; tab: Window | null }) => {
      try {
        const made = await api.invoices.makePdf({ params: { id: invoice.id } });
        const url = api.invoices.pdfFile.url({ params: { id: invoice.id, version: String(made.version) } });
        if (tab) tab.location.href = url;
        else window.location.assign(url);
        return made;
      } catch (err) {
        tab?.close();
        toast({
          title: 'PDF Generation Failed',
          description: errorMessage(err, 'Failed to generate the PDF. Please try again.'),
          variant: 'destructive',
        });
        throw err;
      }
    },
    onSuccess: (_made, { invoice }) => refresh(api.invoices.makePdf, { params: { id: invoice.id } }),
  });
}

/** 'Email Invoice': the toast says it was emailed only when a mail server is set (decision 241). */
export function useEmailInvoice() {
  const delivery = useEmailDelivery();
  return useApiMutation(api.invoices.email, {
    input: (invoice: InvoiceRef) => ({ params: { id: invoice.id } }),
    onSuccess: (res) => {
      // A repeat within a few minutes sends nothing: the toast says what already went (decision 296).
      if (res.alreadySent) {
        toast(
          invoiceAlreadyEmailedToast(delivery, {
            number: `${res.customerInvoice.invoiceNumber} (PDF version ${res.version})`,
            to: res.to,
            at: perthDateTime(res.sentAt),
          }),
        );
        return;
      }
      toast(
        invoiceEmailToast(delivery, {
          invoiceNumber: res.customerInvoice.invoiceNumber,
          version: res.version,
          to: res.to,
        }),
      );
    },
    onError: (err) =>
      toast({
        title: 'Invoice Email Failed',
        description: errorMessage(err, 'Failed to email the invoice.'),
        variant: 'destructive',
      }),
  });
}

export function useUpdateInvoice(onDone?: () => void) {
  return useApiMutation(api.invoices.update, {
    input: ({ invoice, body }: { invoice: InvoiceRef; body: UpdateInvoiceRequest }) => ({
      params: { id: invoice.id },
      body,
    }),
    onSuccess: (res) => {
      toast({ title: 'Invoice Updated', description: res.message });
      onDone?.();
    },
    onError: (err) =>
      toast({
        title: 'Save Failed',
        description: errorMessage(err, 'Failed to save the invoice.'),
        variant: 'destructive',
      }),
  });
}

export function useDeleteInvoice(onDone?: () => void) {
  const refresh = useRefreshAfterWrite();
  return useApiMutation(api.invoices.remove, {
    input: (invoice: InvoiceRef) => ({ params: { id: invoice.id } }),
    onSuccess: async (res) => {
      toast({ title: res.outcome === 'voided' ? 'Invoice Voided' : 'Invoice Deleted', description: res.message });
      // A voided invoice is still there, changed: its own reads are refreshed like after a status change (decision 295).
      if (res.customerInvoice) await refresh(api.invoices.update, { params: { id: res.customerInvoice.id }, body: {} });
      onDone?.();
    },
    onError: (err) =>
      toast({
        title: 'Delete Failed',
        description: errorMessage(err, 'Failed to delete the invoice.'),
        variant: 'destructive',
      }),
  });
}

export function useBulkStatus(onDone?: () => void) {
  return useApiMutation(api.invoices.bulkStatus, {
    input: ({ ids, status }: { ids: string[]; status: CustomerInvoiceStatus }) => ({ body: { ids, status } }),
    onSuccess: (res) => {
      if (res.failed.length) {
        toast({
          title: 'Bulk Update Failed',
          description: `Some may have been updated: ${res.updated.length} updated, ${res.failed.length} not (${res.failed[0]!.message}).`,
          variant: 'destructive',
        });
      } else {
        toast({
          title: 'Invoices Updated',
          description: `${res.updated.length} invoice${res.updated.length === 1 ? '' : 's'} updated.`,
        });
      }
      onDone?.();
    },
    onError: (err) =>
      toast({
        title: 'Bulk Update Failed',
        description: errorMessage(err, 'Some may have been updated'),
        variant: 'destructive',
      }),
    // Some may have been updated before the failure.
    refreshOnError: true,
  });
}

/** Line writes on a saved invoice; totals come back recomputed by the server. */
export function useLineItemWrites(invoice: InvoiceRef) {
  const onError = (err: unknown) =>
    toast({
      title: 'Save Failed',
      description: errorMessage(err, 'Failed to save the line item.'),
      variant: 'destructive',
    });
  const add = useApiMutation(api.invoices.addItem, {
    input: (line: InvoiceLineInput) => ({ params: { id: invoice.id }, body: line }),
    onError,
  });
  const update = useApiMutation(api.invoices.updateItem, {
    input: ({ itemId, line }: { itemId: string; line: InvoiceLineInput }) => ({
      params: { id: invoice.id, itemId },
      body: line,
    }),
    onError,
  });
  const remove = useApiMutation(api.invoices.removeItem, {
    input: (itemId: string) => ({ params: { id: invoice.id, itemId } }),
    onError,
  });
  return { add, update, remove };
}

/** A credit note's 'Email': sent once within a few minutes, like an invoice (decisions 296, 297). */
export function useEmailCreditNote(invoice: InvoiceRef) {
  const delivery = useEmailDelivery();
  return useApiMutation(api.invoices.emailCreditNote, {
    input: (noteId: string) => ({ params: { id: invoice.id, noteId } }),
    onSuccess: (res) =>
      toast(
        res.alreadySent
          ? invoiceAlreadyEmailedToast(delivery, { number: res.number, to: res.to, at: perthDateTime(res.sentAt) })
          : { title: 'Credit Note Emailed', description: `${res.number} is queued for ${res.to}.` },
      ),
    onError: (err) =>
      toast({
        title: 'Credit Note Email Failed',
        description: errorMessage(err, 'Failed to email the credit note.'),
        variant: 'destructive',
      }),
  });
}

/** 'Add Credit Note' (decision 297): the toast names the note's number and amount. */
export function useAddCreditNote(invoice: InvoiceRef, onDone?: () => void) {
  return useApiMutation(api.invoices.addCreditNote, {
    input: (body: CreditNoteRequest) => ({ params: { id: invoice.id }, body }),
    onSuccess: (note) => {
      toast({
        title: 'Credit Note Issued',
        description: `${note.number}: $${note.amount} credited on ${note.invoiceNumber}.`,
      });
      onDone?.();
    },
    onError: (err) =>
      toast({
        title: 'Credit Note Failed',
        description: errorMessage(err, 'Failed to issue the credit note.'),
        variant: 'destructive',
      }),
  });
}
