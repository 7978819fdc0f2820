import { useQuery } from '@tanstack/react-query';
import { Banknote, Eraser, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { isPaidToTheBank, ONSITE_PAYMENT_LABELS } from '../../../shared/domain/services';
import type { JobDetail } from '../../../shared/schemas/jobs';
import { onsitePaymentReversalRequest, writeOffFormFor, type JobMoney } from '../../../shared/schemas/onsite-payments';
import { Button } from '../../components/ui/button';
import { api, fieldErrorsOf } from '../../lib/api';
import { perthDateTime } from '../../../shared/domain/perth-time';
import { dollars } from '../../lib/format';
import { PaymentMethodForm } from './payment-method-form';
import { useRefundCardPayment, useReversePayment, useWriteOff } from './use-onsite-payment';

/** Where a payment can be taken: the visit is under way or done, and nothing is paid yet (decision 349). */
export const mayTakePayment = (job: JobDetail) =>
  (job.status === 'in-progress' || job.status === 'completed' || job.status === 'invoiced') &&
  job.paymentStatus !== 'paid';

/**
 * The payment of a job in its dialog, for an admin or the job's technician: "Record payment" on
 * site ("Mark as Paid" once invoiced), asking the method and amount; what was paid and what is still
 * owed, each part payment taken (docs/decisions/406-money-as-taken.md); for an admin, writing off
 * what is owed or reversing the payments, with a reason, and refunding a card payment kept back
 * (decision 407).
 */
/** How a payment's line starts; a transfer reached the bank, it was never taken on site (decision 426). */
function paymentWording(method: Parameters<typeof isPaidToTheBank>[0], settled: 'paid' | 'final' | 'part'): string {
  const where = isPaidToTheBank(method) ? '' : ' on site';
  if (settled === 'paid') return `Paid${where}`;
  if (settled === 'final') return `Final payment${where}`;
  return `Part paid${where}`;
}

export function OnsitePaymentSection({ job, isAdmin }: { job: JobDetail; isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const canRecord = mayTakePayment(job);
  // The invoice's total when it has one (admins read invoices); the job's price otherwise.
  const invoices = useQuery({
    ...api.invoices.byJob.query({ params: { jobId: job.id } }),
    enabled: isAdmin && job.hasInvoice && canRecord && !job.money,
    staleTime: 0,
  });
  const live = invoices.data?.find((i) => i.status !== 'cancelled');
  // A day kept on the phone by the release before decision 406 has only the one payment, and no money.
  const saved = job as Partial<
    Pick<JobDetail, 'onsitePayments' | 'money' | 'cardPaymentsToRefund' | 'toInvoiceAmount'>
  >;
  const payments = saved.onsitePayments ?? (job.onsitePayment ? [job.onsitePayment] : []);
  const money = saved.money ?? null;
  const isPartPaid = money !== null && money.paidAmount !== '0.00' && money.owedAmount !== '0.00';
  // The last payment settled the job when nothing is owed and nothing was written off; every other is a part.
  const settledBy = !isPartPaid && (money === null || money.writtenOffAmount === '0.00') ? payments.length - 1 : -1;
  const refunds = isAdmin ? (saved.cardPaymentsToRefund ?? []) : [];
  if (payments.length === 0 && !canRecord && refunds.length === 0) return null;
  const label = job.status === 'invoiced' && !isPartPaid ? 'Mark as Paid' : 'Record payment';
  // What is owed: the invoice's balance less what was taken, else what the invoice will be made for
  // (the job's price with the tyres fitted and the parts added; the price alone on a day saved before that).
  const owed =
    job.paymentStatus === 'paid'
      ? null
      : (money?.owedAmount ?? live?.totalAmount ?? saved.toInvoiceAmount ?? job.customerValue);

  return (
    <section aria-labelledby={`payment-${job.id}`} className="space-y-2 rounded-xl border border-gray-200 p-3">
      <h3 id={`payment-${job.id}`} className="font-bold">
        Payment
      </h3>
      {money && (payments.length > 0 || money.writtenOffAmount !== '0.00') ? <MoneySummary money={money} /> : null}
      {payments.length > 0 ? (
        <ul className="space-y-1" aria-label="Payments taken on site">
          {payments.map((p, i) => (
            <li key={p.id} className="rounded-lg bg-emerald-50 p-3 text-emerald-900" data-testid="onsite-payment">
              {paymentWording(p.method, i === settledBy ? (payments.length === 1 ? 'paid' : 'final') : 'part')}:{' '}
              <span className="font-semibold tabular-nums">{dollars(p.amount)}</span> by{' '}
              {isPaidToTheBank(p.method) ? 'bank transfer' : ONSITE_PAYMENT_LABELS[p.method]}
              {p.reference ? `, reference ${p.reference}` : ''}
              <span className="block text-sm">
                {perthDateTime(p.takenAt)}
                {p.takenBy ? `, ${isPaidToTheBank(p.method) ? 'recorded' : 'taken'} by ${p.takenBy}` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {canRecord ? (
        open ? (
          <PaymentMethodForm
            job={job}
            defaultAmount={owed}
            owed={owed}
            invoiceSent={money?.sentToCustomer ?? (live ? live.sentAt !== null : false)}
            submitLabel={label}
            onDone={() => setOpen(false)}
          />
        ) : (
          <Button size="lg" className="w-full sm:w-auto" disabled={invoices.isFetching} onClick={() => setOpen(true)}>
            <Banknote aria-hidden className="h-5 w-5" />
            {label}
          </Button>
        )
      ) : null}
      {isAdmin && money && owed !== null && owed !== '0.00' ? <WriteOffOwed job={job} owed={owed} /> : null}
      {isAdmin && payments.length > 0 ? <ReversePayment job={job} /> : null}
      {refunds.length > 0 ? <CardPaymentsToRefund job={job} /> : null}
    </section>
  );
}

/** "Paid $0.01 · Owed $487.79": large, so the technician and the owner see at once what is left to take. */
function MoneySummary({ money }: { money: JobMoney }) {
  return (
    <dl
      className="grid grid-cols-2 gap-x-3 gap-y-1 rounded-lg bg-gray-50 p-3 tabular-nums"
      aria-label={`Invoice ${money.invoiceNumber}`}
      data-testid="job-money"
    >
      <dt className="text-gray-700">Invoice {money.invoiceNumber}</dt>
      <dd className="text-right">{dollars(money.balanceAmount)}</dd>
      <dt className="text-gray-700">Paid</dt>
      <dd className="text-right font-semibold">{dollars(money.paidAmount)}</dd>
      {money.writtenOffAmount !== '0.00' ? (
        <>
          <dt className="text-gray-700">Written off</dt>
          <dd className="text-right">{dollars(money.writtenOffAmount)}</dd>
        </>
      ) : null}
      <dt className="text-lg font-bold">Owed</dt>
      <dd className="text-right text-lg font-bold">{dollars(money.owedAmount)}</dd>
    </dl>
  );
}

/** The owner writes off what is owed, or part of it, with a reason (decision 406). */
function WriteOffOwed({ job, owed }: { job: JobDetail; owed: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(owed);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const writeOff = useWriteOff(() => setOpen(false));
  if (!open) {
    return (
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Eraser aria-hidden className="h-4 w-4" />
        Write off the rest
      </Button>
    );
  }
  return (
    <form
      noValidate
      aria-label={`Write off what ${job.jobNumber} owes`}
      className="space-y-3 rounded-xl border border-gray-300 bg-white p-3"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = writeOffFormFor(owed).safeParse({ amount, reason });
        if (!parsed.success) {
          const next: { amount?: string; reason?: string } = {};
          for (const issue of parsed.error.issues)
            next[issue.path[0] === 'reason' ? 'reason' : 'amount'] ??= issue.message;
          return setErrors(next);
        }
        setErrors({});
        writeOff.mutate({ job, ...parsed.data }, { onError: (err) => setErrors(fieldErrorsOf(err)) });
      }}
    >
      <p className="text-sm text-gray-800">
        {dollars(owed)} is owed. What you write off is no longer owed; the reason is kept in the job's and the invoice's
        history.
      </p>
      <div className="space-y-1">
        <label htmlFor={`${id}-amount`} className="block text-sm font-medium">
          Amount to write off ($)
        </label>
        <input
          id={`${id}-amount`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          disabled={writeOff.isPending}
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={errors.amount ? `${id}-amount-error` : undefined}
          onChange={(e) => setAmount(e.target.value)}
          className="block min-h-11 w-40 rounded-lg border border-gray-400 bg-white px-3 text-right tabular-nums aria-[invalid=true]:border-red-700"
        />
        {errors.amount ? (
          <p id={`${id}-amount-error`} role="alert" className="text-sm font-medium text-red-700">
            {errors.amount}
          </p>
        ) : null}
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-reason`} className="block text-sm font-medium">
          Reason for writing off
        </label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={500}
          disabled={writeOff.isPending}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
          onChange={(e) => setReason(e.target.value)}
          className="block min-h-20 w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700"
        />
        {errors.reason ? (
          <p id={`${id}-reason-error`} role="alert" className="text-sm font-medium text-red-700">
            {errors.reason}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => setOpen(false)} disabled={writeOff.isPending}>
          Not now
        </Button>
        <Button type="submit" size="lg" disabled={writeOff.isPending}>
          {writeOff.isPending ? 'Writing off...' : 'Write off'}
        </Button>
      </div>
    </form>
  );
}

/** Card payments kept back (paid twice, a wrong amount, a lost slot), each refunded with one button (decision 407). */
function CardPaymentsToRefund({ job }: { job: JobDetail }) {
  const refund = useRefundCardPayment();
  return (
    <div className="space-y-2">
      <h4 className="font-semibold">Card payments to refund</h4>
      <ul className="space-y-2">
        {job.cardPaymentsToRefund.map((p) => (
          <li key={p.intentId} className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-3 text-red-950">
            <p>
              <span className="font-semibold tabular-nums">{p.amount ? dollars(p.amount) : 'A card payment'}</span>
              {' - '}
              {p.reason}
              <span className="block text-sm">Received {perthDateTime(p.receivedAt)}</span>
            </p>
            {p.refundedAt ? (
              <p className="text-sm font-semibold">Refunded {perthDateTime(p.refundedAt)}</p>
            ) : (
              <Button
                variant="danger"
                disabled={refund.isPending}
                onClick={() => refund.mutate({ job, intentId: p.intentId })}
              >
                <Undo2 aria-hidden className="h-4 w-4" />
                {refund.isPending && refund.variables?.intentId === p.intentId
                  ? 'Refunding...'
                  : `Refund ${p.amount ? dollars(p.amount) : 'it'}`}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ReversePayment({ job }: { job: JobDetail }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reverse = useReversePayment(() => setOpen(false));

  if (!open) {
    return (
      <Button variant="outline" className="text-red-800 hover:bg-red-50" onClick={() => setOpen(true)}>
        <Undo2 aria-hidden className="h-4 w-4" />
        Reverse payment
      </Button>
    );
  }
  return (
    <form
      noValidate
      aria-label={`Reverse the payment of ${job.jobNumber}`}
      className="space-y-3 rounded-xl border border-red-300 bg-red-50/50 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = onsitePaymentReversalRequest.safeParse({ reason });
        if (!parsed.success) return setError(parsed.error.issues[0]?.message);
        setError(undefined);
        reverse.mutate({ job, reason: parsed.data.reason }, { onError: (err) => setError(fieldErrorsOf(err).reason) });
      }}
    >
      <p className="text-sm text-gray-800">
        Every payment taken on site is reversed: the job and its invoice owe their balance again; the reason is kept in
        both histories.
      </p>
      <div className="space-y-1">
        <label htmlFor={`${id}-reason`} className="block text-sm font-medium">
          Reason for reversing
        </label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={500}
          disabled={reverse.isPending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-reason-error` : undefined}
          onChange={(e) => setReason(e.target.value)}
          className="block min-h-20 w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700"
        />
        {error ? (
          <p id={`${id}-reason-error`} role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => setOpen(false)} disabled={reverse.isPending}>
          Keep payment
        </Button>
        <Button type="submit" variant="danger" disabled={reverse.isPending}>
          {reverse.isPending ? 'Reversing...' : 'Reverse payment'}
        </Button>
      </div>
    </form>
  );
}
