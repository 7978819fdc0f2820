import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { createQueryClient } from '../../lib/query-client';
import { FileText } from 'lucide-react';
import { Toaster } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { PayByCard } from './pay-by-card';

const dollars = (amount: string) =>
  `$${Number(amount).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The customer's invoice page, reached from the link in the invoice email and on the PDF (decision
 * 299): the business, the invoice, its lines, the amount still due and how to pay it. A paid or void
 * invoice says so. It shows nothing of any other invoice or customer.
 */
function PayInvoice({ token }: { token: string }) {
  const invoice = useQuery({ ...api.invoices.byToken.query({ params: { token } }), retry: false });
  if (invoice.isPending) {
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-20">
        <p role="status">Loading your invoice…</p>
      </main>
    );
  }
  if (invoice.isError) {
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-20">
        <h1 className="text-2xl font-bold">Invoice not found</h1>
        <p className="mt-2">{errorMessage(invoice.error, 'This payment link is not valid.')}</p>
      </main>
    );
  }
  const inv = invoice.data;
  const b = inv.business;
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <header className="space-y-1">
        <p className="text-gray-700">{b.name}</p>
        <h1 className="text-2xl font-bold">
          {b.gstRegistered ? 'Tax invoice' : 'Invoice'} {inv.invoiceNumber}
        </h1>
        <p className="text-gray-700">
          Dated {inv.invoiceDate}
          {inv.dueDate ? `, due ${inv.dueDate}` : ''}
        </p>
      </header>
      {inv.status === 'paid' ? (
        <p className="rounded-lg bg-emerald-50 p-4 font-semibold text-emerald-900">This invoice is paid. Thank you.</p>
      ) : inv.status === 'void' ? (
        <p className="rounded-lg bg-red-50 p-4 font-semibold text-red-900">
          This invoice has been voided: nothing is owed on it.
        </p>
      ) : (
        <p className="rounded-lg bg-amber-50 p-4 text-lg font-bold text-amber-950">
          Amount due: {dollars(inv.amountDue)}
        </p>
      )}
      <table className="w-full text-left">
        <caption className="sr-only">Invoice lines</caption>
        <thead className="border-b border-gray-300 text-sm text-gray-700">
          <tr>
            <th className="py-2 pr-2 font-medium">Description</th>
            <th className="py-2 pr-2 text-right font-medium">Qty</th>
            <th className="py-2 text-right font-medium">Amount</th>
          </tr>
        </thead>
        <tbody>
          {inv.lines.map((l, i) => (
            <tr key={i} className="border-b border-gray-100">
              <td className="py-2 pr-2">{l.description}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{l.quantity}</td>
              <td className="py-2 text-right tabular-nums">{dollars(l.totalPrice)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ml-auto grid max-w-xs grid-cols-2 gap-1 text-right tabular-nums">
        <dt className="text-gray-700">Total</dt>
        <dd className="font-bold">{dollars(inv.totalAmount)}</dd>
        {inv.creditedAmount !== '0.00' ? (
          <>
            <dt className="text-gray-700">Credited</dt>
            <dd>-{dollars(inv.creditedAmount)}</dd>
          </>
        ) : null}
        <dt className="text-gray-700">Amount due</dt>
        <dd className="font-bold">{dollars(inv.amountDue)}</dd>
      </dl>
      <a
        href={inv.pdfUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-h-11 items-center gap-2 font-semibold underline"
      >
        <FileText aria-hidden className="h-4 w-4" />
        Download the invoice (PDF)
      </a>
      {inv.status === 'due' ? (
        <section aria-labelledby="how-to-pay" className="space-y-1">
          <h2 id="how-to-pay" className="text-lg font-bold">
            How to pay
          </h2>
          {inv.provider !== 'none' ? (
            <PayByCard
              token={token}
              amountDue={inv.amountDue}
              provider={inv.provider}
              publishableKey={inv.publishableKey}
              onSettled={() => void invoice.refetch()}
            />
          ) : null}
          {b.bank ? (
            <p>
              Bank transfer: {b.bank.accountName}, BSB {b.bank.bsb}, account {b.bank.accountNumber}, reference{' '}
              {inv.invoiceNumber}.
            </p>
          ) : null}
          {b.payId ? (
            <p>
              PayID: {b.payId} (reference {inv.invoiceNumber}).
            </p>
          ) : null}
          <p>
            Card, EFTPOS or cash: call{' '}
            <a href={`tel:${b.phone.replace(/\s+/g, '')}`} className="underline">
              {b.phone}
            </a>
            .
          </p>
        </section>
      ) : null}
      <Toaster />
    </main>
  );
}

/** The public site has no query client of its own (its pages are server-rendered), so this page brings one. */
export default function PayInvoicePage({ token }: { token: string }) {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <PayInvoice token={token} />
    </QueryClientProvider>
  );
}
