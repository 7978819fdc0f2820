import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { FileText, Mail, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { creditNoteRequest, ISSUED_INVOICE_STATUSES, type InvoiceDetail } from '../../../shared/schemas/invoices';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Skeleton } from '../../components/ui/skeleton';
import { api } from '../../lib/api';
import { money, shortDay } from './invoice-format';
import { useAddCreditNote, useEmailCreditNote } from './use-invoice-actions';

type Form = { amount: string; reason: string };
type Parsed = ReturnType<typeof creditNoteRequest.parse>;

/**
 * An issued invoice's credit notes (decision 297): what was credited, the balance, each note with
 * its PDF, and the form to give money back without rewriting the invoice.
 */
export function CreditNotesPanel({ invoice }: { invoice: InvoiceDetail }) {
  const issued = (ISSUED_INVOICE_STATUSES as readonly string[]).includes(invoice.status);
  const notes = useQuery({ ...api.invoices.creditNotes.query({ params: { id: invoice.id } }), staleTime: 0 });
  const [open, setOpen] = useState(false);
  const add = useAddCreditNote(invoice, () => setOpen(false));
  const email = useEmailCreditNote(invoice);
  const form = useForm<Form, unknown, Parsed>({
    resolver: zodResolver(creditNoteRequest) as never,
    defaultValues: { amount: '', reason: '' },
  });
  const submit = form.handleSubmit((body) => add.mutate(body));
  const canCredit = issued && invoice.balanceAmount !== '0.00';
  if (!issued && invoice.creditedAmount === '0.00') return null;

  return (
    <section aria-labelledby="credit-notes-heading" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="credit-notes-heading" className="text-lg font-bold">
          Credit notes
        </h3>
        {canCredit && !open ? (
          <Button variant="outline" onClick={() => (form.reset({ amount: '', reason: '' }), setOpen(true))}>
            <Plus aria-hidden className="h-4 w-4" />
            Add Credit Note
          </Button>
        ) : null}
      </div>
      <dl className="grid max-w-xs grid-cols-2 gap-1 tabular-nums">
        <dt className="text-gray-700">Credited</dt>
        <dd className="text-right">{money(invoice.creditedAmount)}</dd>
        <dt className="text-gray-700">Balance</dt>
        <dd className="text-right font-bold">{money(invoice.balanceAmount)}</dd>
      </dl>
      {notes.isPending ? (
        <Skeleton className="h-11" />
      ) : (
        <ul className="space-y-1">
          {(notes.data ?? []).map((n) => (
            <li key={n.id} className="flex flex-wrap items-center gap-x-3">
              {n.pdfUrl ? (
                <a
                  href={n.pdfUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center gap-2 font-semibold underline"
                >
                  <FileText aria-hidden className="h-4 w-4" />
                  {n.number}
                </a>
              ) : (
                <span className="font-semibold">{n.number}</span>
              )}
              <span>
                {shortDay(n.creditDate)} · {money(n.amount)} · {n.reason}
              </span>
              <Button
                variant="ghost"
                className="w-11 px-0"
                aria-label={`Email ${n.number}`}
                disabled={email.isPending}
                onClick={() => email.mutate(n.id)}
              >
                <Mail aria-hidden className="h-4 w-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {open ? (
        <form
          aria-label="New credit note"
          noValidate
          className="grid gap-3 rounded-xl border border-gray-200 p-3 sm:grid-cols-[10rem_minmax(0,1fr)]"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <TextField
            label="Amount"
            inputMode="decimal"
            error={form.formState.errors.amount?.message}
            {...form.register('amount')}
          />
          <TextField
            label="Reason"
            maxLength={200}
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={add.isPending} onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? 'Issuing...' : 'Issue Credit Note'}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
