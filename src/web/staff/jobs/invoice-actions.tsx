import { useQuery } from '@tanstack/react-query';
import { Download, Eye, FilePlus2, Mail, Send } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { canCreateInvoice } from '../../../shared/domain/job-status';
import type { InvoiceDetail } from '../../../shared/schemas/invoices';
import type { JobDetail } from '../../../shared/schemas/jobs';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import {
  invoiceEmailBody,
  InvoiceStatusBadge,
  money,
  shortDay,
  useDownloadPdf,
  useEmailInvoice,
  useGenerateInvoice,
  usePdfMadeAhead,
  useViewPdf,
} from '../invoices';
import { mailtoHref } from './contact-links';
import { useBusiness } from '../../lib/use-browser-state';

/**
 * The customer-invoice actions of a job, for admins (docs/product.md "Customer invoices"): 'Generate
 * Invoice' for a completed job (the job then moves to invoiced), the PDF, emailing it through the
 * outbox, and an email link with the invoice details that generates the invoice first if none exists.
 */
export function InvoiceActions({ job }: { job: JobDetail }) {
  const business = useBusiness();
  const invoiceable = canCreateInvoice(job.status);
  const invoices = useQuery({
    ...api.invoices.byJob.query({ params: { jobId: job.id } }),
    enabled: invoiceable && job.hasInvoice,
    staleTime: 0,
  });
  // The job's own moves (Mark as Paid) change its invoice too: read it again when the job changes.
  const { refetch } = invoices;
  const jobVersion = `${job.status}|${job.updatedAt}`;
  useEffect(() => {
    if (invoiceable && job.hasInvoice) void refetch();
  }, [jobVersion, invoiceable, job.hasInvoice, refetch]);
  const generate = useGenerateInvoice();
  const download = useDownloadPdf();
  const view = useViewPdf();
  const email = useEmailInvoice();
  const invoice: InvoiceDetail | undefined =
    invoiceable && job.hasInvoice ? invoices.data?.find((i) => i.status !== 'cancelled') : undefined;
  usePdfMadeAhead(invoice?.id);
  if (!invoiceable) return null;

  const openMailLink = async () => {
    let target = invoice;
    if (!target) {
      try {
        target = (await generate.mutateAsync(job)).customerInvoice;
      } catch {
        return; // the generate hook has shown 'Invoice Generation Failed'
      }
    }
    if (!target.job.customer.email) {
      toast({
        title: 'Invoice Email Failed',
        description: 'The job has no customer email address.',
        variant: 'destructive',
      });
      return;
    }
    window.location.assign(
      mailtoHref(
        target.job.customer.email,
        `${business.name}: invoice ${target.invoiceNumber}`,
        invoiceEmailBody(target, business),
      ),
    );
  };

  if (job.hasInvoice && invoices.isPending) return <Skeleton className="h-24" />;
  if (job.hasInvoice && invoices.isError) {
    return (
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
        {errorMessage(invoices.error, 'Could not load the invoice.')}
      </p>
    );
  }

  return (
    <section aria-labelledby={`invoice-actions-${job.id}`} className="space-y-2 rounded-xl border border-gray-200 p-3">
      <h3 id={`invoice-actions-${job.id}`} className="font-bold">
        Customer invoice
      </h3>
      {invoice ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{invoice.invoiceNumber}</span>
          <InvoiceStatusBadge status={invoice.shownStatus} />
          <span className="tabular-nums">{money(invoice.totalAmount)}</span>
          <span className="text-sm text-gray-700">
            {invoice.status === 'paid' ? 'paid' : `due ${invoice.dueDate ? shortDay(invoice.dueDate) : 'on receipt'}`}
          </span>
        </div>
      ) : (
        <p className="text-gray-800">No invoice yet.</p>
      )}
      <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
        {!invoice ? (
          <Button size="lg" disabled={generate.isPending} onClick={() => generate.mutate(job)}>
            <FilePlus2 aria-hidden className="h-5 w-5" />
            {generate.isPending ? 'Generating...' : 'Generate Invoice'}
          </Button>
        ) : (
          <>
            {/* Read in the browser's own viewer, not only saved as a file (decision 352). */}
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
            <Button variant="outline" disabled={email.isPending} onClick={() => email.mutate(invoice)}>
              <Send aria-hidden className="h-4 w-4" />
              {email.isPending ? 'Sending...' : 'Email Invoice'}
            </Button>
          </>
        )}
        {job.customer.email ? (
          <Button variant="outline" disabled={generate.isPending} onClick={() => void openMailLink()}>
            <Mail aria-hidden className="h-4 w-4" />
            Email Link
          </Button>
        ) : null}
        {!invoice ? (
          <Link
            href={`/dashboard/invoices/new?jobId=${encodeURIComponent(job.id)}`}
            className="inline-flex min-h-11 items-center justify-center rounded-lg px-3 font-semibold underline"
          >
            Write invoice by hand
          </Link>
        ) : null}
      </div>
    </section>
  );
}
