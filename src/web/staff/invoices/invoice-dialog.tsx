import { useQuery } from '@tanstack/react-query';
import { Ban, Download, Eye, FileText, Lock, Mail } from 'lucide-react';
import { useState } from 'react';
import { CUSTOMER_INVOICE_STATUSES, type CustomerInvoiceStatus } from '../../../shared/domain/job-status';
import { deleteActionOf } from '../../../shared/domain/invoices';
import { ISSUED_INVOICE_STATUSES, type InvoiceDetail } from '../../../shared/schemas/invoices';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/field';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { api, errorMessage } from '../../lib/api';
import { pdfEmailedNote } from '../../lib/email-wording';
import { perthDateTime } from '../../../shared/domain/perth-time';
import { useEmailDelivery } from '../../lib/use-browser-state';
import { PaymentMethodForm } from '../jobs';
import { CreditNotesPanel } from './credit-notes-panel';
import { describeInvoiceEvent, INVOICE_STATUS_LABELS, money, shortDay } from './invoice-format';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { LineItemsEditor } from './line-items-editor';
import { RemoveInvoiceConfirm } from './remove-invoice-confirm';
import {
  useDeleteInvoice,
  useDownloadPdf,
  useEmailInvoice,
  useLineItemWrites,
  useUpdateInvoice,
  useViewPdf,
} from './use-invoice-actions';

/** One invoice: edit status and dates, its lines, PDF versions (every one kept) and history (docs/product.md "Customer invoices"). */
export function InvoiceDialog({ invoiceId, onClose }: { invoiceId: string | null; onClose: () => void }) {
  const invoice = useQuery({
    ...api.invoices.get.query({ params: { id: invoiceId ?? '-' } }),
    enabled: invoiceId !== null,
    staleTime: 0,
  });
  const title = invoice.data ? `Invoice ${invoice.data.invoiceNumber}` : 'Invoice';
  return (
    <Dialog open={invoiceId !== null} onOpenChange={(o) => !o && onClose()} title={title} className="sm:max-w-3xl!">
      {invoice.isPending ? (
        <SkeletonGroup label="Loading invoice..." className="space-y-3">
          <Skeleton className="h-10 w-48" />
          <Skeleton className="h-32" />
          <Skeleton className="h-40" />
        </SkeletonGroup>
      ) : invoice.isError ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          {errorMessage(invoice.error, 'Error loading the invoice.')}
        </p>
      ) : (
        <InvoiceEditor key={`${invoice.data.id}|${invoice.data.updatedAt}`} invoice={invoice.data} />
      )}
    </Dialog>
  );
}

function InvoiceEditor({ invoice }: { invoice: InvoiceDetail }) {
  const [status, setStatus] = useState<CustomerInvoiceStatus>(invoice.status);
  const [invoiceDate, setInvoiceDate] = useState(invoice.invoiceDate);
  const [dueDate, setDueDate] = useState(invoice.dueDate ?? '');
  const [reason, setReason] = useState('');
  const [voiding, setVoiding] = useState(false);
  const voidInvoice = useDeleteInvoice(() => setVoiding(false));
  // Issued or void: lines, amounts and dates are fixed; only the status moves (decision 294).
  const locked = invoice.status !== 'draft';
  const issued = (ISSUED_INVOICE_STATUSES as readonly string[]).includes(invoice.status);
  const needsReason = invoice.status === 'paid' && status !== 'paid' && status !== 'cancelled';
  // Marking paid asks how the customer paid, with the job's payment form (decision 349).
  const markingPaid = status === 'paid' && invoice.status !== 'paid' && invoice.status !== 'cancelled';
  // An issued invoice is voided only by its Void button, which asks first (decision 295).
  const statusChoices = CUSTOMER_INVOICE_STATUSES.filter((s) => !(issued && (s === 'draft' || s === 'cancelled')));
  const update = useUpdateInvoice();
  const writes = useLineItemWrites(invoice);
  const download = useDownloadPdf();
  const view = useViewPdf();
  const email = useEmailInvoice();
  const delivery = useEmailDelivery();
  const isDirty =
    status !== invoice.status || invoiceDate !== invoice.invoiceDate || dueDate !== (invoice.dueDate ?? '');
  const lineSaving = writes.add.isPending || writes.update.isPending || writes.remove.isPending;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-2">
        <InvoiceStatusBadge status={invoice.shownStatus} />
        <span className="text-gray-800">
          {invoice.job.jobNumber} · {invoice.job.customer.name}
        </span>
        <span className="ml-auto text-2xl font-bold tabular-nums">{money(invoice.totalAmount)}</span>
      </div>
      {invoice.paymentNote ? (
        <p className="rounded-lg bg-emerald-50 p-3 text-emerald-900">{invoice.paymentNote}</p>
      ) : null}
      {locked ? (
        <p
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
          data-testid="invoice-lock"
        >
          <Lock aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          {invoice.status === 'cancelled'
            ? 'This invoice is void: it is kept as it was. Generate a new invoice for the job if one is needed.'
            : 'Issued: its lines, amounts and dates are fixed. Void this invoice or add a credit note to change what the customer owes.'}
        </p>
      ) : null}

      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <Button
          variant="outline"
          disabled={view.isPending}
          onClick={() => view.mutate({ invoice, tab: window.open('', '_blank') })}
        >
          <Eye aria-hidden className="h-4 w-4" />
          {view.isPending ? 'Opening...' : 'View PDF'}
        </Button>
        <Button variant="outline" disabled={download.isPending} onClick={() => download.mutate(invoice)}>
          <Download aria-hidden className="h-4 w-4" />
          {download.isPending ? 'Preparing...' : 'Download PDF'}
        </Button>
        <Button
          variant="outline"
          disabled={email.isPending || invoice.status === 'cancelled'}
          onClick={() => email.mutate(invoice)}
        >
          <Mail aria-hidden className="h-4 w-4" />
          {email.isPending ? 'Sending...' : 'Email Invoice'}
        </Button>
        {deleteActionOf(invoice) === 'void' ? (
          <Button
            variant="outline"
            className="text-red-800"
            disabled={voidInvoice.isPending}
            onClick={() => setVoiding(true)}
          >
            <Ban aria-hidden className="h-4 w-4" />
            Void Invoice
          </Button>
        ) : null}
      </div>

      <RemoveInvoiceConfirm
        invoice={voiding ? invoice : null}
        onClose={() => setVoiding(false)}
        isPending={voidInvoice.isPending}
        onConfirm={(inv) => voidInvoice.mutate(inv)}
      />

      <form
        aria-label="Invoice details"
        className="grid gap-3 sm:grid-cols-3"
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate({
            invoice,
            body: locked
              ? { status, ...(needsReason ? { reason } : {}) }
              : { status, invoiceDate, dueDate: dueDate || null },
          });
        }}
      >
        <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as CustomerInvoiceStatus)}>
          {statusChoices.map((s) => (
            <option key={s} value={s}>
              {INVOICE_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Invoice date"
          type="date"
          value={invoiceDate}
          disabled={locked}
          onChange={(e) => setInvoiceDate(e.target.value)}
        />
        <TextField
          label="Due date"
          type="date"
          value={dueDate}
          disabled={locked}
          onChange={(e) => setDueDate(e.target.value)}
        />
        {needsReason ? (
          <div className="sm:col-span-3">
            <TextField
              label="Reason for marking unpaid"
              value={reason}
              maxLength={200}
              required
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
        ) : null}
        {markingPaid ? null : (
          <div className="sm:col-span-3 sm:text-right">
            <Button
              type="submit"
              disabled={!isDirty || update.isPending || (needsReason && !reason.trim())}
              className="w-full sm:w-auto"
            >
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        )}
      </form>
      {markingPaid ? (
        <PaymentMethodForm
          job={invoice.job}
          defaultAmount={invoice.owedAmount}
          owed={invoice.owedAmount}
          invoiceSent={invoice.sentAt !== null}
          submitLabel="Mark as Paid"
          onDone={() => setStatus(invoice.status)}
        />
      ) : null}

      <LineItemsEditor
        lines={invoice.items}
        isSaving={lineSaving}
        disabled={locked}
        onSave={(line, index) => {
          const item = index === null ? undefined : invoice.items[index];
          return item ? writes.update.mutateAsync({ itemId: item.id, line }) : writes.add.mutateAsync(line);
        }}
        onDelete={(index) => {
          const item = invoice.items[index];
          return item ? writes.remove.mutateAsync(item.id) : undefined;
        }}
      />
      <dl className="ml-auto grid max-w-xs grid-cols-2 gap-1 text-right tabular-nums">
        <dt className="text-gray-700">Total (inc GST)</dt>
        <dd className="font-bold">{money(invoice.totalAmount)}</dd>
        <dt className="text-gray-700">GST tracked (1/11)</dt>
        <dd>{money(invoice.gstAmount)}</dd>
        <dt className="text-gray-700">Due</dt>
        <dd>{invoice.dueDate ? shortDay(invoice.dueDate) : 'On receipt'}</dd>
        {/* What was paid and is still owed: a part payment moves the balance, never the lines (decision 406). */}
        <dt className="text-gray-700">Paid</dt>
        <dd data-testid="invoice-paid">{money(invoice.paidAmount)}</dd>
        {invoice.writtenOffAmount !== '0.00' ? (
          <>
            <dt className="text-gray-700">Written off</dt>
            <dd>{money(invoice.writtenOffAmount)}</dd>
          </>
        ) : null}
        <dt className="font-bold">Owed</dt>
        <dd className="font-bold" data-testid="invoice-owed">
          {money(invoice.owedAmount)}
        </dd>
      </dl>

      <CreditNotesPanel invoice={invoice} />

      <section aria-labelledby="pdf-versions-heading" className="space-y-2">
        <h3 id="pdf-versions-heading" className="text-lg font-bold">
          PDF versions
        </h3>
        {invoice.pdfs.length === 0 ? (
          <p className="text-gray-700">No PDF made yet.</p>
        ) : (
          <ul className="space-y-1">
            {invoice.pdfs.map((p) => (
              <li key={p.version}>
                <a
                  href={api.invoices.pdfFile.url({ params: { id: invoice.id, version: String(p.version) } })}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center gap-2 underline"
                >
                  <FileText aria-hidden className="h-4 w-4" />
                  Version {p.version}, {perthDateTime(p.createdAt)}
                  {p.sentAt ? ` (${pdfEmailedNote(delivery, perthDateTime(p.sentAt))})` : ''}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="invoice-history-heading" className="space-y-2">
        <h3 id="invoice-history-heading" className="text-lg font-bold">
          History
        </h3>
        <ol className="space-y-1 text-sm">
          {[...invoice.history].reverse().map((e) => (
            <li key={e.id} className="border-l-2 border-gray-300 pl-3">
              <span className="font-medium">{describeInvoiceEvent(e)}</span>
              <span className="block text-gray-700">
                {perthDateTime(e.at)}
                {e.actor ? ` by ${e.actor}` : ''}
              </span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
